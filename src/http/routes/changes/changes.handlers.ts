import type { RouteHandler } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import { openChangeFeed } from "../../../services/changes";
import { type AppEnv, serviceContext } from "../../context";
import type { streamEventChanges } from "./changes.routes";

// 1 s: the venue screen (/e/{id}/screen) must show a new result within 2 s.
const DEFAULT_POLL_MS = 1000;
const PING_EVERY_MS = 15_000;

export const streamEventChangesHandler: RouteHandler<typeof streamEventChanges, AppEnv> = async (c) => {
  const ctx = serviceContext(c);
  const { eventId } = c.req.valid("param");
  const { maxSeconds } = c.req.valid("query");
  const feed = await openChangeFeed(ctx, eventId);
  let sent = feed.resultsVersion;
  const lastEventId = Number(c.req.header("last-event-id"));
  const pollMs = c.var.deps.changePollMs ?? DEFAULT_POLL_MS;
  const resultsMessage = (version: number) => ({
    event: "results",
    id: String(version),
    data: JSON.stringify({ eventId, resultsVersion: version }),
  });

  // Polling one indexed row keeps this working on Workers and on several Node instances alike,
  // with no pub/sub to run; a change is seen within one poll interval.
  // A feed never outlives its token: it ends at the token's expiry, and each poll re-checks that
  // the token's client was not revoked in the meantime (an `end` event says why).
  const credential = c.var.credential;
  const clock = c.var.clock;
  const credentialEnded = async (): Promise<string | undefined> => {
    if (!credential) return undefined;
    if (clock().getTime() >= credential.expiresAt.getTime()) return "token_expired";
    return (await credential.stillActive()) ? undefined : "client_revoked";
  };
  return streamSSE(c, async (stream) => {
    if (lastEventId !== sent) await stream.writeSSE(resultsMessage(sent));
    const tokenLeftMs = credential
      ? credential.expiresAt.getTime() - clock().getTime()
      : Number.POSITIVE_INFINITY;
    const deadline = Date.now() + Math.min(maxSeconds * 1000, Math.max(0, tokenLeftMs));
    let lastWrite = Date.now();
    while (!stream.aborted && Date.now() < deadline) {
      await stream.sleep(Math.min(pollMs, Math.max(0, deadline - Date.now())));
      const ended = await credentialEnded();
      if (ended) {
        await stream.writeSSE({ event: "end", data: JSON.stringify({ reason: ended }) });
        break;
      }
      const version = await feed.poll();
      if (version === undefined) break;
      if (version !== sent) {
        sent = version;
        await stream.writeSSE(resultsMessage(version));
        lastWrite = Date.now();
      } else if (Date.now() - lastWrite >= PING_EVERY_MS) {
        await stream.writeSSE({ event: "ping", data: "{}" });
        lastWrite = Date.now();
      }
    }
  }) as never;
};
