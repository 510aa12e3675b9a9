/**
 * Round trip 2 of every ranking read: ONE `db.batch` of plain selects: each prelim session's
 * player records summed in SQL from the scored seats (seats.scored, written with each result),
 * the few final tables whose seats are not scored (and, for event standings, the playoff tables)
 * with their sheets and seats as one JSON text per round, player names and registrations as one
 * JSON text each, rounds progress, disqualifications and sessions. The sheets read are turned
 * into the domain's ScoredGames here; the summed records are the same sums `aggregateRecords`
 * makes of them (test/seat-scoring.property.test.ts).
 */
import { and, asc, eq, isNull, type SQL, sql } from "drizzle-orm";
import {
  disqualifications,
  gameTables,
  players,
  registrations,
  rounds,
  type StoredScore,
  sessionRecords,
  sessions,
  tableResults,
} from "../../db/schema";
import { GameResultError } from "../../domain/errors";
import { type Ruleset, type ScoredGame, scoreGame } from "../../domain/game-score";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { parseSeatSums, type SeatSums, seatSumsSql } from "./session-records";

export type RoundKind = "prelim" | "semifinal" | "final";

/** Which games a ranking reads: one session's prelims, all prelims of an event, or everything. */
export type GameFilter =
  | { kind: "session"; sessionId: string }
  | { kind: "prelims"; eventId: string }
  | { kind: "event"; eventId: string };

export interface StoredGame {
  tableId: string;
  roundId: string;
  sessionId: string | null;
  kind: RoundKind;
  roundNumber: number;
  tableNumber: number;
  winnerId: string;
  scores: StoredScore[];
  /** In turn order. */
  seatPlayerIds: string[];
}

export interface RoundProgress {
  id: string;
  sessionId: string | null;
  kind: RoundKind;
  number: number;
  tables: number;
  finalTables: number;
}

export interface StandingsData {
  /**
   * Prelim sessions' records from the scored seats of their final tables, by session id.
   */
  seatSums: Map<string, SeatSums>;
  /**
   * Final tables to score from their sheets, in round then table order: prelim tables whose
   * seats are not scored (results written before seat scoring, or cleared by a trigger), and,
   * for event standings, every semifinal and final table. Pending results are not read.
   */
  games: StoredGame[];
  rounds: RoundProgress[];
  names: Map<string, string>;
  /** Registrations in scope: `eliminatedAt` marks the 80+ zero-win cut. */
  registrations: {
    sessionId: string;
    playerId: string;
    eliminated: boolean;
    noShow: boolean;
    droppedAfterGame: number | null;
  }[];
  /** Players disqualified from the event (rule 1.3.6): out of every ranking of it. */
  disqualified: string[];
  /**
   * Where each disqualification was recorded: the only table that places the player last
   * (RULES.md §7); sheets signed before it keep their placements.
   */
  disqualifiedAt: Map<string, { tableId: string; kind: RoundKind }>;
  /** The event's sessions in date order (then id), as qualification wants them. */
  sessions: { id: string; name: string; date: string | null }[];
  /** N of rule 1.2.2: unique players registered over all the event's sessions, no-shows aside. */
  uniqueParticipants: number;
}

function roundsWhere(filter: GameFilter): SQL | undefined {
  switch (filter.kind) {
    case "session":
      return and(eq(rounds.sessionId, filter.sessionId), eq(rounds.kind, "prelim"));
    case "prelims":
      return and(eq(rounds.eventId, filter.eventId), eq(rounds.kind, "prelim"));
    case "event":
      return eq(rounds.eventId, filter.eventId);
  }
}

/** SQLite's order of text (binary), as the rounds were ordered when SQL sorted them. */
function binaryOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A table's `[position, playerId]` pairs as player ids in turn order. */
function seatsInTurnOrder(pairs: [number, string][]): string[] {
  return pairs.sort((a, b) => a[0] - b[0]).map(([, id]) => id);
}

function eventIdOf(filter: GameFilter, eventId: string): string {
  return filter.kind === "session" ? eventId : filter.eventId;
}

/** Rounds of the filter's prelims, as `rd` in the seat sums subquery. */
function prelimRoundsWhere(filter: GameFilter): SQL {
  return filter.kind === "session"
    ? sql`rd.session_id = ${filter.sessionId}`
    : sql`rd.event_id = ${filter.eventId}`;
}

/** `[position, playerId]` pairs, tables in any order: see the `tables` column below. */
type RoundTablesTuple = [string, number, string, string, [number, string][]];

export async function loadStandingsData(
  ctx: ServiceContext,
  eventId: string,
  filter: GameFilter,
): Promise<StandingsData> {
  const { db } = ctx;
  const where = roundsWhere(filter);
  const evt = eventIdOf(filter, eventId);
  // Final results, literally: the partial index table_results_unscored_idx only serves a query
  // that spells its condition out (a bound 'final' would not match it).
  const isFinal = sql`${tableResults.status} = 'final'`;
  const unscored = sql`${tableResults.scoredVersion} is not ${tableResults.version}`;
  // Each round's final tables with their seats as ONE JSON text per round. The sheet stays a
  // JSON string inside: json() on it cost SQLite a parse and a print per table, more than
  // JSON.parse here. Seats come as [position, playerId] pairs and tables in any order; both are
  // put in order here, because the aggregate `ORDER BY` form is a syntax error to the SQL parser
  // of an embedded replica's client (libsql 0.9).
  const tablesToScore = (condition: SQL | undefined) =>
    db
      .select({
        roundId: rounds.id,
        sessionId: rounds.sessionId,
        kind: rounds.kind,
        roundNumber: rounds.number,
        tables: sql<string>`json_group_array(json_array(${gameTables.id}, ${gameTables.number},
          ${tableResults.winnerId}, ${tableResults.scores},
          json((select json_group_array(json_array(st.position, st.player_id)) from seats st
            where st.table_id = ${gameTables.id}))))`,
      })
      .from(tableResults)
      .innerJoin(gameTables, eq(gameTables.id, tableResults.tableId))
      .innerJoin(rounds, eq(rounds.id, gameTables.roundId))
      .where(and(eq(tableResults.eventId, evt), isFinal, condition))
      .groupBy(rounds.id)
      .orderBy(asc(rounds.kind), asc(rounds.number));
  const prelims = filter.kind === "event" ? and(eq(rounds.kind, "prelim")) : where;
  const [
    stored,
    summed,
    unscoredTables,
    playoffTables,
    [roundList],
    [registrationList],
    dqRows,
    sessionRows,
    [unique],
  ] = await db.batch([
    // Each prelim session's records, stored with its results (session-records.ts): 50 rows for
    // a 50-session event, where scoring the sheets read 6,000 seats.
    filter.kind === "session"
      ? db.select().from(sessionRecords).where(eq(sessionRecords.sessionId, filter.sessionId))
      : db.select().from(sessionRecords).where(eq(sessionRecords.eventId, evt)),
    // Sessions without a stored row (a seating or a trigger deleted it since the last result):
    // the same sums over their scored seats.
    db.all<{ session_id: string; records: string }>(
      seatSumsSql(
        sql`${prelimRoundsWhere(filter)} and not exists (select 1 from session_records sr where sr.session_id = rd.session_id)`,
      ),
    ),
    tablesToScore(and(prelims, unscored)),
    filter.kind === "event" ? tablesToScore(sql`${rounds.kind} <> 'prelim'`) : db.all(sql`select 1 where 0`),
    // Every round in scope with its table count and final tables, as one JSON text (the rows
    // are put in phase, session and number order below).
    // (Written out: Drizzle leaves columns unqualified in a one-table select, which would make
    // the subqueries' `round_id = id` compare a table with itself.)
    db.all<{ list: string }>(sql`select json_group_array(json_array(rounds.id, rounds.session_id, rounds.kind,
        rounds.number,
        (select count(*) from game_tables t where t.round_id = rounds.id),
        (select count(*) from game_tables t join table_results tr on tr.table_id = t.id
          where t.round_id = rounds.id and tr.status = 'final'))) as list
      from rounds where ${where}`),
    // Registrations in scope with the player's name, as one JSON text. Everyone a ranking shows
    // is registered in scope (seating takes a session's registrations, a seated player can't be
    // unregistered, a merge moves both), or disqualified (named by the query below).
    db
      .select({
        list: sql<string>`json_group_array(json_array(${registrations.sessionId}, ${registrations.playerId},
          ${registrations.eliminatedAt} is not null, ${registrations.noShowAt} is not null,
          ${registrations.droppedAfterGame}, ${players.name}))`,
      })
      .from(registrations)
      .innerJoin(sessions, eq(sessions.id, registrations.sessionId))
      .innerJoin(players, eq(players.id, registrations.playerId))
      .where(
        filter.kind === "session"
          ? eq(registrations.sessionId, filter.sessionId)
          : eq(sessions.eventId, filter.eventId),
      ),
    db
      .select({
        playerId: disqualifications.playerId,
        name: players.name,
        tableId: disqualifications.tableId,
        kind: rounds.kind,
      })
      .from(disqualifications)
      .innerJoin(players, eq(players.id, disqualifications.playerId))
      .innerJoin(gameTables, eq(gameTables.id, disqualifications.tableId))
      .innerJoin(rounds, eq(rounds.id, gameTables.roundId))
      .where(eq(disqualifications.eventId, evt)),
    db
      .select({ id: sessions.id, name: sessions.name, date: sessions.date })
      .from(sessions)
      .where(eq(sessions.eventId, evt))
      .orderBy(asc(sessions.date), asc(sessions.id)),
    // N (rule 1.2.2) is over the whole event: counted here for one session's standings only; the
    // event's registrations, read above for the other rankings, give it.
    filter.kind === "session"
      ? db
          .select({ n: sql<number>`count(distinct ${registrations.playerId})` })
          .from(registrations)
          .innerJoin(sessions, eq(sessions.id, registrations.sessionId))
          // No-shows signed up but never played: not participants (uniqueParticipantsSql).
          .where(and(eq(sessions.eventId, evt), isNull(registrations.noShowAt)))
      : db.all<{ n: number }>(sql`select null as n where 0`),
  ]);

  const registrationTuples = JSON.parse(registrationList?.list ?? "[]") as [
    sessionId: string,
    playerId: string,
    eliminated: 0 | 1,
    noShow: 0 | 1,
    droppedAfterGame: number | null,
    name: string,
  ][];
  const names = new Map<string, string>();
  for (const [, id, , , , name] of registrationTuples) names.set(id, name);
  for (const d of dqRows) names.set(d.playerId, d.name);

  const seatSums = new Map<string, SeatSums>();
  for (const row of stored) seatSums.set(row.sessionId, parseSeatSums(row.records));
  for (const row of summed) seatSums.set(row.session_id, parseSeatSums(row.records));

  const games: StoredGame[] = [];
  for (const r of [...unscoredTables, ...(playoffTables as typeof unscoredTables)]) {
    for (const [tableId, tableNumber, winnerId, scores, seats] of JSON.parse(
      r.tables,
    ) as RoundTablesTuple[]) {
      games.push({
        tableId,
        roundId: r.roundId,
        sessionId: r.sessionId,
        kind: r.kind,
        roundNumber: r.roundNumber,
        tableNumber,
        winnerId,
        scores: JSON.parse(scores) as StoredScore[],
        seatPlayerIds: seatsInTurnOrder(seats),
      });
    }
  }
  // Prelims (by session, then number), then the semifinals, then the final.
  const phase = { prelim: 0, semifinal: 1, final: 2 } as const;
  const roundTuples = JSON.parse(roundList?.list ?? "[]") as [
    string,
    string | null,
    RoundKind,
    number,
    number,
    number,
  ][];
  const roundProgress: RoundProgress[] = roundTuples
    .map(([id, sessionId, kind, number, tables, finalTables]) => ({
      id,
      sessionId,
      kind,
      number,
      tables,
      finalTables,
    }))
    .sort(
      (a, b) =>
        phase[a.kind] - phase[b.kind] ||
        binaryOrder(a.sessionId ?? "", b.sessionId ?? "") ||
        a.number - b.number,
    );
  const participants = new Set(
    registrationTuples.filter(([, , , noShow]) => noShow === 0).map(([, id]) => id),
  );

  return {
    seatSums,
    // Round then table order, as before the rounds were grouped (equal keys keep their order).
    games: games.sort(
      (a, b) =>
        (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0) ||
        a.roundNumber - b.roundNumber ||
        a.tableNumber - b.tableNumber,
    ),
    rounds: roundProgress,
    names,
    registrations: registrationTuples.map(([sessionId, playerId, eliminated, noShow, droppedAfterGame]) => ({
      sessionId,
      playerId,
      eliminated: eliminated === 1,
      noShow: noShow === 1,
      droppedAfterGame,
    })),
    disqualified: dqRows.map((d) => d.playerId),
    disqualifiedAt: new Map(dqRows.map((d) => [d.playerId, { tableId: d.tableId, kind: d.kind }])),
    sessions: sessionRows,
    uniqueParticipants: filter.kind === "session" ? Number(unique?.n ?? 0) : participants.size,
  };
}

/**
 * Scores a stored final sheet with the event's ruleset. A player is disqualified at the one
 * table where the referee recorded it (RULES.md §7): that table places them last. Every other
 * sheet stays as signed (rules 1.3.5, 1.2.3), so the others keep their 2nd and 3rd places;
 * the rankings drop the player's own rows. The results service scores sheets the same way.
 */
export function scoreStoredGame(
  ruleset: Ruleset,
  game: Pick<StoredGame, "tableId" | "winnerId" | "scores" | "seatPlayerIds">,
  disqualifiedAt: ReadonlyMap<string, { tableId: string }>,
): ScoredGame {
  try {
    return scoreGame({
      ruleset,
      seatPlayerIds: game.seatPlayerIds,
      scores: game.scores,
      winnerId: game.winnerId,
      disqualifiedPlayerIds: game.seatPlayerIds.filter(
        (id) => disqualifiedAt.get(id)?.tableId === game.tableId,
      ),
    });
  } catch (error) {
    if (!(error instanceof GameResultError)) throw error;
    // Only reachable if stored rows were edited behind the services' back.
    throw new ServiceError(
      "conflict",
      "inconsistent_result",
      `The final result of table ${game.tableId} does not match its seats: ${error.issues.map((i) => i.message).join("; ")}`,
      { rule: error.rule, issues: error.issues },
    );
  }
}
