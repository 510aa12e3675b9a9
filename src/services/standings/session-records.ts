/**
 * Per-session player records as rankings read them: the sums of a session's scored seats
 * (seats.scored: the stored scoring of final results), per player, as ONE JSON text per session.
 * The same SQL serves the read (sessions without a stored row, data.ts) and the refresh that
 * every result write ends its batch with, so a stored row is exactly what a read would sum.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { fromShareUnits } from "../../domain/share-units";
import type { PlayerRecord } from "../../domain/standings";

/**
 * SQL text: `session_id, records` per prelim session among the rounds `rd` that the condition
 * `roundsCondition` (SQL text, its parameters the caller's) selects. The same sums as the
 * domain's aggregateRecords: games, wins, counted VP, VP shares (exact, in units of
 * 1/lcm(1..40), summed past 2^53 by SQLite and sent as text), 2nd and 3rd places, and whether
 * the player was disqualified at one of the tables.
 */
export function seatSumsSql(roundsCondition: string): string {
  return `select session_id,
      json_group_array(json_array(player_id, games, wins, vp, units, seconds, thirds, dq)) as records
    from (select rd.session_id as session_id, st.player_id as player_id, count(*) as games,
        sum(st.win) as wins, sum(st.counted) as vp, cast(sum(st.share_units) as text) as units,
        sum(st.placement = 2) as seconds, sum(st.placement = 3) as thirds,
        max(st.disqualified_here) as dq
      from rounds rd join seats st on st.round_id = rd.id
      where ${roundsCondition} and rd.kind = 'prelim' and st.scored = 1
      group by rd.session_id, st.player_id)
    group by session_id`;
}

const REFRESH = `insert or replace into session_records (session_id, event_id, records)
  select s.id, s.event_id, coalesce(sums.records, '[]')
  from sessions s left join (${seatSumsSql("rd.session_id = ?1")}) sums on sums.session_id = s.id
  where s.id = ?1`;

/**
 * The last statement of a batch that changes a prelim session's results: stores the session's
 * records as they are once the batch's own writes are in (the same transaction, so a concurrent
 * write to another table of the session can't be lost: SQLite runs one writer at a time).
 * Every write to the session's seats, results or disqualifications deleted the row before it
 * (triggers of migration 0012); without this statement the next read sums the seats instead.
 */
export function refreshSessionRecords(db: Database, sessionId: string) {
  // The session id goes in at both `?1`s.
  const [head, middle, tail] = REFRESH.split("?1") as [string, string, string];
  return db.run(
    sql.join([sql.raw(head), sql`${sessionId}`, sql.raw(middle), sql`${sessionId}`, sql.raw(tail)]),
  );
}

type RecordTuple = [
  playerId: string,
  games: number,
  wins: number,
  vp: number,
  shareUnits: string,
  seconds: number,
  thirds: number,
  disqualifiedHere: 0 | 1,
];

/** A prelim session's records summed from its scored seats (tables scored from sheets aside). */
export interface SeatSums {
  records: PlayerRecord[];
  /** Players disqualified at one of those tables (rule 1.3.6). */
  disqualifiedHere: string[];
}

export function parseSeatSums(records: string): SeatSums {
  const out: SeatSums = { records: [], disqualifiedHere: [] };
  for (const [playerId, games, wins, vp, units, seconds, thirds, dq] of JSON.parse(
    records,
  ) as RecordTuple[]) {
    out.records.push({ playerId, games, wins, vp, vpPct: fromShareUnits(units), seconds, thirds });
    if (dq === 1) out.disqualifiedHere.push(playerId);
  }
  return out;
}
