/**
 * The public standings row : its field names are a contract with
 * third-party frontends and bots. VP% goes out as a 16-decimal string and as the exact
 * reduced fraction; never as a float.
 */
import { toDecimalString, toFractionString } from "../../domain/fraction";
import type { EventCriterion, EventPhase } from "../../domain/playoffs";
import type { Criterion, PlayerRecord } from "../../domain/standings";

export interface StandingsRowDto<C extends string = Criterion> {
  rank: number;
  player: { id: string; name: string };
  games: number;
  wins: number;
  vp: number;
  vpPct: string;
  vpPctExact: string;
  seconds: number;
  thirds: number;
  decidedBy: C | null;
  decidedByLots: boolean;
  lot: string;
  /** The session whose result this row is (the counted one in qualification). */
  sessionId: string | null;
  /** null where not computed (session standings: see the qualification). */
  qualified: boolean | null;
  disqualified: boolean;
  eliminated: boolean;
  /** Left the session after `droppedAfterGame`: ranked on the games played. */
  dropped: boolean;
  droppedAfterGame: number | null;
}

/**
 * A row of the `disqualified` list (rule 1.3.6): not ranked, never qualified. It has no `rank`
 * and no `decidedBy` at all (rather than two always-null fields), so typed clients see a
 * distinct shape.
 */
export interface DisqualifiedRowDto
  extends Omit<StandingsRowDto, "rank" | "decidedBy" | "qualified" | "disqualified"> {
  qualified: false | null;
  disqualified: true;
}

export interface EventStandingsRowDto extends StandingsRowDto<EventCriterion> {
  phase: EventPhase;
  qualificationRank: number;
  semifinalPlacement: number | null;
  finalPlacement: number | null;
}

export interface RowContext {
  names: ReadonlyMap<string, string>;
  lotOf: (playerId: string) => string;
  /** `${sessionId}:${playerId}` of registrations cut by the 80+ zero-win rule. */
  eliminated: ReadonlySet<string>;
  /** `${sessionId}:${playerId}` → the last game played, for players who dropped out. */
  dropped: ReadonlyMap<string, number>;
}

export interface RowMeta<C extends string = Criterion> {
  rank: number;
  decidedBy: C | null;
  decidedByLots: boolean;
  sessionId: string | null;
  qualified: boolean | null;
  disqualified: boolean;
}

/** Fields in the order the documentation shows them. */
export function toRow<C extends string = Criterion>(
  record: PlayerRecord,
  meta: RowMeta<C>,
  rc: RowContext,
): StandingsRowDto<C> {
  const id = record.playerId;
  const droppedAfter = meta.sessionId === null ? null : (rc.dropped.get(`${meta.sessionId}:${id}`) ?? null);
  return {
    rank: meta.rank,
    player: { id, name: rc.names.get(id) ?? id },
    games: record.games,
    wins: record.wins,
    vp: record.vp,
    vpPct: toDecimalString(record.vpPct, 16),
    vpPctExact: toFractionString(record.vpPct),
    seconds: record.seconds,
    thirds: record.thirds,
    decidedBy: meta.decidedBy,
    decidedByLots: meta.decidedByLots,
    lot: rc.lotOf(id),
    sessionId: meta.sessionId,
    qualified: meta.qualified,
    disqualified: meta.disqualified,
    eliminated: meta.sessionId !== null && rc.eliminated.has(`${meta.sessionId}:${id}`),
    dropped: droppedAfter !== null,
    droppedAfterGame: droppedAfter,
  };
}

/** A row of the `disqualified` list: no rank, no tiebreak, never qualified. */
export function toDisqualifiedRow(
  record: PlayerRecord,
  sessionId: string | null,
  qualified: false | null,
  rc: RowContext,
): DisqualifiedRowDto {
  const row = toRow<Criterion>(
    record,
    { rank: 0, decidedBy: null, decidedByLots: false, sessionId, qualified, disqualified: true },
    rc,
  );
  const { rank: _rank, decidedBy: _decidedBy, ...rest } = row;
  return { ...rest, qualified, disqualified: true };
}
