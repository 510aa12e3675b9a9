import type { Database } from "../../db/client";
import { inactiveHolders } from "../auth";
import type { WatchRequest } from "./feeds";
import type { EndReason } from "./messages";

/** The token a live connection was opened with, and how to end that connection. */
export type HeldToken = NonNullable<WatchRequest["token"]> & { end(reason: EndReason): void };

/**
 * The one check of the tokens live connections hold, on either runtime: a token past its expiry
 * (read from the token: no query) ends its connection, and so does one whose client was revoked
 * (one read for every connection's client; external tokens, without a holder, end at their
 * expiry only). Returns the tokens still good.
 */
export async function endLapsedTokens(db: Database, held: readonly HeldToken[], now: number) {
  const live: HeldToken[] = [];
  for (const token of held) {
    if (now >= token.expiresAt) token.end("token_expired");
    else live.push(token);
  }
  const revoked = new Set(
    await inactiveHolders(
      db,
      live.flatMap((token) => token.holder ?? []),
    ),
  );
  const lapsed = (token: HeldToken) => token.holder !== undefined && revoked.has(token.holder);
  for (const token of live) if (lapsed(token)) token.end("client_revoked");
  return live.filter((token) => !lapsed(token));
}
