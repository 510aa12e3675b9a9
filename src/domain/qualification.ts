/**
 * Qualification over multi-session prelims (rules 1.2.3, 1.2.4; docs/rules.md#qualification): each player's
 * best single-session result, ranked by the same 1.4.2 chain. Session results are never
 * added together.
 */
import type { Ruleset } from "./game-score";
import { compareIds, type PlayerRecord, type RankedRow, rankRecords, recordOrder } from "./standings";

export interface SessionResult {
  readonly sessionId: string;
  /** The session's ranked (non-disqualified) players' records. */
  readonly records: readonly PlayerRecord[];
}

export interface QualificationRecord extends PlayerRecord {
  /** The session whose result counted for this player. */
  readonly sessionId: string;
}

export type QualificationRow = RankedRow<QualificationRecord> & { readonly qualified: boolean };

/** Spelled out, not spread: the spread was the hot spot of qualification in the benchmark. */
function toQualificationRecord(r: PlayerRecord, sessionId: string): QualificationRecord {
  return {
    playerId: r.playerId,
    games: r.games,
    wins: r.wins,
    vp: r.vp,
    vpPct: r.vpPct,
    seconds: r.seconds,
    thirds: r.thirds,
    sessionId,
  };
}

/**
 * Each player's best session by the 1.4.2 chain without lots, one record per player, sorted by
 * player id. Decision: when two of a player's own sessions tie on the whole chain, the earlier
 * one in `sessions` (pass them in date order) counts; lots can't help here because a lot
 * belongs to the player, not to the session.
 */
export function bestSessionRecords(
  sessions: readonly SessionResult[],
  ruleset: Ruleset,
): QualificationRecord[] {
  const best = new Map<string, QualificationRecord>();
  for (const session of sessions) {
    const inSession = new Set<string>();
    for (const record of session.records) {
      if (inSession.has(record.playerId)) {
        throw new RangeError(`player ${record.playerId} has two records in session ${session.sessionId}`);
      }
      inSession.add(record.playerId);
      const current = best.get(record.playerId);
      // Strictly better only: an equal later session never replaces an earlier one.
      if (!current || recordOrder(record, current, ruleset) < 0) {
        best.set(record.playerId, toQualificationRecord(record, session.sessionId));
      }
    }
  }
  return [...best.values()].sort((a, b) => compareIds(a.playerId, b.playerId));
}

/**
 * Ranks the best session records and marks the top `qualifierCount` (16, or 4 when N is
 * 12–28; see structure.ts). Excluded players (disqualified in the prelims, rule 1.3.6) are
 * left out before ranking, so the next player moves up into a qualifying place. Players in
 * `seatedThenDisqualified` (disqualified at a playoff table) were seated from this ranking:
 * they keep their place in the cut, so nobody moves up into a seat already played, and then
 * leave the rows (docs/rules.md#people-and-results), which are numbered again without them.
 */
export function computeQualification(input: {
  readonly ruleset: Ruleset;
  readonly sessions: readonly SessionResult[];
  readonly qualifierCount: number;
  readonly lotOf: (playerId: string) => string;
  readonly excludedPlayerIds?: readonly string[];
  readonly seatedThenDisqualified?: readonly string[];
}): { rows: QualificationRow[] } {
  const excluded = new Set(input.excludedPlayerIds ?? []);
  const records = bestSessionRecords(input.sessions, input.ruleset).filter((r) => !excluded.has(r.playerId));
  const opts = { ruleset: input.ruleset, lotOf: input.lotOf };
  let ranked = rankRecords(records, opts);
  const qualified = new Set(
    ranked.filter((row) => row.rank <= input.qualifierCount).map((row) => row.record.playerId),
  );
  const gone = new Set(input.seatedThenDisqualified ?? []);
  if (gone.size > 0) {
    ranked = rankRecords(
      records.filter((r) => !gone.has(r.playerId)),
      opts,
    );
  }
  const rows = ranked.map((row) => ({
    rank: row.rank,
    record: row.record,
    decidedBy: row.decidedBy,
    decidedByLots: row.decidedByLots,
    qualified: qualified.has(row.record.playerId),
  }));
  return { rows };
}
