/**
 * Ranking of players over scored games (rules 1.4.1–1.4.3, docs/rules.md#ranking-a-session and §9):
 * wins, then counted VP, then exact VP%, then (2026 only) 2nd places and 3rd places,
 * then reproducible lots. The order is total and does not depend on input order.
 */
import { addFractions, compareFractions, type Fraction, ZERO } from "./fraction";
import type { Ruleset, ScoredGame } from "./game-score";

export type Criterion = "wins" | "vp" | "vpPct" | "seconds" | "thirds" | "lots";

export interface PlayerRecord {
  readonly playerId: string;
  readonly games: number;
  readonly wins: number;
  /** Sum of counted VP (max 10 per game). */
  readonly vp: number;
  /** Exact sum of the per-game shares. */
  readonly vpPct: Fraction;
  readonly seconds: number;
  readonly thirds: number;
}

export interface RankedRow<R extends PlayerRecord = PlayerRecord> {
  /** 1..n: lots separate every tie, so ranks are positions. */
  readonly rank: number;
  readonly record: R;
  /** First criterion separating this row from the next one; null for the last row. */
  readonly decidedBy: Criterion | null;
  /** Lots decided this row's position against the row above or the row below. */
  readonly decidedByLots: boolean;
}

interface RankOptions {
  readonly ruleset: Ruleset;
  /** 16 lowercase hex chars (SHA-256 of "<lotSeed>:<playerId>", docs/rules.md#lots); lower ranks higher. */
  readonly lotOf: (playerId: string) => string;
}

/** Binary string order: locale-independent, so every server sorts ids identically. */
export const compareIds = (a: string, b: string): -1 | 0 | 1 => (a < b ? -1 : a > b ? 1 : 0);

export function emptyRecord(playerId: string): PlayerRecord {
  return { playerId, games: 0, wins: 0, vp: 0, vpPct: ZERO, seconds: 0, thirds: 0 };
}

/** Field-wise sum of two records of the same player (used by playoffs, never across sessions). */
export function addRecords(a: PlayerRecord, b: PlayerRecord): PlayerRecord {
  if (a.playerId !== b.playerId) {
    throw new RangeError(`cannot add records of ${a.playerId} and ${b.playerId}`);
  }
  return {
    playerId: a.playerId,
    games: a.games + b.games,
    wins: a.wins + b.wins,
    vp: a.vp + b.vp,
    vpPct: addFractions(a.vpPct, b.vpPct),
    seconds: a.seconds + b.seconds,
    thirds: a.thirds + b.thirds,
  };
}

/**
 * One record per player over the given games, sorted by player id. Every seat counts,
 * disqualified or not: dropping disqualified players is the caller's (standings') job.
 */
export function aggregateRecords(games: readonly ScoredGame[]): PlayerRecord[] {
  const acc = new Map<string, { -readonly [K in keyof PlayerRecord]: PlayerRecord[K] }>();
  for (const game of games) {
    for (const seat of game.seats) {
      let r = acc.get(seat.playerId);
      if (!r) {
        r = emptyRecord(seat.playerId);
        acc.set(seat.playerId, r);
      }
      r.games += 1;
      if (seat.win) r.wins += 1;
      r.vp += seat.counted;
      r.vpPct = addFractions(r.vpPct, seat.share);
      if (seat.placement === 2) r.seconds += 1;
      if (seat.placement === 3) r.thirds += 1;
    }
  }
  return [...acc.values()].sort((a, b) => compareIds(a.playerId, b.playerId));
}

const desc = (a: number, b: number): -1 | 0 | 1 => (a > b ? -1 : a < b ? 1 : 0);

type Comparison = (a: PlayerRecord, b: PlayerRecord) => -1 | 0 | 1;

/**
 * The 1.4.2 chain without lots, each criterion with its order (-1 when `a` ranks above `b`).
 * Legacy (docs/rules.md#legacy) stops after VP%, so 2nd/3rd places never decide there.
 */
const CHAIN_2026: readonly (readonly [Criterion, Comparison])[] = [
  ["wins", (a, b) => desc(a.wins, b.wins)],
  ["vp", (a, b) => desc(a.vp, b.vp)],
  // Higher VP% ranks higher, so the exact comparison is negated.
  ["vpPct", (a, b) => compareFractions(b.vpPct, a.vpPct)],
  ["seconds", (a, b) => desc(a.seconds, b.seconds)],
  ["thirds", (a, b) => desc(a.thirds, b.thirds)],
];
const CHAIN_LEGACY = CHAIN_2026.slice(0, 3);
const chainOf = (ruleset: Ruleset) => (ruleset === "2026" ? CHAIN_2026 : CHAIN_LEGACY);

/** The chain's order of two records and the first criterion that separates them. */
export function compareRecords(
  a: PlayerRecord,
  b: PlayerRecord,
  ruleset: Ruleset,
): { order: -1 | 0 | 1; criterion: Criterion | null } {
  for (const [criterion, compare] of chainOf(ruleset)) {
    const order = compare(a, b);
    if (order !== 0) return { order, criterion };
  }
  return { order: 0, criterion: null };
}

/** The order of `compareRecords` alone, allocating nothing: what sorts call. */
export function recordOrder(a: PlayerRecord, b: PlayerRecord, ruleset: Ruleset): -1 | 0 | 1 {
  for (const [, compare] of chainOf(ruleset)) {
    const order = compare(a, b);
    if (order !== 0) return order;
  }
  return 0;
}

/**
 * Sorts and numbers records. Ties after the chain go to lots (lower lot first); in the
 * astronomically rare case two players share a 64-bit lot, the player id decides so the
 * order stays total. Player ids must be unique.
 */
export function rankRecords<R extends PlayerRecord>(
  records: readonly R[],
  opts: RankOptions,
): RankedRow<R>[] {
  const lots = new Map<string, string>();
  for (const r of records) {
    if (lots.has(r.playerId)) throw new RangeError(`player ${r.playerId} has more than one record to rank`);
    lots.set(r.playerId, opts.lotOf(r.playerId).toLowerCase());
  }
  const byLot = (a: R, b: R): number =>
    compareIds(lots.get(a.playerId)!, lots.get(b.playerId)!) || compareIds(a.playerId, b.playerId);
  const sorted = [...records].sort((a, b) => recordOrder(a, b, opts.ruleset) || byLot(a, b));

  const decided = sorted.map((r, i): Criterion | null => {
    const next = sorted[i + 1];
    return next ? (compareRecords(r, next, opts.ruleset).criterion ?? "lots") : null;
  });
  return sorted.map((record, i) => ({
    rank: i + 1,
    record,
    decidedBy: decided[i] ?? null,
    decidedByLots: decided[i] === "lots" || (i > 0 && decided[i - 1] === "lots"),
  }));
}

/**
 * Standings of one prelim session. A player is out when listed in `disqualifiedPlayerIds`
 * or disqualified at any of the session's tables (rule 1.3.6: excluded from standings);
 * their record is still returned, apart, so the API can show them as disqualified.
 */
export function computeSessionStandings(input: {
  readonly ruleset: Ruleset;
  readonly games: readonly ScoredGame[];
  readonly disqualifiedPlayerIds: readonly string[];
  readonly lotOf: (id: string) => string;
}) {
  const out = new Set(input.disqualifiedPlayerIds);
  for (const game of input.games) {
    for (const seat of game.seats) if (seat.disqualified) out.add(seat.playerId);
  }
  const records = aggregateRecords(input.games);
  return {
    rows: rankRecords(
      records.filter((r) => !out.has(r.playerId)),
      { ruleset: input.ruleset, lotOf: input.lotOf },
    ),
    // Already in player id order, as aggregateRecords gives them.
    disqualified: records.filter((r) => out.has(r.playerId)),
  };
}
