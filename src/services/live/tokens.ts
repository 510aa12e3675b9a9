import type { Database } from "../../db/client";
import { inactiveHolders, type TokenHolder } from "../auth";
import type { WatchRequest } from "./feeds";
import type { EndReason } from "./messages";

/** The token a live connection was opened with, and how to end that connection. */
export interface HeldToken extends TokenHolder {
  expiresAt: Date;
  /** Revocation is ours to check only for our own clients (external tokens end at their expiry). */
  revocable: boolean;
  end(reason: EndReason): void;
}

/** The token a watcher was authorised with, as the checks below read it; none for an anonymous one. */
export function heldToken(request: WatchRequest, end: (reason: EndReason) => void): HeldToken | null {
  const token = request.token;
  if (!token) return null;
  return {
    clientId: token.holder?.clientId ?? "",
    orgId: token.holder?.orgId ?? null,
    role: token.holder?.role ?? "reader",
    expiresAt: new Date(token.expiresAt),
    revocable: token.holder !== undefined,
    end,
  };
}

/**
 * The one check of the tokens live connections hold, on either runtime: a token past its expiry
 * (read from the token: no query) ends its connection, and so does one whose client was revoked
 * (one read for every connection's client). Returns the tokens still good.
 */
export async function endLapsedTokens(db: Database, held: readonly HeldToken[], now: number) {
  const live: HeldToken[] = [];
  for (const token of held) {
    if (now >= token.expiresAt.getTime()) token.end("token_expired");
    else live.push(token);
  }
  const revoked = new Set(
    await inactiveHolders(
      db,
      live.filter((token) => token.revocable),
    ),
  );
  for (const token of revoked) token.end("client_revoked");
  return live.filter((token) => !revoked.has(token));
}
