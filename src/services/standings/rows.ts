/**
 * The public standings row (its schema: schemas.ts). VP% goes out as a 16-decimal string and
 * as the exact reduced fraction; never as a float.
 */
import { toDecimalString, toFractionString } from "../../domain/fraction";
import type { EventCriterion } from "../../domain/playoffs";
import type { Criterion, PlayerRecord, RankedRow } from "../../domain/standings";
import type { StandingsData } from "./data";
import { lotsOf } from "./lots";
import type { DisqualifiedRowDto, StandingsRowDto } from "./schemas";

/** What every row of a ranking reads besides its domain row, built once per ranking. */
export function rowContext(data: Pick<StandingsData, "names" | "registrations">, lotSeed: string) {
  return {
    names: data.names,
    lotOf: lotsOf(lotSeed),
    /** `${sessionId}:${playerId}` of registrations cut by the 80+ zero-win rule. */
    eliminated: new Set(
      data.registrations.filter((r) => r.eliminated).map((r) => `${r.sessionId}:${r.playerId}`),
    ),
    /** `${sessionId}:${playerId}` → the last game played, for players who dropped out. */
    dropped: new Map(
      data.registrations
        .filter((r) => r.droppedAfterGame !== null)
        .map((r) => [`${r.sessionId}:${r.playerId}`, r.droppedAfterGame!]),
    ),
  };
}
type RowContext = ReturnType<typeof rowContext>;

/** A ranked row of the domain, whichever criteria decided it. */
type Ranked<C> = Pick<RankedRow, "record" | "rank" | "decidedByLots"> & { readonly decidedBy: C | null };

/**
 * Fields in the order the documentation shows them. `sessionId` is the session of the row's
 * record; the domain row is read, not copied (this runs for every row of every ranking).
 */
export function toRow<C extends Criterion | EventCriterion = Criterion>(
  row: Ranked<C>,
  sessionId: string | null,
  qualified: boolean | null,
  disqualified: boolean,
  rc: RowContext,
): Omit<StandingsRowDto, "decidedBy"> & { decidedBy: C | null } {
  const record = row.record;
  const id = record.playerId;
  const droppedAfter = sessionId === null ? null : (rc.dropped.get(`${sessionId}:${id}`) ?? null);
  return {
    rank: row.rank,
    player: { id, name: rc.names.get(id) ?? id },
    games: record.games,
    wins: record.wins,
    vp: record.vp,
    vpPct: toDecimalString(record.vpPct, 16),
    vpPctExact: toFractionString(record.vpPct),
    seconds: record.seconds,
    thirds: record.thirds,
    decidedBy: row.decidedBy,
    decidedByLots: row.decidedByLots,
    lot: rc.lotOf(id),
    sessionId,
    qualified,
    disqualified,
    eliminated: sessionId !== null && rc.eliminated.has(`${sessionId}:${id}`),
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
    { record, rank: 0, decidedBy: null, decidedByLots: false },
    sessionId,
    qualified,
    true,
    rc,
  );
  const { rank: _rank, decidedBy: _decidedBy, ...rest } = row;
  return { ...rest, qualified, disqualified: true };
}
