/**
 * Issue 15, target 3: a player merge committed while a result write is in flight. The write
 * read the table's seats (and so the sheet's player ids) before the merge renamed the merged
 * player's seat and sheet entries to the kept player. Its batch then stores a sheet naming the
 * merged player, who no longer exists, and updates the seats by the ids it read: the renamed
 * seat is not updated. On build the table ends final with `scored_version = version` and three
 * of its four seats scored, so the rankings silently drop the kept player's game instead of
 * scoring the table from its sheet (and its sheet no longer matches its seats: on main the same
 * race made every ranking of the event a 409 inconsistent_result).
 *
 * Whatever the outcome (the write refused, or written), the table's stored scoring must be
 * all-or-nothing and equal to a recomputation, and every ranking must answer.
 *
 * The interleaving is deterministic: the client pauses the write's batch, runs the merge over
 * HTTP to completion, then lets the paused batch go.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../src/db/client";
import type { App } from "../src/http/app";
import { createOrgClient, type OrgClient } from "./helpers/auth";
import { type Pause, pausableDatabase } from "./helpers/pausable-database";
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
let round: Json;
let pauseBefore: (p: Pause) => void;

beforeEach(async () => {
  const pausable = await pausableDatabase();
  pauseBefore = pausable.pauseBefore;
  ({ app, db } = await createTestApp({ db: pausable.db, responseCacheBytes: 0 }));
  store = await createOrgClient(app, db);
  api = jsonRequest(app, store.auth);
  // P9 is P4 entered twice: never registered, never seated.
  t = await tournament(api, store.orgId, 9);
  sessionId = await t.session("Store A", "2026-12-05", [1, 2, 3, 4, 5, 6, 7, 8]);
  round = await t.seatGame(sessionId, [
    [1, 2, 3, 4],
    [5, 6, 7, 8],
  ]);
});

const mergeP4IntoP9 = async () => {
  const res = await api.post(`/v1/players/${t.P[4]}/merge`, { intoPlayerId: t.P[9] });
  expect(res.status, res.text).toBe(200);
};

async function expectRecomputed() {
  await expectStoredScoringExact(db, t.eventId);
  const paths = rankingPaths(t.eventId, [sessionId]);
  const stored = await readRankings(app, paths, store.auth);
  for (const read of stored) expect(read.status, `${read.path}: ${read.body}`).toBe(200);
  await wipeStoredScoring(db);
  expect(await readRankings(app, paths, store.auth)).toEqual(stored);
}

describe("a player merge committed while a result write is in flight", () => {
  it("a correction of a final sheet: P4 is merged into P9 between the correction's read and its batch", async () => {
    await t.play(round.tables);
    const table = round.tables[0];
    const sheet = t.strengthSheet(t.seatIdsOf(table));
    pauseBefore({ writes: /insert into "result_revisions"/, interleave: mergeP4IntoP9 });
    const res = await api.post(
      `/v1/tables/${table.id}/result/corrections`,
      {
        scores: sheet.scores.map((s) => (s.playerId === t.P[3] ? { ...s, vp: 7 } : s)),
        winnerId: sheet.winnerId,
        reason: "Transcription error: P3 had 7",
      },
      { "if-match": '"1"' },
    );
    expect(res.status, res.text).toBeLessThan(500);
    await expectRecomputed();
  });

  it("a signed sheet: P4 is merged into P9 between the submission's read and its batch", async () => {
    await t.play([round.tables[1]]);
    const table = round.tables[0];
    pauseBefore({ writes: /insert into "result_revisions"/, interleave: mergeP4IntoP9 });
    const res = await api.put(`/v1/tables/${table.id}/result`, t.strengthSheet(t.seatIdsOf(table)));
    expect(res.status, res.text).toBeLessThan(500);
    await expectRecomputed();
  });
});
