/**
 * Ranking rules (docs/rules.md#one-game, §4) that only show with particular sheets, through the API:
 * 3rd places deciding a row, and the fictitious 4th score of a 3-player table averaged from
 * counted (capped) VP, checked as exact fractions.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createOrgClient, type OrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { range, tournament } from "../helpers/tournament";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let api: JsonClient;
let store: OrgClient;

beforeAll(async () => {
  const { app, db } = await createTestApp();
  store = await createOrgClient(app, db, { name: "Ranking store" });
  api = jsonRequest(app, store.auth);
});

describe("session ranking tiebreaks (rules 1.4.2, 1.4.3)", () => {
  it("3rd places decide between equal wins, VP, VP% and 2nd places", async () => {
    const t = await tournament(api, store.orgId, 8);
    const session = await t.session("S1", "2026-12-05", range(1, 8));
    const round = await t.seatGame(session, [range(1, 4), range(5, 8)]);
    // A = P3: 5 VP, 3rd at 10, 9, 5, 3 (total 27). B = P8: 5 VP, 4th at 10, 6, 6, 5 (total 27).
    const vps: Record<number, number> = { 1: 10, 2: 9, 3: 5, 4: 3, 5: 10, 6: 6, 7: 6, 8: 5 };
    await t.play(round.tables, (seatIds) => ({
      scores: seatIds.map((playerId) => ({ playerId, vp: vps[t.numberOf.get(playerId)!]! })),
      winnerId: seatIds[0]!,
      signed: true,
    }));
    const rows = (await api.get(`/v1/sessions/${session}/standings`)).body.rows;
    const row = (n: number) => rows.find((r: Json) => r.player.id === t.P[n]);
    expect(row(3)).toMatchObject({ wins: 0, vp: 5, vpPctExact: "5/27", seconds: 0, thirds: 1 });
    expect(row(8)).toMatchObject({ wins: 0, vp: 5, vpPctExact: "5/27", seconds: 0, thirds: 0 });
    expect(row(8).rank).toBe(row(3).rank + 1);
    expect(row(3)).toMatchObject({ decidedBy: "thirds", decidedByLots: false });
  });
});

describe("3-player tables (rule 1.4.3)", () => {
  it("average the fictitious 4th from counted VP: a winner's 12 counts 10", async () => {
    const t = await tournament(api, store.orgId, 3);
    const session = await t.session("S1", "2026-12-05", [1, 2, 3]);
    const round = await t.seatGame(session, [[1, 2, 3]]);
    const vps: Record<number, number> = { 1: 12, 2: 8, 3: 7 };
    await t.play(round.tables, (seatIds) => ({
      scores: seatIds.map((playerId) => ({ playerId, vp: vps[t.numberOf.get(playerId)!]! })),
      winnerId: t.P[1]!,
      signed: true,
    }));
    // Counted 10 + 8 + 7 = 25, fictitious 4th round(25 / 3) = 8, table total 33.
    // (Reported VP would give 27 / 3 = 9 and a total of 36.)
    const rows = (await api.get(`/v1/sessions/${session}/standings`)).body.rows;
    expect(rows.map((r: Json) => [r.player.id, r.vp, r.vpPctExact])).toEqual([
      [t.P[1], 10, "10/33"],
      [t.P[2], 8, "8/33"],
      [t.P[3], 7, "7/33"],
    ]);
    expect(rows[0].vpPct).toBe("0.3030303030303030");
  });
});
