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

/** 20,000 lots: every player of ~20 chain events of 1,000, about 3 MB. */
export const DEFAULT_LOT_MEMO_ENTRIES = 20_000;

/**
 * Lots already computed, per app instance, by seed and player: a lot is a pure function of
 * both, so an entry can never be stale. One SHA-256 per player (an await each) was ~10 % of
 * an uncached qualification build; a build after a correction finds them here. Bounded by
 * entries, the oldest dropped first, so an isolate's memory stays flat.
 */
export class LotMemo {
  private readonly lots = new Map<string, string>();

  constructor(readonly maxEntries = DEFAULT_LOT_MEMO_ENTRIES) {}

  get size(): number {
    return this.lots.size;
  }

  get(lotSeed: string, playerId: string): string | undefined {
    return this.lots.get(`${lotSeed}:${playerId}`);
  }

  set(lotSeed: string, playerId: string, lot: string): void {
    if (this.lots.size >= this.maxEntries) {
      const oldest = this.lots.keys().next();
      if (!oldest.done) this.lots.delete(oldest.value);
    }
    this.lots.set(`${lotSeed}:${playerId}`, lot);
  }
}

/**
 * The lots of many players at once (duplicates computed once), keyed by player id; with a
 * memo, only the players it does not hold yet are hashed.
 */
export async function lotsFor(
  lotSeed: string,
  playerIds: Iterable<string>,
  memo?: LotMemo,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const missing: string[] = [];
  for (const id of new Set(playerIds)) {
    const known = memo?.get(lotSeed, id);
    if (known === undefined) missing.push(id);
    else out.set(id, known);
  }
  const lots = await Promise.all(missing.map((id) => lotFor(lotSeed, id)));
  missing.forEach((id, i) => {
    out.set(id, lots[i]!);
    memo?.set(lotSeed, id, lots[i]!);
  });
  return out;
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
