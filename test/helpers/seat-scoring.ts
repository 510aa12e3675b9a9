/**
 * Checks of the seat scoring stored with each result (issue 15, migration 0011): what the
 * seats hold is exactly what scoreGame gives for the table's current final sheet, and the
 * rankings built from it are the rankings a full recomputation from the sheets builds.
 *
 *   await expectStoredScoringExact(db, eventId);           // invariant on the rows
 *   const before = await readRankings(app, paths, auth);
 *   await wipeStoredScoring(db);                           // every table scored from its sheet
 *   expect(await readRankings(app, paths, auth)).toEqual(before);
 */
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "../../src/db/client";
import type { StoredScore } from "../../src/db/schema";
import { fraction } from "../../src/domain/fraction";
import { type Ruleset, scoreGame } from "../../src/domain/game-score";
import { SHARE_UNIT } from "../../src/domain/share-units";
import type { App } from "../../src/http/app";

interface SeatRow {
  session_id: string | null;
  kind: "prelim" | "semifinal" | "final";
  table_id: string;
  player_id: string;
  position: number;
  vp: number | null;
  placement: number | null;
  counted: number | null;
  share_units: number | null;
  win: number | null;
  disqualified_here: number | null;
  scored: number;
  status: "pending" | "final" | null;
  version: number | null;
  scored_version: number | null;
  scores: string | null;
  winner_id: string | null;
}

/** What was seen, so a property test can show its histories reach every case. */
export interface ScoringCensus {
  scoredTables: number;
  /** Final tables whose seats are not scored (a trigger or a wipe cleared them). */
  clearedTables: number;
  scoredThreeSeatTables: number;
  scoredTablesWithDisqualification: number;
}

/**
 * Invariant 1: every scored seat holds scoreGame's scoring of its table's current final sheet
 * (with the disqualifications recorded at that table); a final table's seats are all scored
 * with `scored_version = version`, or none is and `scored_version` is not the version (so the
 * rankings score it from its sheet); a table without a final result has no scored seat; and a
 * stored session_records row (migration 0012) holds the sums of its session's scored seats.
 */
export async function expectStoredScoringExact(db: Database, eventId: string): Promise<ScoringCensus> {
  const [event] = await db.all<{ ruleset: Ruleset }>(sql`select ruleset from events where id = ${eventId}`);
  const rows =
    await db.all<SeatRow>(sql`select rd.session_id, rd.kind, st.table_id, st.player_id, st.position, st.vp, st.placement,
      st.counted, st.share_units, st.win, st.disqualified_here, st.scored,
      tr.status, tr.version, tr.scored_version, tr.scores, tr.winner_id
    from seats st join game_tables gt on gt.id = st.table_id join rounds rd on rd.id = gt.round_id
    left join table_results tr on tr.table_id = st.table_id
    where rd.event_id = ${eventId}
    order by st.table_id, st.position`);
  const dqRows = await db.all<{ table_id: string; player_id: string }>(
    sql`select table_id, player_id from disqualifications where event_id = ${eventId}`,
  );
  const census: ScoringCensus = {
    scoredTables: 0,
    clearedTables: 0,
    scoredThreeSeatTables: 0,
    scoredTablesWithDisqualification: 0,
  };
  const byTable = new Map<string, SeatRow[]>();
  for (const row of rows) byTable.set(row.table_id, [...(byTable.get(row.table_id) ?? []), row]);
  for (const [tableId, seats] of byTable) {
    const head = seats[0]!;
    const scored = seats.filter((s) => s.scored === 1).length;
    if (head.status !== "final") {
      expect(scored, `table ${tableId} (${head.status ?? "no result"}) has scored seats`).toBe(0);
      continue;
    }
    if (scored === 0) {
      expect(
        head.scored_version,
        `final table ${tableId}: no seat scored, but scored_version = version (the rankings would skip it)`,
      ).not.toBe(head.version);
      census.clearedTables++;
      continue;
    }
    expect(scored, `final table ${tableId}: only some seats are scored`).toBe(seats.length);
    expect(head.scored_version, `final table ${tableId}: seats scored, scored_version is stale`).toBe(
      head.version,
    );
    const here = dqRows.filter((d) => d.table_id === tableId).map((d) => d.player_id);
    const game = scoreGame({
      ruleset: event!.ruleset,
      seatPlayerIds: seats.map((s) => s.player_id),
      scores: JSON.parse(head.scores!) as StoredScore[],
      winnerId: head.winner_id!,
      disqualifiedPlayerIds: here,
    });
    const stored = seats.map((s) => ({
      playerId: s.player_id,
      vp: s.vp,
      counted: s.counted,
      // Reduced, as scoreGame gives it (a sum over SHARE_UNIT is kept unreduced on read).
      share: s.share_units === null ? null : fraction(BigInt(s.share_units), SHARE_UNIT),
      placement: s.placement,
      // 0/1 exactly: SQL sums these columns, a NULL would count as nothing.
      win: s.win,
      disqualified: s.disqualified_here,
    }));
    expect(stored, `final table ${tableId}: stored scoring differs from its sheet`).toEqual(
      game.seats.map((s) => ({ ...s, win: s.win ? 1 : 0, disqualified: s.disqualified ? 1 : 0 })),
    );
    census.scoredTables++;
    if (seats.length === 3) census.scoredThreeSeatTables++;
    if (here.length > 0) census.scoredTablesWithDisqualification++;
  }
  await expectSessionRecordsSummed(db, eventId, rows);
  return census;
}

type RecordTuple = [string, number, number, number, string, number, number, number];

/**
 * Every session whose stored records count (a session_records row) has one
 * session_player_records row per player with scored prelim seats there, equal to their sums.
 */
async function expectSessionRecordsSummed(db: Database, eventId: string, rows: readonly SeatRow[]) {
  const [exists] = await db.all<{ n: number }>(
    sql`select count(*) as n from sqlite_master where type = 'table' and name = 'session_player_records'`,
  );
  if (exists!.n === 0) return;
  const counting = await db.all<{ session_id: string }>(
    sql`select session_id from session_records where event_id = ${eventId}`,
  );
  for (const { session_id } of counting) {
    const sums = new Map<string, RecordTuple>();
    for (const s of rows) {
      if (s.session_id !== session_id || s.kind !== "prelim" || s.scored !== 1) continue;
      const r = sums.get(s.player_id) ?? [s.player_id, 0, 0, 0, "0", 0, 0, 0];
      sums.set(s.player_id, [
        s.player_id,
        r[1] + 1,
        r[2] + (s.win ?? 0),
        r[3] + s.counted!,
        String(BigInt(r[4]) + BigInt(s.share_units!)),
        r[5] + (s.placement === 2 ? 1 : 0),
        r[6] + (s.placement === 3 ? 1 : 0),
        Math.max(r[7], s.disqualified_here ?? 0),
      ]);
    }
    const stored = await db.all<{ tuple: string }>(sql`select json_array(player_id, games, wins, vp,
        cast(share_units as text), seconds, thirds, disqualified_here) as tuple
      from session_player_records where session_id = ${session_id}`);
    const byId = (a: RecordTuple, b: RecordTuple) => (a[0] < b[0] ? -1 : 1);
    const got = stored.map((r) => JSON.parse(r.tuple) as RecordTuple);
    expect(got.sort(byId), `session_player_records of session ${session_id}`).toEqual(
      [...sums.values()].sort(byId),
    );
  }
}

/** Per seat of a table: scored, with the table's scored_version its current version (what a result write stores). */
export async function scoredFlags(db: Database, tableId: string) {
  const rows = await db.all<{ scored: number; fresh: number }>(sql`select st.scored,
      (tr.scored_version is tr.version) as fresh
    from seats st join table_results tr on tr.table_id = st.table_id where st.table_id = ${tableId}`);
  return rows.map((r) => r.scored === 1 && r.fresh === 1);
}

/**
 * Forgets every stored scoring, as a database written before migration 0011 has it: the
 * rankings then score every final table from its sheet (a full recomputation).
 */
export async function wipeStoredScoring(db: Database): Promise<void> {
  await db.run(sql`update seats set scored = 0 where scored = 1`);
  await db.run(sql`update table_results set scored_version = null where scored_version is not null`);
  const [records] = await db.all<{ n: number }>(
    sql`select count(*) as n from sqlite_master where type = 'table' and name = 'session_records'`,
  );
  if (records!.n > 0) {
    await db.run(sql`delete from session_records`);
    await db.run(sql`delete from session_player_records`);
  }
}

/** Every ranking of an event: each session's standings, the qualification, the event standings. */
export function rankingPaths(eventId: string, sessionIds: readonly string[]): string[] {
  return [
    ...sessionIds.map((s) => `/v1/sessions/${s}/standings`),
    `/v1/events/${eventId}/qualification`,
    `/v1/events/${eventId}/standings`,
  ];
}

/** Status and body bytes of each path (the app must keep no cached bodies: responseCacheBytes 0). */
export async function readRankings(app: App, paths: readonly string[], headers: Record<string, string>) {
  const out: { path: string; status: number; body: string }[] = [];
  for (const path of paths) {
    const res = await app.request(path, { headers });
    out.push({ path, status: res.status, body: await res.text() });
  }
  return out;
}
