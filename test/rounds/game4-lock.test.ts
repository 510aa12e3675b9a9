/**
 * Game 4 of an 80+ session is a seated phase (docs/rules.md#corrections, rules 1.1.5, 1.1.7):
 * it is cut and snake-seated from games 1–3, so once it is seated a correction of a game 1–3
 * table is refused (409 `phase_locked` naming game 4), exactly as after the semifinals. The way
 * out: remove game 4 while it has no result, correct, seat it again.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createOrgClient } from "../helpers/auth";
import { sheetWon, tableLostBy } from "../helpers/corrections";
import { createTestApp } from "../helpers/test-app";
import { range, type Tournament, tournament } from "../helpers/tournament";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let api: JsonClient;
let t: Tournament;
let sessionId: string;
let prelims: Json[];

beforeAll(async () => {
  const { app, db } = await createTestApp();
  const store = await createOrgClient(app, db, { name: "Game 4 store" });
  api = jsonRequest(app, store.auth);
  t = await tournament(api, store.orgId, 80);
  sessionId = await t.session("Day 1", "2026-12-05", range(1, 80));
  prelims = await t.playPrelims(sessionId, range(1, 80));
}, 60_000);

describe("a game 1–3 correction once game 4 is seated", () => {
  let game4: Json;
  let table: Json;
  let winner: string;

  it("is refused with 409 phase_locked naming game 4 and the way out", async () => {
    const seated = await api.post(`/v1/sessions/${sessionId}/rounds`, {});
    expect(seated.status, seated.text).toBe(201);
    game4 = seated.body.data[0];
    expect(game4).toMatchObject({ number: 4, method: "snake" });
    winner = t.seatIdsOf(prelims[0].tables[0])[1]!;
    table = tableLostBy(t, prelims, winner);
    const res = await api.post(`/v1/tables/${table.id}/result/corrections`, sheetWon(t, table, winner));
    expect(res.status, res.text).toBe(409);
    expect(res.body).toMatchObject({ code: "phase_locked" });
    expect(res.body.detail).toContain(`Game 4 (round ${game4.id})`);
    expect(res.body.detail).toContain(`DELETE /v1/rounds/${game4.id}`);
  }, 30_000);

  it("goes through once game 4 is removed, and game 4 can be seated again", async () => {
    expect((await api.delete(`/v1/rounds/${game4.id}`)).status).toBe(204);
    const res = await api.post(`/v1/tables/${table.id}/result/corrections`, sheetWon(t, table, winner));
    expect(res.status, res.text).toBe(200);
    const again = await api.post(`/v1/sessions/${sessionId}/rounds`, {});
    expect(again.status, again.text).toBe(201);
    expect(again.body.data[0]).toMatchObject({ number: 4, method: "snake" });
  }, 30_000);
});

describe("what else game 4 is seated from", () => {
  it("a drop after game 3 does not re-seat it: 409 snake_round_seated with the way out, game 4 unchanged", async () => {
    const rounds = (await api.get(`/v1/sessions/${sessionId}/rounds`)).body.data;
    const game4 = rounds.find((r: Json) => r.number === 4);
    const seated = game4.tables[0].seats[1].player.id;
    const res = await api.post(`/v1/sessions/${sessionId}/drops`, { playerId: seated, afterGame: 3 });
    expect(res.status, res.text).toBe(409);
    expect(res.body).toMatchObject({ code: "snake_round_seated" });
    expect(res.body.detail).toContain(`DELETE /v1/rounds/${game4.id}`);
    expect((await api.get(`/v1/rounds/${game4.id}`)).body.tables).toEqual(game4.tables);
  });

  it("its choices follow the ranks it was seated with, which no correction can move any more", async () => {
    const game4 = (await api.get(`/v1/sessions/${sessionId}/rounds`)).body.data.find(
      (r: Json) => r.number === 4,
    );
    const table = game4.tables[0];
    const byRank = [...table.seats].sort((a: Json, b: Json) => a.seedRank - b.seedRank);
    const view = (await api.get(`/v1/tables/${table.id}`)).body;
    expect(view.nextToChoose).toBe(byRank[0].player.id);
    const lower = await api.post(`/v1/tables/${table.id}/choices`, {
      playerId: byRank[1].player.id,
      position: 1,
      colour: "red",
    });
    expect(lower.status, lower.text).toBe(422);
    expect(lower.body).toMatchObject({ code: "choice_out_of_rank_order", rule: "1.1.7" });
  });
});
