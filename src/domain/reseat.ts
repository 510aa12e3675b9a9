/**
 * Re-seating games that are seated but not played after players left (drops,
 * disqualifications; docs/rules.md#drops). The remaining players get the rule 1.1.7 table sizes
 * again, and rule 1.1.6's priorities come first: different opponents, then rotating turn
 * positions, then avoid pairs apart. The published seating is kept only where that costs
 * nothing under them: two candidates are built, the published tables with their holes filled
 * and a fresh seating from the schedule search, and the published one wins unless the fresh one
 * is better for the rule.
 */
import { type AvoidPair, evaluateSchedule, type Round, type ScheduleQuality, seatByIds } from "./schedule";
import { pairKey } from "./schedule-quality";
import { splitTables } from "./tables";

interface ReseatGamesInput {
  /** The games to re-seat, as published, in game order. */
  readonly games: readonly Round[];
  /** Who plays each of them now (same order); players of a game not listed have left. */
  readonly playerIds: readonly (readonly string[])[];
  /** Games played or kept as they are: repeats are counted against them. */
  readonly history?: readonly Round[];
  readonly avoidPairs?: readonly AvoidPair[];
}

/** One game: the game as seated (each table's players in turn order) and who plays it now. */
type ReseatInput = Omit<ReseatGamesInput, "games" | "playerIds"> & {
  readonly round: Round;
  readonly playerIds: readonly string[];
};

/**
 * Walk iterations of a re-seat's search: a tenth of the schedule generator's. Re-seats answer a
 * drop or a disqualification within the request; on 10–22 players with games already fixed the
 * search found the same quality after 300 iterations as after 20,000.
 */
const RESEAT_ITERATIONS = 2_000;

/** One game: `reseatGames` for a single game. */
export function reseatRound(input: ReseatInput): Round {
  return reseatGames({
    games: [input.round],
    playerIds: [input.playerIds],
    history: input.history,
    avoidPairs: input.avoidPairs,
  })[0]!;
}

/**
 * The new seating of the games, in order. Consecutive games that seat the same players are
 * planned together (a re-seat of games 2 and 3 avoids repeats across both). Throws
 * TableSplitError (rule 1.1.7) when a game's players cannot be split into tables of 3 and 4.
 * Deterministic: same input, same seating.
 */
export function reseatGames(input: ReseatGamesInput): Round[] {
  for (const ids of input.playerIds) splitTables(ids.length);
  const history = [...(input.history ?? [])];
  const avoid = input.avoidPairs ?? [];
  const out: Round[] = [];
  let at = 0;
  while (at < input.games.length) {
    const key = [...input.playerIds[at]!].sort().join();
    let end = at + 1;
    while (end < input.games.length && [...input.playerIds[end]!].sort().join() === key) end++;
    const group = reseatGroup(input.games.slice(at, end), input.playerIds[at]!, history, avoid);
    out.push(...group);
    history.push(...group);
    at = end;
  }
  return out;
}

/** Games seating the same players: the published tables kept, unless seating afresh is better. */
function reseatGroup(
  games: readonly Round[],
  playerIds: readonly string[],
  history: readonly Round[],
  avoid: readonly AvoidPair[],
): Round[] {
  const kept: Round[] = [];
  for (const game of games) {
    kept.push(keepPublished({ round: game, playerIds, history: [...history, ...kept], avoidPairs: avoid }));
  }
  // The kept tables add no repeated pair, no player with a repeated position and no avoid pair
  // together (so the most frequent pair meets no more than it must): no seating can do better.
  const before = evaluateSchedule(history, avoid);
  const ifKept = evaluateSchedule([...history, ...kept], avoid);
  const added = ["repeatedPairs", "seatRepeats", "avoidViolations"] as const;
  if (added.every((part) => ifKept[part] === before[part])) return kept;
  // Seated afresh by the generator of docs/rules.md#prelim-schedule, from a seed made of the input.
  const seed = `reseat:${games.length}:${[...playerIds].sort().join(",")}`;
  const fresh = seatByIds(playerIds, history, games.length, avoid, seed, RESEAT_ITERATIONS);
  return worse(ifKept, evaluateSchedule([...history, ...fresh], avoid))
    ? fresh.map((game, k) => alignTables(game, games[k]!))
    : kept;
}

/**
 * Rule 1.1.6's order on a whole session: fewer meetings of the most frequent pair, then fewer
 * repeated pairs, then fewer players with a repeated position, then fewer avoid pairs together.
 */
function worse(a: ScheduleQuality, b: ScheduleQuality): boolean {
  if (a.maxMeetings !== b.maxMeetings) return a.maxMeetings > b.maxMeetings;
  if (a.repeatedPairs !== b.repeatedPairs) return a.repeatedPairs > b.repeatedPairs;
  if (a.seatRepeats !== b.seatRepeats) return a.seatRepeats > b.seatRepeats;
  return a.avoidViolations > b.avoidViolations;
}

/**
 * The fresh tables in the order that keeps the most players at their published table number
 * (table numbers are labels: the turn order within each table is what the rule counts).
 */
function alignTables(fresh: Round, published: Round): Round {
  const free = new Set(fresh.map((_, i) => i));
  const order: number[] = [];
  for (const table of published.slice(0, fresh.length)) {
    let best = -1;
    let bestOverlap = -1;
    for (const i of free) {
      const overlap = fresh[i]!.filter((p) => table.includes(p)).length;
      if (overlap > bestOverlap) {
        best = i;
        bestOverlap = overlap;
      }
    }
    order.push(best);
    free.delete(best);
  }
  order.push(...free);
  return order.map((i) => fresh[i]!);
}

type Table = (string | null)[];

/**
 * The published seating with its holes filled: tables that still have players keep them in
 * their turn positions; only the smallest tables are dissolved, and their players (and any
 * surplus) fill the free seats, each seat going to the candidate who adds the fewest repeated
 * opponents, avoid-pair violations and repeated turn positions.
 */
function keepPublished(input: ReseatInput): Round {
  const sizes = splitTables(input.playerIds.length);
  // The published tables, a hole (null) wherever a player left; a player keeps their first seat.
  const unseated = new Set(input.playerIds);
  const tables: Table[] = input.round.map((table) => table.map((p) => (unseated.delete(p) ? p : null)));
  // Keep the fullest tables (earlier table first on ties); the fullest get the 4-seat targets.
  const order = tables.map((_, i) => i).sort((a, b) => filled(tables[b]!) - filled(tables[a]!) || a - b);
  const kept = order.slice(0, sizes.length);
  const target = new Map(kept.map((t, k) => [t, sizes[k]!]));
  const pool = input.playerIds.filter((p) => unseated.has(p));
  for (const t of order.slice(sizes.length)) pool.push(...playersAt(tables[t]!));
  const cost = seatCost(input);
  for (const t of kept) pool.push(...trimSurplus(tables[t]!, target.get(t)!, cost));
  // Free seats in table order, then turn order.
  const inOrder = [...kept].sort((a, b) => a - b);
  for (const t of inOrder) fillSeats(tables[t]!, target.get(t)!, pool, cost);
  return inOrder.map((t) => playersAt(tables[t]!));
}

const playersAt = (table: Table, except?: string) =>
  table.filter((p): p is string => p !== null && p !== except);
const filled = (table: Table) => playersAt(table).length;

type SeatCost = (player: string, mates: readonly string[], position: number) => number;

/** What seating `player` with `mates` at turn `position` costs under rule 1.1.6, in priority order. */
function seatCost(input: ReseatInput): SeatCost {
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
  return (player, mates, position) => {
    let repeated = 0;
    let avoided = 0;
    for (const m of mates) {
      repeated += meetings.get(pairKey(player, m)) ?? 0;
      if (avoid.has(pairKey(player, m))) avoided++;
    }
    const positionRepeat = positions.get(player)?.has(position) ? 1 : 0;
    return repeated * 10_000 + positionRepeat * 100 + avoided;
  };
}

/** A table of 4 that must become a 3: the player with the most history there leaves (returned). */
function trimSurplus(table: Table, target: number, cost: SeatCost): string[] {
  const left: string[] = [];
  while (filled(table) > target) {
    let worst = -1;
    let worstCost = -1;
    table.forEach((p, i) => {
      if (p === null) return;
      const c = cost(p, playersAt(table, p), i);
      if (c >= worstCost) {
        worst = i;
        worstCost = c;
      }
    });
    left.push(table[worst]!);
    table[worst] = null;
  }
  return left;
}

/** Each free seat, in turn order, takes the cheapest candidate of the pool. */
function fillSeats(table: Table, target: number, pool: string[], cost: SeatCost): void {
  while (filled(table) < target) {
    const hole = table.indexOf(null);
    const slot = hole >= 0 && hole < target ? hole : table.length;
    const mates = playersAt(table);
    let best = 0;
    for (let i = 1; i < pool.length; i++) {
      if (cost(pool[i]!, mates, slot) < cost(pool[best]!, mates, slot)) best = i;
    }
    const [player] = pool.splice(best, 1);
    if (slot === table.length) table.push(player!);
    else table[slot] = player!;
  }
}
