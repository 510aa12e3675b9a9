import type { Context } from "hono";
import { streamCharges, type WatchRequest } from "../../../services/live";
import type { AppEnv } from "../../context";
import { problemResponse } from "../../problem";
import { logInfo } from "../handler";

/** What a feed route has decided once the caller is authorised. */
export type Watch = Omit<WatchRequest, "lastEventId" | "endsAt" | "actor" | "token">;

/** How long to wait before retrying a refused stream: one is usually freed by then. */
const RETRY_AFTER_SECONDS = 30;

/**
 * Opens a live stream for an authorised caller: counts it against its client's and its
 * address's caps (429 past either), caps how long an anonymous caller keeps it, ends it at the
 * token's expiry, and hands it to the runtime's live feeds. `authorise` runs after the cap
 * check, so a refused caller costs no database read.
 */
export async function openStream(
  c: Context<AppEnv>,
  maxSeconds: number,
  lastEventId: string | undefined,
  authorise: () => Promise<Watch>,
  transport: "stream" | "socket" = "stream",
): Promise<Response> {
  const live = c.get("live");
  const actor = c.get("actor");
  const address = c.get("deps").limits.clientAddress?.(c);
  const charges = streamCharges(live.limits, actor.kind === "client" ? actor.clientId : undefined, address);
  const slot = await live.acquire(charges);
  if (!slot.granted) {
    const { refused } = slot;
    logInfo(c, "stream refused", { limit: refused.name, per: refused.per });
    return problemResponse(
      c,
      {
        status: 429,
        code: "too_many_streams",
        detail: `At most ${refused.limit} live streams open at once for ${refused.per} (limit ${refused.name}); close one or retry later.`,
      },
      { "retry-after": String(RETRY_AFTER_SECONDS) },
    );
  }
  try {
    const watch = await authorise();
    const credential = c.get("credential");
    const seconds =
      actor.kind === "client" ? maxSeconds : Math.min(maxSeconds, live.limits.anonymousMaxSeconds);
    const tokenLeftMs = credential
      ? credential.expiresAt.getTime() - c.get("clock")().getTime()
      : Number.POSITIVE_INFINITY;
    // Plain data (a Worker sends it on as JSON): fields without a value are left undefined.
    const request: WatchRequest = {
      ...watch,
      lastEventId: lastEventId === undefined ? undefined : Number(lastEventId),
      actor,
      endsAt: Date.now() + Math.min(seconds * 1000, Math.max(0, tokenLeftMs)),
      token: credential && { expiresAt: credential.expiresAt.getTime(), holder: credential.holder },
    };
    const serve = transport === "socket" ? live.socket : live.stream;
    if (!serve) throw new Error(`this runtime serves no live ${transport}`);
    return await serve(c, request, slot);
  } catch (error) {
    slot.release();
    throw error;
  }
}
