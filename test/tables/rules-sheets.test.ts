/**
 * Rules of one sheet (docs/rules.md#one-game) and of a session ranking (§4), through the API: the VP range
 * of a late victory declaration, the reportable maximum, and figures that only capped VP give.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createOrgClient, type OrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { type Tournament, tournament } from "../helpers/tournament";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let api: JsonClient;
let store: OrgClient;

beforeAll(async () => {
  const { app, db } = await createTestApp();
  store = await createOrgClient(app, db, { name: "Sheets store" });
  api = jsonRequest(app, store.auth);
});

/** A 4-player (or 3-player) session with one hand-seated game; returns the table. */
async function oneTable(players: number): Promise<{ t: Tournament; sessionId: string; table: Json }> {
  const t = await tournament(api, store.orgId, players);
  const numbers = Array.from({ length: players }, (_, i) => i + 1);
  const sessionId = await t.session("S1", "2026-12-05", numbers);
  const round = await t.seatGame(sessionId, [numbers]);
  return { t, sessionId, table: round.tables[0] };
}

const sheet = (t: Tournament, vps: number[], winner = 1) => ({
  scores: vps.map((vp, i) => ({ playerId: t.P[i + 1]!, vp })),
  winnerId: t.P[winner]!,
  signed: true,
});

describe("late victory declaration (rule 3.0.17)", () => {
  it("accepts a non-winner with 12 VP and ranks them with 10 counted VP", async () => {
    const { t, sessionId, table } = await oneTable(4);
    // P2 reached 12 without declaring; P1 declared at 10 on their own turn and won.
    const res = await api.put(`/v1/tables/${table.id}/result`, sheet(t, [10, 12, 6, 4]));
    expect(res.status, res.text).toBe(200);
    expect(res.body.seats.map((s: Json) => [s.vp, s.placement])).toEqual([
      [10, 1],
      [12, 2],
      [6, 3],
      [4, 4],
    ]);
    const standings = (await api.get(`/v1/sessions/${sessionId}/standings`)).body;
    const p2 = standings.rows.find((r: Json) => r.player.id === t.P[2]);
    // Table total from counted VP: 10 + 10 + 6 + 4 = 30, so P2's share is 10/30.
    expect(p2).toMatchObject({ rank: 2, wins: 0, vp: 10, seconds: 1, vpPctExact: "1/3" });
  });

  it("accepts non-winners from 2 to 20 VP and refuses 21 (the reportable maximum) and 1", async () => {
    const { t, table } = await oneTable(4);
    const tooMany = await api.put(`/v1/tables/${table.id}/result`, sheet(t, [10, 21, 6, 4]));
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual([
      expect.objectContaining({ path: "scores[1].vp", message: expect.stringContaining("maximum of 20") }),
    ]);
    const winnerTooMany = await api.put(`/v1/tables/${table.id}/result`, sheet(t, [21, 8, 6, 4]));
    expect(winnerTooMany.status).toBe(422);
    const tooFew = await api.put(`/v1/tables/${table.id}/result`, sheet(t, [10, 1, 6, 4]));
    expect(tooFew.status).toBe(422);
    const edge = await api.put(`/v1/tables/${table.id}/result`, sheet(t, [20, 20, 2, 11]));
    expect(edge.status, edge.text).toBe(200);
    expect(edge.body.seats.map((s: Json) => s.placement)).toEqual([1, 2, 4, 2]);
  });
});
