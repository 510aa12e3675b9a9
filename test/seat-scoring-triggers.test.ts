/**
 * Issue 15: the triggers of migration 0011 clear a table's stored seat scoring (seats.scored,
 * table_results.scored_version) on every change outside a result write that could change how
 * the table scores, and those of 0012 drop its session's stored records. Each case writes by
 * SQL, as a script or an older server would, and then checks what was cleared, that the scored
 * seats still hold exactly their sheets' scoring, and that every ranking equals a full
 * recomputation from the sheets (the same reads after the stored scoring is wiped) and shows
 * the change.
 *
 * The event: session 1, game 1, table A = P1 P2 P3 P4 (P2 disqualified there before the sheet,
 * 10/8/6/4) and table B = P5 P6 P7, a 3-player table (10/8/6: 2026 adds a fictitious 4th of 8).
 */
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../src/db/client";
import { ruleRaisedByDatabase } from "../src/db/errors";
import type { App } from "../src/http/app";
import { createOrgClient, type OrgClient } from "./helpers/auth";
import {
  expectStoredScoringExact,
  rankingPaths,
  readRankings,
  wipeStoredScoring,
} from "./helpers/seat-scoring";
import { createTestApp } from "./helpers/test-app";
import { type Tournament, tournament } from "./helpers/tournament";
import { type JsonClient, jsonRequest } from "./helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let app: App;
let db: Database;
let store: OrgClient;
let api: JsonClient;
let t: Tournament;
let sessionId: string;
let A: string;
let B: string;

beforeEach(async () => {
  ({ app, db } = await createTestApp({ responseCacheBytes: 0 }));
  store = await createOrgClient(app, db);
  api = jsonRequest(app, store.auth);
  t = await tournament(api, store.orgId, 8);
  sessionId = await t.session("Store A", "2026-12-05", [1, 2, 3, 4, 5, 6, 7]);
  const round = await t.seatGame(sessionId, [
    [1, 2, 3, 4],
    [5, 6, 7],
  ]);
  [A, B] = round.tables.map((table: Json) => table.id as string);
  const dq = await api.post(`/v1/tables/${A}/disqualifications`, { playerId: t.P[2], reason: "Conduct" });
  expect(dq.status, dq.text).toBe(200);
  await t.play(round.tables);
  expect(await scoredState(A)).toEqual({ seats: "all", version: "current" });
  expect(await scoredState(B)).toEqual({ seats: "all", version: "current" });
  expect(await sessionRecordStored()).toBe(true);
});

/** Whether a table's seats are scored (all, none, or some) and its scored_version current. */
async function scoredState(tableId: string) {
  const rows = await db.all<{ scored: number; current: number }>(sql`select st.scored,
      tr.scored_version is tr.version as current
    from seats st join table_results tr on tr.table_id = st.table_id where st.table_id = ${tableId}`);
  const n = rows.filter((r) => r.scored === 1).length;
  return {
    seats: n === rows.length ? "all" : n === 0 ? "none" : "some",
    version: rows[0]?.current === 1 ? "current" : "cleared",
  };
}

async function sessionRecordStored(): Promise<boolean> {
  const rows = await db.all(sql`select 1 from session_records where session_id = ${sessionId}`);
  return rows.length === 1;
}

/**
 * The rows hold exactly their sheets' scoring, and every ranking is the same bytes before and
 * after a wipe of the stored scoring: returns the session standings, for the case's own checks.
 */
async function expectRankingsRecomputed(): Promise<Json> {
  await expectStoredScoringExact(db, t.eventId);
  const paths = rankingPaths(t.eventId, [sessionId]);
  const stored = await readRankings(app, paths, store.auth);
  for (const read of stored) expect(read.status, read.body).toBe(200);
  await wipeStoredScoring(db);
  expect(await readRankings(app, paths, store.auth)).toEqual(stored);
  return JSON.parse(stored[0]!.body);
}

const rowOf = (standings: Json, n: number) => standings.rows.find((r: Json) => r.player.id === t.P[n]);
const disqualifiedIds = (standings: Json) => standings.disqualified.map((r: Json) => r.player.id);

/** The sheet of a table as stored, with `edit` applied to its scores. */
async function editedSheet(
  tableId: string,
  edit: (s: { playerId: string; vp: number }) => { playerId: string; vp: number },
) {
  const [row] = await db.all<{ scores: string }>(
    sql`select scores from table_results where table_id = ${tableId}`,
  );
  return JSON.stringify((JSON.parse(row!.scores) as { playerId: string; vp: number }[]).map(edit));
}

describe("stored seat scoring is cleared by every change outside a result write (migration 0011)", () => {
  it("starts exact: P2 is placed last at A, where the disqualification was recorded", async () => {
    const standings = await expectRankingsRecomputed();
    expect(disqualifiedIds(standings)).toEqual([t.P[2]]);
    // P3 (6 VP) is 2nd at A once P2 (8 VP) is placed last; P4 is 3rd.
    expect(rowOf(standings, 3)).toMatchObject({ seconds: 1, thirds: 0 });
    expect(rowOf(standings, 4)).toMatchObject({ seconds: 0, thirds: 1 });
  });

  it("a disqualification inserted by SQL at a final table is refused (rule 1.3.6, migration 0001): nothing is cleared", async () => {
    const insert =
      db.run(sql`insert into disqualifications (id, event_id, table_id, player_id, reason, actor_client_id, created_at)
      values ('dsq_sql', ${t.eventId}, ${B}, ${t.P[6]}, 'Late', 'script', ${new Date().toISOString()})`);
    const refused = await insert.then(
      () => null,
      (error: unknown) => error,
    );
    expect(ruleRaisedByDatabase(refused)).toBe("1.3.6");
    expect(await scoredState(B)).toEqual({ seats: "all", version: "current" });
    expect(disqualifiedIds(await expectRankingsRecomputed())).toEqual([t.P[2]]);
  });

  it("a disqualification deleted by SQL clears its table: P2 is ranked and 2nd at A again", async () => {
    await db.run(sql`delete from disqualifications where player_id = ${t.P[2]}`);
    expect(await scoredState(A)).toEqual({ seats: "none", version: "cleared" });
    expect(await scoredState(B)).toEqual({ seats: "all", version: "current" });
    expect(await sessionRecordStored()).toBe(false);
    const standings = await expectRankingsRecomputed();
    expect(disqualifiedIds(standings)).toEqual([]);
    expect(rowOf(standings, 2)).toMatchObject({ vp: 8, seconds: 1 });
    expect(rowOf(standings, 3)).toMatchObject({ seconds: 0, thirds: 1 });
  });

  it("a disqualification moved to another player by SQL clears its table: P3 is last at A, P2 2nd", async () => {
    await db.run(sql`update disqualifications set player_id = ${t.P[3]} where player_id = ${t.P[2]}`);
    expect(await scoredState(A)).toEqual({ seats: "none", version: "cleared" });
    expect(await scoredState(B)).toEqual({ seats: "all", version: "current" });
    const standings = await expectRankingsRecomputed();
    expect(disqualifiedIds(standings)).toEqual([t.P[3]]);
    expect(rowOf(standings, 2)).toMatchObject({ seconds: 1, thirds: 0 });
    expect(rowOf(standings, 4)).toMatchObject({ seconds: 0, thirds: 1 });
  });

  it("a final sheet edited by SQL clears its table: P6's 9 VP count", async () => {
    const scores = await editedSheet(B, (s) => (s.playerId === t.P[6] ? { ...s, vp: 9 } : s));
    // Only a correction may change a final sheet (migration 0001): the script says it is one.
    await db.run(
      sql`update table_results set scores = ${scores}, finalized_by = 'correction' where table_id = ${B}`,
    );
    expect(await scoredState(B)).toEqual({ seats: "none", version: "cleared" });
    expect(await scoredState(A)).toEqual({ seats: "all", version: "current" });
    expect(await sessionRecordStored()).toBe(false);
    // 10 + 9 + 6 = 25, fictitious 4th round(25/3) = 8: table total 33.
    expect(rowOf(await expectRankingsRecomputed(), 6)).toMatchObject({ vp: 9, vpPctExact: "3/11" });
  });

  it("a seat moved in turn order by SQL clears its table", async () => {
    await db.batch([
      db.run(sql`update seats set position = 4 where table_id = ${B} and player_id = ${t.P[5]}`),
      db.run(sql`update seats set position = 1 where table_id = ${B} and player_id = ${t.P[6]}`),
      db.run(sql`update seats set position = 2 where table_id = ${B} and player_id = ${t.P[5]}`),
    ]);
    expect(await scoredState(B)).toEqual({ seats: "none", version: "cleared" });
    expect(await scoredState(A)).toEqual({ seats: "all", version: "current" });
    expect(await sessionRecordStored()).toBe(false);
    await expectRankingsRecomputed();
  });

  it("seats moved to another table by SQL clear both: P4 and P7 swapped between A and B, sheets to match", async () => {
    const swap = (s: { playerId: string; vp: number }) =>
      s.playerId === t.P[4]
        ? { ...s, playerId: t.P[7]! }
        : s.playerId === t.P[7]
          ? { ...s, playerId: t.P[4]! }
          : s;
    const sheetA = await editedSheet(A, swap);
    const sheetB = await editedSheet(B, swap);
    await db.batch([
      db.run(
        sql`update seats set table_id = ${B}, position = 4 where table_id = ${A} and player_id = ${t.P[4]}`,
      ),
      db.run(
        sql`update seats set table_id = ${A}, position = 4 where table_id = ${B} and player_id = ${t.P[7]}`,
      ),
      db.run(sql`update seats set position = 3 where table_id = ${B} and player_id = ${t.P[4]}`),
      db.run(
        sql`update table_results set scores = ${sheetA}, finalized_by = 'correction' where table_id = ${A}`,
      ),
      db.run(
        sql`update table_results set scores = ${sheetB}, finalized_by = 'correction' where table_id = ${B}`,
      ),
    ]);
    expect(await scoredState(A)).toEqual({ seats: "none", version: "cleared" });
    expect(await scoredState(B)).toEqual({ seats: "none", version: "cleared" });
    const standings = await expectRankingsRecomputed();
    // P7 now has A's 4 VP (3rd there), P4 has B's 6 VP (3rd of 3, with the fictitious 4th).
    expect(rowOf(standings, 7)).toMatchObject({ vp: 4, thirds: 1 });
    expect(rowOf(standings, 4)).toMatchObject({ vp: 6, vpPctExact: "3/16" });
  });

  it("a seat inserted at or deleted from a table with a result clears it", async () => {
    await db.run(sql`insert into seats (table_id, round_id, player_id, position)
      select ${B}, round_id, ${t.P[8]}, 4 from seats where table_id = ${B} limit 1`);
    expect(await scoredState(B)).toEqual({ seats: "none", version: "cleared" });
    expect(await scoredState(A)).toEqual({ seats: "all", version: "current" });
    // The sheet no longer matches its seats: nothing is scored from stored rows for it.
    await expectStoredScoringExact(db, t.eventId);

    await db.run(sql`delete from seats where table_id = ${A} and player_id = ${t.P[4]}`);
    expect(await scoredState(A)).toEqual({ seats: "none", version: "cleared" });
    await expectStoredScoringExact(db, t.eventId);
  });

  it("the ruleset changed by SQL clears every table of the event: legacy has no fictitious 4th", async () => {
    const [read] = await readRankings(app, rankingPaths(t.eventId, [sessionId]), store.auth);
    expect(rowOf(JSON.parse(read!.body), 5)).toMatchObject({ vpPctExact: "5/16" });
    // The API refuses a new ruleset once a result is in; a script does not ask.
    await db.run(sql`update events set ruleset = 'legacy' where id = ${t.eventId}`);
    expect(await scoredState(A)).toEqual({ seats: "none", version: "cleared" });
    expect(await scoredState(B)).toEqual({ seats: "none", version: "cleared" });
    expect(await sessionRecordStored()).toBe(false);
    // 10 / (10 + 8 + 6) at B, with no fictitious 4th.
    expect(rowOf(await expectRankingsRecomputed(), 5)).toMatchObject({ vpPctExact: "5/12" });
  });

  it("a player merge clears the tables of the merged player's seats, and the rankings follow the kept id", async () => {
    const merged = await api.post(`/v1/players/${t.P[7]}/merge`, { intoPlayerId: t.P[8] });
    expect(merged.status, merged.text).toBe(200);
    expect(await scoredState(B)).toEqual({ seats: "none", version: "cleared" });
    expect(await scoredState(A)).toEqual({ seats: "all", version: "current" });
    const standings = await expectRankingsRecomputed();
    expect(rowOf(standings, 8)).toMatchObject({ vp: 6, thirds: 1 });
    expect(rowOf(standings, 7)).toBeUndefined();
  });

  it("a round moved to another session by SQL drops both sessions' records (migration 0013)", async () => {
    // P2 is disqualified from the event (the setup), so the other session is without them.
    const other = await t.session("Store B", "2026-12-06", [1, 3, 4, 5, 6, 7, 8]);
    const seated = await t.seatGame(other, [
      [1, 3, 4, 5],
      [6, 7, 8],
    ]);
    await t.play(seated.tables);
    const stored = async (id: string) =>
      (await db.all(sql`select 1 from session_records where session_id = ${id}`)).length === 1;
    expect(await stored(other)).toBe(true);
    await db.run(
      sql`update rounds set session_id = ${other}, number = 2 where id = (select round_id from game_tables where id = ${A})`,
    );
    expect(await stored(sessionId)).toBe(false);
    expect(await stored(other)).toBe(false);
    const paths = rankingPaths(t.eventId, [sessionId, other]);
    const before = await readRankings(app, paths, store.auth);
    for (const read of before) expect(read.status, read.body).toBe(200);
    await wipeStoredScoring(db);
    expect(await readRankings(app, paths, store.auth)).toEqual(before);
    // The first session has no games left; the other has both rounds' games.
    expect(JSON.parse(before[0]!.body).rows).toEqual([]);
    expect(JSON.parse(before[1]!.body).rows.find((r: Json) => r.player.id === t.P[1]).games).toBe(2);
  });

  it("a seat moved to another round by SQL clears its table (migration 0013)", async () => {
    // Without P2 (disqualified in the setup) and P5, whose seat at B moves into this round.
    const other = await t.session("Store B", "2026-12-06", [1, 3, 4, 6, 7, 8]);
    const seated = await t.seatGame(other, [
      [1, 3, 4],
      [6, 7, 8],
    ]);
    const [row] = await db.all<{ id: string }>(
      sql`select round_id as id from game_tables where id = ${seated.tables[0].id}`,
    );
    await db.run(sql`update seats set round_id = ${row!.id} where table_id = ${B} and player_id = ${t.P[5]}`);
    expect(await scoredState(B)).toEqual({ seats: "none", version: "cleared" });
  });
});
