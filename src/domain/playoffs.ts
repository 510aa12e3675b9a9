/**
 * Semifinals, final and final event standings (rules 1.1.10, 1.1.12, 1.4.4; docs/rules.md#playoffs).
 * Playoff positions follow the playoff table placement; equal placements are ordered by the
 * 1.4.2 chain over the player's qualifying-session record plus the playoff games they played.
 */
import { type DomainIssue, DomainRuleError } from "./errors";
import type { Ruleset, ScoredGame } from "./game-score";
import type { QualificationRow } from "./qualification";
import { addRecords, aggregateRecords, type Criterion, type PlayerRecord, rankRecords } from "./standings";
import type { EventStructure } from "./structure";

type EventPhase = "prelim" | "semifinal" | "final";

/** Criteria of the event ranking: the 1.4.2 chain, the playoff placement, or the phase reached. */
export type EventCriterion = Criterion | "placement" | "phase";

interface PlayoffStanding {
  /** Position in the event: 1–4 for placement-1 seats (winners), then 5, 6, … */
  readonly position: number;
  readonly playerId: string;
  /** Placement at this playoff table (1 = won). */
  readonly placement: number;
  /** Prior record plus this playoff game: what breaks ties between equal placements. */
  readonly record: PlayerRecord;
  readonly decidedBy: EventCriterion | null;
  readonly decidedByLots: boolean;
}

type LotOf = (playerId: string) => string;

function playoffError(message: string, issues: DomainIssue[]): DomainRuleError {
  return new DomainRuleError(message, { code: "invalid_playoff_results", rule: "1.4.4", issues });
}

/**
 * Orders every non-disqualified seat of the given tables: by placement (all 1st places first,
 * then all 2nd, …), equal placements by the chain over prior record + these games. A seat
 * disqualified at this table, or a player disqualified from the event at a later table
 * (`excluded`: a finalist disqualified at the final still sat at a semifinal), is left out
 * (rule 1.3.6: out of the event's standings); the others keep their placements.
 */
function placeTables(
  ruleset: Ruleset,
  games: readonly ScoredGame[],
  priorRecords: readonly PlayerRecord[],
  lotOf: LotOf,
  excluded: ReadonlySet<string> = new Set(),
): PlayoffStanding[] {
  const prior = new Map(priorRecords.map((r) => [r.playerId, r]));
  const played = new Map(aggregateRecords(games).map((r) => [r.playerId, r]));
  const seen = new Set<string>();
  const issues: DomainIssue[] = [];
  const seats: { playerId: string; placement: number; record: PlayerRecord }[] = [];
  games.forEach((game, t) => {
    for (const seat of game.seats) {
      if (seen.has(seat.playerId)) {
        issues.push({ path: `games[${t}]`, message: `player ${seat.playerId} sits at two playoff tables` });
      }
      seen.add(seat.playerId);
      if (seat.disqualified || excluded.has(seat.playerId)) continue;
      const before = prior.get(seat.playerId);
      if (!before) {
        issues.push({ path: `games[${t}]`, message: `player ${seat.playerId} has no qualifying record` });
        continue;
      }
      seats.push({
        playerId: seat.playerId,
        placement: seat.placement,
        record: addRecords(before, played.get(seat.playerId)!),
      });
    }
  });
  if (issues.length > 0) throw playoffError("Playoff tables don't match the qualified players", issues);

  const placements = [...new Set(seats.map((s) => s.placement))].sort((a, b) => a - b);
  const out: PlayoffStanding[] = [];
  for (const [g, placement] of placements.entries()) {
    const group = seats.filter((s) => s.placement === placement);
    const rows = rankRecords(
      group.map((s) => s.record),
      { ruleset, lotOf },
    );
    const isLastGroup = g === placements.length - 1;
    for (const row of rows) {
      out.push({
        position: out.length + 1,
        playerId: row.record.playerId,
        placement,
        record: row.record,
        decidedBy: row.decidedBy ?? (isLastGroup ? null : "placement"),
        decidedByLots: row.decidedByLots,
      });
    }
  }
  return out;
}

/**
 * Positions after the semifinals (rule 1.4.4): the table winners hold positions 1–4 (ordered by
 * the chain until the final is played), the non-winners 5–16 by semifinal placement, ties by
 * the chain over their qualifying-session record plus their semifinal game (docs/rules.md#playoffs).
 */
export function semifinalStandings(input: {
  readonly ruleset: Ruleset;
  readonly games: readonly ScoredGame[];
  /** Each semifinalist's qualifying-session record (QualificationRecord is one). */
  readonly qualifyingRecords: readonly PlayerRecord[];
  readonly lotOf: LotOf;
}): { winners: PlayoffStanding[]; others: PlayoffStanding[] } {
  const placed = placeTables(input.ruleset, input.games, input.qualifyingRecords, input.lotOf);
  return {
    winners: placed.filter((p) => p.placement === 1),
    others: placed.filter((p) => p.placement !== 1),
  };
}

interface EventStandingRow {
  readonly rank: number;
  readonly playerId: string;
  /** Furthest phase reached: semifinal winners have reached the final before playing it. */
  readonly phase: EventPhase;
  /** Qualifying record plus every playoff game played: the record ties were broken on. */
  readonly record: PlayerRecord;
  readonly qualification: QualificationRow;
  readonly semifinalPlacement: number | null;
  readonly finalPlacement: number | null;
  readonly decidedBy: EventCriterion | null;
  readonly decidedByLots: boolean;
}

/** The playoff input the structure allows: no semifinals where none are played, at most 4, the final after them. */
function assertPlayoffShape(
  structure: EventStructure,
  semis: readonly ScoredGame[],
  final: ScoredGame | null,
) {
  const hasSemifinals = structure.kind !== "final-only";
  if (!hasSemifinals && semis.length > 0) {
    throw playoffError("This event has no semifinals", [
      { path: "semifinalGames", message: `a ${structure.kind} event has no semifinals (rule 1.1.5)` },
    ]);
  }
  if (semis.length > 4) {
    throw playoffError("Too many semifinal tables", [
      { path: "semifinalGames", message: `4 semifinal tables at most, got ${semis.length} (rule 1.1.5)` },
    ]);
  }
  const semisDone = hasSemifinals && semis.length === 4;
  if (hasSemifinals && final && !semisDone) {
    throw playoffError("Final before the semifinals", [
      { path: "finalGame", message: "the final needs the results of all 4 semifinals (rule 1.1.12)" },
    ]);
  }
  return { semisDone };
}

/** The final table's players must be the semifinal winners (rule 1.1.12). */
function assertFinalists(final: ScoredGame, semiPlaced: readonly PlayoffStanding[]): void {
  const winners = semiPlaced.filter((p) => p.placement === 1).map((p) => p.playerId);
  const finalists = final.seats.filter((s) => !s.disqualified).map((s) => s.playerId);
  const strangers = finalists.filter((id) => !winners.includes(id));
  if (strangers.length > 0) {
    throw playoffError("Final players must be the semifinal winners", [
      { path: "finalGame", message: `not a semifinal winner: ${strangers.join(", ")} (rule 1.1.12)` },
    ]);
  }
}

/** Numbers the segments in order; the boundary between two segments is decided by the phase. */
function numberSegments(segments: Omit<EventStandingRow, "rank">[][]): EventStandingRow[] {
  const flat = segments.filter((s) => s.length > 0);
  const rows: EventStandingRow[] = [];
  for (const [i, segment] of flat.entries()) {
    for (const [j, row] of segment.entries()) {
      const lastOfSegment = j === segment.length - 1 && i < flat.length - 1;
      rows.push({ ...row, rank: rows.length + 1, decidedBy: lastOfSegment ? "phase" : row.decidedBy });
    }
  }
  return rows;
}

/**
 * Event standings: final table, then semifinal non-winners, then everyone else in prelim
 * (qualification) order. Decisions: semifinal results count only once all 4 tables are in
 * (before that the prelim order stands, since a partial semifinal round can't fix positions
 * 5–16); players disqualified in the event (`excludedPlayerIds` or a disqualified playoff
 * seat) are left out. Inconsistent playoff input is a DomainRuleError, not a guess.
 */
export function computeEventStandings(input: {
  readonly ruleset: Ruleset;
  readonly structure: EventStructure;
  readonly qualificationRows: readonly QualificationRow[];
  readonly semifinalGames?: readonly ScoredGame[];
  readonly finalGame?: ScoredGame | null;
  readonly lotOf: LotOf;
  readonly excludedPlayerIds?: readonly string[];
}): { phase: EventPhase; rows: EventStandingRow[] } {
  const { ruleset, lotOf } = input;
  const semis = input.semifinalGames ?? [];
  const final = input.finalGame ?? null;
  const { semisDone } = assertPlayoffShape(input.structure, semis, final);

  const excluded = new Set(input.excludedPlayerIds ?? []);
  for (const game of [...semis, ...(final ? [final] : [])]) {
    for (const seat of game.seats) if (seat.disqualified) excluded.add(seat.playerId);
  }
  const quals = input.qualificationRows
    .filter((q) => !excluded.has(q.record.playerId))
    .sort((a, b) => a.rank - b.rank);
  const qualById = new Map(quals.map((q) => [q.record.playerId, q]));
  const qualifying = quals.map((q) => q.record);

  const semiPlaced = semisDone ? placeTables(ruleset, semis, qualifying, lotOf, excluded) : [];
  const semiById = new Map(semiPlaced.map((p) => [p.playerId, p]));
  let finalPlaced: PlayoffStanding[] = [];
  if (final) {
    if (semisDone) assertFinalists(final, semiPlaced);
    const prior = semisDone ? semiPlaced.map((p) => p.record) : qualifying;
    finalPlaced = placeTables(ruleset, [final], prior, lotOf, excluded);
  }
  const finalIds = new Set(finalPlaced.map((p) => p.playerId));

  const segments: Omit<EventStandingRow, "rank">[][] = [];
  // A playoff standing, or a ranked row of those who played no counted playoff table.
  type Placed = Pick<PlayoffStanding, "record" | "decidedBy" | "decidedByLots"> & { placement?: number };
  const fromPlayoff = (p: Placed, phase: EventPhase): Omit<EventStandingRow, "rank"> => ({
    playerId: p.record.playerId,
    phase,
    record: p.record,
    qualification: qualById.get(p.record.playerId)!,
    semifinalPlacement: semiById.get(p.record.playerId)?.placement ?? null,
    finalPlacement: finalIds.has(p.record.playerId) ? p.placement! : null,
    decidedBy: p.decidedBy,
    decidedByLots: p.decidedByLots,
  });
  if (final) {
    segments.push(finalPlaced.map((p) => fromPlayoff(p, "final")));
    segments.push(
      semiPlaced.filter((p) => !finalIds.has(p.playerId)).map((p) => fromPlayoff(p, "semifinal")),
    );
  } else {
    // Before the final, semifinal winners have reached it: the phase says so.
    segments.push(semiPlaced.map((p) => fromPlayoff(p, p.placement === 1 ? "final" : "semifinal")));
  }
  const placedIds = new Set([...finalIds, ...semiById.keys()]);
  const rest = rankRecords(
    quals.filter((q) => !placedIds.has(q.record.playerId)).map((q) => q.record),
    { ruleset, lotOf },
  );
  segments.push(rest.map((row) => fromPlayoff(row, "prelim")));
  // The furthest phase whose results are in the standings.
  const phase = final ? "final" : semisDone ? "semifinal" : "prelim";
  return { phase, rows: numberSegments(segments) };
}
