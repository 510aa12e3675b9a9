/**
 * Issue 15, target 3 under a race: a result write scores the sheet with the disqualifications
 * it READ, and stores that scoring in the seats (seats.scored). A disqualification that commits
 * between that read and the write's batch is not in the stored scoring, and its trigger ran
 * before the write, so nothing clears it: the rankings would keep placing the disqualified
 * player as signed at that table (RULES.md §7 places them last there). Whatever the outcome
 * (the write refused, or written), the stored scoring must equal a recomputation from the sheet.
 *
 * The interleaving is deterministic: the client pauses the result write's batch, runs the
 * disqualification over HTTP to completion, then lets the paused batch go.
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
let table: Json;
let pauseBefore: (p: Pause) => void;

beforeEach(async () => {
  const pausable = await pausableDatabase();
  pauseBefore = pausable.pauseBefore;
  ({ app, db } = await createTestApp({ db: pausable.db, responseCacheBytes: 0 }));
  store = await createOrgClient(app, db);
  api = jsonRequest(app, store.auth);
  t = await tournament(api, store.orgId, 8);
  sessionId = await t.session("Store A", "2026-12-05", [1, 2, 3, 4, 5, 6, 7, 8]);
  const round = await t.seatGame(sessionId, [
    [1, 2, 3, 4],
    [5, 6, 7, 8],
  ]);
  table = round.tables[0];
  await t.play([round.tables[1]]);
});

/** Invariant 1 on the rows, and the rankings equal to the same reads after a wipe. */
async function expectRecomputed() {
  await expectStoredScoringExact(db, t.eventId);
  const paths = rankingPaths(t.eventId, [sessionId]);
  const stored = await readRankings(app, paths, store.auth);
  await wipeStoredScoring(db);
  expect(stored).toEqual(await readRankings(app, paths, store.auth));
}

const disqualifyP2 = async () => {
  const res = await api.post(`/v1/tables/${table.id}/disqualifications`, {
    playerId: t.P[2],
    reason: "Unsporting conduct",
  });
  expect(res.status, res.text).toBe(200);
};

describe("a disqualification committed while a result write is in flight", () => {
  it("a signed sheet: P2 (8 VP) is disqualified at the table between the write's read and its batch", async () => {
    pauseBefore({ writes: /insert into "result_revisions"/, interleave: disqualifyP2 });
    const res = await api.put(`/v1/tables/${table.id}/result`, t.strengthSheet(t.seatIdsOf(table)));
    expect(res.status, res.text).toBeLessThan(500);
    await expectRecomputed();
  });

  it("the last confirmation: P2, who already confirmed, is disqualified before it commits", async () => {
    const sheet = { ...t.strengthSheet(t.seatIdsOf(table)), signed: false };
    expect((await api.put(`/v1/tables/${table.id}/result`, sheet)).status).toBe(200);
    for (const n of [1, 2, 3]) {
      const res = await api.post(`/v1/tables/${table.id}/result/confirmations`, { playerId: t.P[n] });
      expect(res.status, res.text).toBe(200);
    }
    pauseBefore({ writes: /insert into "result_revisions"/, interleave: disqualifyP2 });
    const last = await api.post(`/v1/tables/${table.id}/result/confirmations`, { playerId: t.P[4] });
    expect(last.status, last.text).toBeLessThan(500);
    await expectRecomputed();
  });
});
