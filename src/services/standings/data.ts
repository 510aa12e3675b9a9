/**
 * Round trip 2 of every ranking read: ONE `db.batch` of plain selects: the final result sheets
 * in scope with their seats (one JSON text per round), rounds progress, player names and
 * registrations, disqualifications and sessions. The domain scores each sheet (scoreGame) and
 * ranks the records it sums: the sheets are the only truth a ranking is computed from.
 */
import type { InStatement } from "@libsql/client";
import type { StoredScore } from "../../db/schema";
import { GameResultError } from "../../domain/errors";
import { type Ruleset, type ScoredGame, scoreGame } from "../../domain/game-score";
import { compareIds } from "../../domain/standings";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";

type RoundKind = "prelim" | "semifinal" | "final";

/** Which games of the event a ranking reads: one session's prelims, all its prelims, or everything. */
export type GameFilter = { kind: "session"; sessionId: string } | { kind: "prelims" | "event" };

/** A final table's sheet as a ranking reads it. */
export type StoredGame = ReturnType<typeof gamesOf>[number];

/** What a ranking is computed from: the batch's rows, parsed. */
export type StandingsData = Awaited<ReturnType<typeof loadStandingsData>>;

/** `[tableId, tableNumber, winnerId, scores (JSON text), [position, playerId][], signedAt]`, any order. */
type RoundTablesTuple = [string, number, string, string, [number, string][], string | null];

/**
 * Each round's final tables (among `rd`, `tr`, `t` that `condition` selects) with their seats as
 * ONE JSON text per round: one row per round instead of one per seat. The sheet stays a JSON
 * string inside (json() on it would make SQLite parse and print it again). Seats come as
 * [position, playerId] pairs and tables in any order; both are put in order here, because the
 * aggregate `ORDER BY` form is a syntax error to an embedded replica's SQL parser (libsql 0.9).
 * When each sheet was signed is read for a session's standings only, the one ranking that
 * uses it: its subquery is a third of the statement's time.
 */
function finalTablesSql(condition: string, signedAt: boolean): string {
  return `select rd.id as round_id, rd.session_id, rd.kind, rd.number,
      json_group_array(json_array(t.id, t.number, tr.winner_id, tr.scores,
        json((select json_group_array(json_array(st.position, st.player_id)) from seats st
          where st.table_id = t.id)),
        ${signedAt ? "(select min(rv.created_at) from result_revisions rv where rv.table_id = t.id and rv.status = 'final')" : "null"}))
      as tables
    from table_results tr join game_tables t on t.id = tr.table_id join rounds rd on rd.id = t.round_id
    where tr.status = 'final' and ${condition}
    group by rd.id`;
}

/** The statements of the batch, as SQL text: the same few for every read of a kind. */
function readStatements(filter: GameFilter, eventId: string): InStatement[] {
  const session = filter.kind === "session" ? filter.sessionId : null;
  const scope = session ?? eventId;
  const prelimRounds = session ? "rd.session_id = ?" : "rd.event_id = ?";
  const inScope = filter.kind === "event" ? "rd.event_id = ?" : `${prelimRounds} and rd.kind = 'prelim'`;
  return [
    // A session's tables are found from its rounds; an event's from its results (indexed by
    // event), not by scanning every round's tables.
    session
      ? { sql: finalTablesSql(inScope, true), args: [scope] }
      : { sql: finalTablesSql(`tr.event_id = ? and ${inScope}`, false), args: [eventId, scope] },
    // Every round in scope with its table count and final tables, as one JSON text (put in
    // phase, session and number order below).
    {
      sql: `select json_group_array(json_array(rd.id, rd.session_id, rd.kind, rd.number,
          (select count(*) from game_tables t where t.round_id = rd.id),
          (select count(*) from game_tables t join table_results tr on tr.table_id = t.id
            where t.round_id = rd.id and tr.status = 'final'))) as list
        from rounds rd where ${inScope}`,
      args: [scope],
    },
    // Registrations in scope with the player's name, as one JSON text. Everyone a ranking shows
    // is registered in scope (seating takes a session's registrations, a seated player can't be
    // unregistered, a merge moves both), or disqualified (named by the next statement).
    {
      sql: `select json_group_array(json_array(reg.session_id, reg.player_id, reg.eliminated_at is not null,
          reg.no_show_at is not null, reg.dropped_after_game, p.name)) as list
        from registrations reg join sessions s on s.id = reg.session_id join players p on p.id = reg.player_id
        where ${session ? "reg.session_id = ?" : "s.event_id = ?"}`,
      args: [scope],
    },
    {
      sql: `select d.player_id, p.name, d.table_id, rd.kind, rd.session_id, d.created_at
        from disqualifications d join players p on p.id = d.player_id
          join game_tables t on t.id = d.table_id join rounds rd on rd.id = t.round_id
        where d.event_id = ?`,
      args: [eventId],
    },
    { sql: "select id, name, date from sessions where event_id = ? order by date, id", args: [eventId] },
    // N (rule 1.2.2) is over the whole event: counted here for one session's standings; the
    // event's registrations, read above for the other rankings, give it. No-shows signed up but
    // never played: not participants.
    ...(session
      ? [
          {
            sql: `select count(distinct reg.player_id) as n from registrations reg join sessions s on s.id = reg.session_id
              where s.event_id = ? and reg.no_show_at is null`,
            args: [eventId],
          },
        ]
      : []),
  ];
}

export async function loadStandingsData(ctx: ServiceContext, eventId: string, filter: GameFilter) {
  const statements = readStatements(filter, eventId);
  const [finalTables, roundList, registrationList, dqRows, sessionRows, unique] = (
    await ctx.db.$client.batch(statements)
  ).map((r) => r.rows);
  const registrations = registrationsOf(registrationList!);
  const names = new Map(registrations.map((r) => [r.playerId, r.name]));
  const disqualifiedAt = disqualificationsOf(dqRows!, names);
  const participants = new Set(registrations.filter((r) => !r.noShow).map((r) => r.playerId));
  return {
    /**
     * Final tables in scope, in round then table order: the prelim tables of the session or the
     * event and, for event standings, every semifinal and final table. Pending results are not read.
     */
    games: gamesOf(finalTables!),
    rounds: roundsOf(roundList!),
    names,
    /** Registrations in scope; each keeps its `name` too: cheaper than a copy without it. */
    registrations,
    /** Players disqualified from the event (rule 1.3.6): out of every ranking of it. */
    disqualified: [...disqualifiedAt.keys()],
    /**
     * Where and when each disqualification was recorded: the only table that places the player
     * last, and the time that tells which sessions were signed before it
     * (docs/rules.md#disqualification).
     */
    disqualifiedAt,
    /** The event's sessions in date order (then id), as qualification wants them. */
    sessions: sessionRows!.map((r) => ({
      id: r.id as string,
      name: r.name as string,
      date: r.date as string | null,
    })),
    /** N of rule 1.2.2: unique players registered over all the event's sessions, no-shows aside. */
    uniqueParticipants: filter.kind === "session" ? Number(unique?.[0]?.n ?? 0) : participants.size,
  };
}

type Rows = readonly Record<string, unknown>[];

/** Every final table, one row per round holding its tables as JSON, in round then table order. */
function gamesOf(rows: Rows) {
  const games = [];
  for (const r of rows) {
    for (const [tableId, tableNumber, winnerId, scores, seats, signedAt] of JSON.parse(
      r.tables as string,
    ) as RoundTablesTuple[]) {
      games.push({
        tableId,
        roundId: r.round_id as string,
        sessionId: r.session_id as string | null,
        kind: r.kind as RoundKind,
        roundNumber: r.number as number,
        tableNumber,
        winnerId,
        scores: JSON.parse(scores) as StoredScore[],
        /** In turn order. */
        seatPlayerIds: seats.sort((a, b) => a[0] - b[0]).map(([, id]) => id),
        /**
         * When the sheet first became final (signed, confirmed or decided): corrections don't move
         * it. Read for a session's standings only; null in the other rankings.
         */
        signedAt,
      });
    }
  }
  // Equal keys keep the order they were read in.
  return games.sort(
    (a, b) => compareIds(a.kind, b.kind) || a.roundNumber - b.roundNumber || a.tableNumber - b.tableNumber,
  );
}

const PHASE_ORDER = { prelim: 0, semifinal: 1, final: 2 } as const;

/** The `list` column of a statement's one row: a JSON array of tuples. */
function listOf<T>(rows: Rows): T[] {
  return JSON.parse((rows[0]?.list as string | undefined) ?? "[]") as T[];
}

/** The rounds with their progress: prelims (by session, then number), the semifinals, the final. */
function roundsOf(rows: Rows) {
  return listOf<[string, string | null, RoundKind, number, number, number]>(rows)
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
        PHASE_ORDER[a.kind] - PHASE_ORDER[b.kind] ||
        compareIds(a.sessionId ?? "", b.sessionId ?? "") ||
        a.number - b.number,
    );
}

function registrationsOf(rows: Rows) {
  return listOf<[string, string, 0 | 1, 0 | 1, number | null, string]>(rows).map(
    ([sessionId, playerId, eliminated, noShow, droppedAfterGame, name]) => ({
      sessionId,
      playerId,
      eliminated: eliminated === 1,
      noShow: noShow === 1,
      droppedAfterGame,
      name,
    }),
  );
}

/** Where each disqualified player was disqualified; their names join `names` (they may have no registration left). */
function disqualificationsOf(rows: Rows, names: Map<string, string>) {
  for (const d of rows) names.set(d.player_id as string, d.name as string);
  return new Map(
    rows.map((d) => [
      d.player_id as string,
      {
        tableId: d.table_id as string,
        kind: d.kind as RoundKind,
        /** The session of the table where it was recorded (null: a playoff table). */
        sessionId: d.session_id as string | null,
        /** When it was recorded. */
        at: d.created_at as string,
      },
    ]),
  );
}

/**
 * Scores a stored final sheet with the event's ruleset. A player is disqualified at the one
 * table where the referee recorded it (docs/rules.md#people-and-results): that table places them last. Every other
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
