/**
 * Reproducible lots (RULES.md §4, API.md "Rankings"): a player's lot is the first 16 hex digits
 * of SHA-256("<lotSeed>:<playerId>"), and the lower lot ranks higher. The seed is public, so
 * anyone can re-check an order decided by lots, e.g. in a shell:
 *   printf '%s' "<lotSeed>:<playerId>" | sha256sum | cut -c1-16
 * Web Crypto only (crypto.subtle), so the same code runs on Node and Cloudflare Workers.
 */

const encoder = new TextEncoder();

function hex(bytes: Uint8Array): string {
  let out = "";
  for (const byte of bytes) out += byte.toString(16).padStart(2, "0");
  return out;
}

/** 16 lowercase hex digits: the first 8 bytes of SHA-256("<lotSeed>:<playerId>"). */
export async function lotFor(lotSeed: string, playerId: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(`${lotSeed}:${playerId}`));
  return hex(new Uint8Array(digest, 0, 8));
}

/** The lots of many players at once (duplicates computed once), keyed by player id. */
export async function lotsFor(lotSeed: string, playerIds: Iterable<string>): Promise<Map<string, string>> {
  const unique = [...new Set(playerIds)];
  const lots = await Promise.all(unique.map((id) => lotFor(lotSeed, id)));
  return new Map(unique.map((id, i) => [id, lots[i]!]));
}

/**
 * The synchronous `lotOf` the domain's ranking wants. A player missing from the map is a
 * programming error (every ranked player must have been hashed first), so it throws.
 */
export function lotLookup(lots: ReadonlyMap<string, string>): (playerId: string) => string {
  return (playerId) => {
    const lot = lots.get(playerId);
    if (lot === undefined) throw new RangeError(`no lot computed for player ${playerId}`);
    return lot;
  };
}
