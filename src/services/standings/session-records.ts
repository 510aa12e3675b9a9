/**
 * Per-session player records as rankings read them: the sums of a session's scored seats
 * (seats.scored: the stored scoring of final results), per player. Stored one row per session
 * and player (session_player_records), updated by each result write for its table's players;
 * read as ONE JSON text per session, from the stored rows or, for a session whose rows do not
 * count, summed from its seats with the same sums.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { fromShareUnits } from "../../domain/share-units";
import type { PlayerRecord } from "../../domain/standings";

/**
 * Per player, the same sums as the domain's aggregateRecords over the seats `st` of the prelim
 * rounds `rd`: games, wins, counted VP, VP shares (exact, in units of 1/lcm(1..40); past 2^53
 * for a session, so read as text), 2nd and 3rd places, and whether the player was disqualified
 * at one of the tables. One definition for the stored rows and for the sums read in their place.
 */
const PLAYER_SUMS = `count(*) as games, sum(st.win) as wins, sum(st.counted) as vp,
  sum(st.share_units) as units, sum(st.placement = 2) as seconds, sum(st.placement = 3) as thirds,
  max(st.disqualified_here) as dq`;
const SCORED_PRELIM_SEATS = "from rounds rd join seats st on st.round_id = rd.id";
const SCORED = "rd.kind = 'prelim' and st.scored = 1";

/**
 * SQL text: `session_id, records` per prelim session among the rounds `rd` that the condition
 * `roundsCondition` (SQL text, its parameters the caller's) selects, the records as one JSON text.
 */
export function seatSumsSql(roundsCondition: string): string {
  return `select session_id,
      json_group_array(json_array(player_id, games, wins, vp, cast(units as text), seconds, thirds, dq)) as records
    from (select rd.session_id as session_id, st.player_id as player_id, ${PLAYER_SUMS}
      ${SCORED_PRELIM_SEATS} where ${roundsCondition} and ${SCORED}
      group by rd.session_id, st.player_id)
    group by session_id`;
}

/** Rows of session_player_records: the sums of the scored seats `condition` selects. */
function insertPlayerSums(condition: SQL): SQL {
  return sql`insert into session_player_records (event_id, session_id, player_id, games, wins, vp,
      share_units, seconds, thirds, disqualified_here)
    select rd.event_id, rd.session_id, st.player_id, ${sql.raw(PLAYER_SUMS)}
    ${sql.raw(SCORED_PRELIM_SEATS)} where ${condition} and ${sql.raw(SCORED)}
    group by st.player_id`;
}

/**
 * The last statements of a batch that changes results at a prelim table: the records of the
 * table's players (`playerIds`), summed again from their seats in the session once the batch's
 * own writes are in (the same transaction: SQLite runs one writer at a time, so a concurrent
 * write at another table can't be lost). Only when the session's rows did not count (a trigger
 * dropped its `session_records` row since: a disqualification, a merge, a seat moved) are all
 * its rows rebuilt, once. Then the session's rows count again.
 */
export function sessionRecordStatements(
  db: Database,
  at: { eventId: string; sessionId: string; playerIds: readonly string[] | "all" },
) {
  const { eventId, sessionId } = at;
  const players = JSON.stringify(at.playerIds === "all" ? [] : at.playerIds);
  const ofPlayers = sql`st.player_id in (select value from json_each(${players}))`;
  const counts = sql`exists (select 1 from session_records where session_id = ${sessionId})`;
  return [
    ...(at.playerIds === "all"
      ? [db.run(sql`delete from session_records where session_id = ${sessionId}`)]
      : []),
    db.run(sql`delete from session_player_records
      where session_id = ${sessionId} and player_id in (select value from json_each(${players}))`),
    db.run(insertPlayerSums(sql`rd.session_id = ${sessionId} and ${ofPlayers}`)),
    db.run(sql`delete from session_player_records where session_id = ${sessionId} and not ${counts}`),
    db.run(insertPlayerSums(sql`rd.session_id = ${sessionId} and not ${counts}`)),
    db.run(
      sql`insert or ignore into session_records (session_id, event_id) values (${sessionId}, ${eventId})`,
    ),
  ];
}

/**
 * SQL text: `session_id, records` for each session of the scope (`event_id = ?`, or
 * `session_id = ?` with `byPrelimSession`) whose stored rows count, read from the covering index
 * in session order (no sort), in the same JSON as seatSumsSql.
 */
export function storedRecordsSql(bySession: boolean): string {
  return `select sr.session_id,
      json_group_array(json_array(spr.player_id, spr.games, spr.wins, spr.vp, cast(spr.share_units as text),
        spr.seconds, spr.thirds, spr.disqualified_here)) as records
    from session_records sr join session_player_records spr
      on spr.event_id = sr.event_id and spr.session_id = sr.session_id
    where ${bySession ? "sr.session_id = ?" : "sr.event_id = ?"}
    group by sr.session_id`;
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
