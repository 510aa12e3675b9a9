/**
 * A player merge of two ids of one person, each disqualified in a different session of the same
 * event (one disqualification per event and player is all the event holds).
 *
 * docs/rules.md#corrections: a final result changes only through an organiser's correction,
 * audited, never silently. docs/rules.md#disqualification: the player is placed last at the table
 * where the disqualification was recorded, so nobody there loses a 2nd or 3rd place to them, and
 * the table view and the standings always agree. A merge may rename the seat; it must not make a
 * signed sheet place its players differently (nor drop the record of a disqualification). If the
 * two disqualifications cannot both be kept, the merge must be refused, not resolved by quietly
 * deleting one of them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createOrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { handSeating, range, type Tournament, tournament } from "../helpers/tournament";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let api: JsonClient;
let t: Tournament;
let s1: string;
let s2: string;
let t1: Json;
let t2: Json;

const placements = (table: Json) =>
  Object.fromEntries(table.seats.map((s: Json) => [s.player.id, s.placement]));

beforeAll(async () => {
  const { app, db } = await createTestApp();
  const store = await createOrgClient(app, db, { name: "Merge DQ store" });
  api = jsonRequest(app, store.auth);
  t = await tournament(api, store.orgId, 24);
  s1 = await t.session("Store day 1", "2026-12-05", range(1, 12));
  s2 = await t.session("Store day 2", "2026-12-12", range(13, 24));
  const g1s1 = await t.seatGame(s1, handSeating(range(1, 12), 1));
  const g1s2 = await t.seatGame(s2, handSeating(range(13, 24), 1));
  t1 = g1s1.tables[0]; // P1 P2 P3 P4
  t2 = g1s2.tables[0]; // P13 P14 P15 P16

  // P1 (an id of the person) is disqualified at t1 during game 1 of day 1.
  const dq1 = await api.post(`/v1/tables/${t1.id}/disqualifications`, {
    playerId: t.P[1],
    reason: "Abusive behaviour",
  });
  expect(dq1.status, dq1.text).toBe(200);
  // Their sheet is signed as played: P1 had 9 VP, placed last all the same.
  const sheet1 = await api.put(`/v1/tables/${t1.id}/result`, {
    scores: [
      { playerId: t.P[1], vp: 9 },
      { playerId: t.P[2], vp: 10 },
      { playerId: t.P[3], vp: 8 },
      { playerId: t.P[4], vp: 6 },
    ],
    winnerId: t.P[2],
    signed: true,
  });
  expect(sheet1.status, sheet1.text).toBe(200);
  await t.play(g1s1.tables.slice(1));

  // P13 (the other id of the same person) is disqualified at t2 on day 2.
  const dq2 = await api.post(`/v1/tables/${t2.id}/disqualifications`, {
    playerId: t.P[13],
    reason: "Helping another player win",
  });
  expect(dq2.status, dq2.text).toBe(200);
  const sheet2 = await api.put(`/v1/tables/${t2.id}/result`, {
    scores: [
      { playerId: t.P[13], vp: 7 },
      { playerId: t.P[14], vp: 10 },
      { playerId: t.P[15], vp: 8 },
      { playerId: t.P[16], vp: 6 },
    ],
    winnerId: t.P[14],
    signed: true,
  });
  expect(sheet2.status, sheet2.text).toBe(200);
  await t.play(g1s2.tables.slice(1));
}, 60_000);

describe("merging two ids of one person, each disqualified in another session of the event", () => {
  it("never changes the placements of a signed sheet, nor loses a disqualification", async () => {
    const before = (await api.get(`/v1/tables/${t1.id}`)).body;
    expect(placements(before)).toEqual({ [t.P[2]!]: 1, [t.P[3]!]: 2, [t.P[4]!]: 3, [t.P[1]!]: 4 });
    const standingsBefore = (await api.get(`/v1/sessions/${s1}/standings`)).body;
    const p3Before = standingsBefore.rows.find((r: Json) => r.player.id === t.P[3]);
    const auditBefore = (await t.audit()).length;

    const merge = await api.post(`/v1/players/${t.P[1]}/merge`, { intoPlayerId: t.P[13] });

    if (merge.status === 200) {
      // The merge went through: the signed sheet at t1 still places the person last and the
      // others where they signed (P3 2nd, P4 3rd); the seat is still marked disqualified there.
      const after = (await api.get(`/v1/tables/${t1.id}`)).body;
      expect(after.result.version).toBe(before.result.version);
      expect(placements(after)).toEqual({ [t.P[2]!]: 1, [t.P[3]!]: 2, [t.P[4]!]: 3, [t.P[13]!]: 4 });
      // The session's standings agree with the table view: P3's 2nd place at t1 still counts.
      const standingsAfter = (await api.get(`/v1/sessions/${s1}/standings`)).body;
      const p3After = standingsAfter.rows.find((r: Json) => r.player.id === t.P[3]);
      expect({ seconds: p3After.seconds, thirds: p3After.thirds, rank: p3After.rank }).toEqual({
        seconds: p3Before.seconds,
        thirds: p3Before.thirds,
        rank: p3Before.rank,
      });
      expect(after.seats.find((s: Json) => s.player.id === t.P[13]).disqualified).toBe(true);
    } else {
      // Or the merge is refused (409), naming why, and nothing changed.
      expect(merge.status, merge.text).toBe(409);
      expect(merge.headers.get("content-type")).toContain("application/problem+json");
      expect((await t.audit()).length).toBe(auditBefore);
      expect(placements((await api.get(`/v1/tables/${t1.id}`)).body)).toEqual(placements(before));
    }
  }, 30_000);
});
