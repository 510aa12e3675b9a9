/**
 * Re-seating a game that is seated but not played after players left (drops): the
 * remaining players get the rule 1.1.7 table sizes again, keeping as much of the published
 * seating as possible. Tables that still have players keep them in their turn positions; only
 * the smallest tables are dissolved, and their players (and any surplus) fill the free seats,
 * each seat going to the candidate who adds the fewest repeated opponents, avoid-pair
 * violations and repeated turn positions (rule 1.1.6's priorities, in that order).
 */
import type { AvoidPair, Round } from "./schedule-quality";
import { splitTables } from "./tables";

export interface ReseatInput {
  /** The game as seated: each table's players in turn order. */
  readonly round: Round;
  /** Who plays this game now; players of `round` not listed here have left. */
  readonly playerIds: readonly string[];
  /** Games before this one (what repeated opponents and positions are counted against). */
  readonly history?: readonly Round[];
  readonly avoidPairs?: readonly AvoidPair[];
}

const pairKey = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

/**
 * The new seating of the game. Throws TableSplitError (rule 1.1.7) when the remaining players
 * cannot be split into tables of 3 and 4. Deterministic: same input, same seating.
 */
export function reseatRound(input: ReseatInput): Round {
  const sizes = splitTables(input.playerIds.length);
  const remaining = new Set(input.playerIds);
  const meetings = new Map<string, number>();
  const positions = new Map<string, Set<number>>();
  for (const game of input.history ?? []) {
    for (const table of game) {
      table.forEach((p, i) => {
        const seen = positions.get(p) ?? new Set<number>();
        seen.add(i);
        positions.set(p, seen);
        for (const q of table.slice(i + 1))
          meetings.set(pairKey(p, q), (meetings.get(pairKey(p, q)) ?? 0) + 1);
      });
    }
  }
  const avoid = new Set((input.avoidPairs ?? []).map(([a, b]) => pairKey(a, b)));

  // Tables with holes where players left (null), in their published order.
  const seated = new Set<string>();
  const tables = input.round.map((table) =>
    table.map((p) => {
      if (!remaining.has(p) || seated.has(p)) return null;
      seated.add(p);
      return p;
    }),
  );
  const count = (t: (string | null)[]) => t.filter((p) => p !== null).length;
  // Keep the fullest tables (earlier table first on ties); the fullest get the 4-seat targets.
  const order = tables.map((_, i) => i).sort((a, b) => count(tables[b]!) - count(tables[a]!) || a - b);
  const kept = order.slice(0, sizes.length);
  const target = new Map(kept.map((t, k) => [t, sizes[k]!]));
  const pool: string[] = input.playerIds.filter((p) => !seated.has(p));
  for (const t of order.slice(sizes.length)) for (const p of tables[t]!) if (p !== null) pool.push(p);

  const cost = (player: string, mates: readonly string[], position: number) => {
    let repeated = 0;
    let avoided = 0;
    for (const m of mates) {
      repeated += meetings.get(pairKey(player, m)) ?? 0;
      if (avoid.has(pairKey(player, m))) avoided++;
    }
    const positionRepeat = positions.get(player)?.has(position) ? 1 : 0;
    return repeated * 10_000 + avoided * 100 + positionRepeat;
  };

  // Surplus first (a table of 4 that must become a 3): the player with the most history there leaves.
  for (const t of kept) {
    const table = tables[t]!;
    while (count(table) > target.get(t)!) {
      let worst = -1;
      let worstCost = -1;
      table.forEach((p, i) => {
        if (p === null) return;
        const c = cost(
          p,
          table.filter((m): m is string => m !== null && m !== p),
          i,
        );
        if (c >= worstCost) {
          worst = i;
          worstCost = c;
        }
      });
      pool.push(table[worst]!);
      table[worst] = null;
    }
  }
  // Fill free seats in table order, then turn order; each takes the cheapest candidate of the pool.
  for (const t of [...kept].sort((a, b) => a - b)) {
    const table = tables[t]!;
    const need = target.get(t)!;
    while (count(table) < need) {
      const hole = table.indexOf(null);
      const slot = hole >= 0 && hole < need ? hole : table.length;
      const mates = table.filter((m): m is string => m !== null);
      let best = 0;
      for (let i = 1; i < pool.length; i++) {
        if (cost(pool[i]!, mates, slot) < cost(pool[best]!, mates, slot)) best = i;
      }
      const [player] = pool.splice(best, 1);
      if (slot === table.length) table.push(player!);
      else table[slot] = player!;
    }
  }
  return [...kept].sort((a, b) => a - b).map((t) => tables[t]!.filter((p): p is string => p !== null));
}
