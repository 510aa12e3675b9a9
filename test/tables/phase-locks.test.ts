/**
 * Phase locks (docs/rules.md#people-and-results, rules 1.3.5, 1.4.4): once a later phase is seated, the results it
 * was seated from can't be corrected (409 `phase_locked`, nothing changes, no audit entry); the
 * way out is to remove the later seating while it has no result, correct, and seat again.
 * One 32-player event over HTTP, step by step (the tests run in order and share it).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { addClient, createOrgClient } from "../helpers/auth";
import { sheetWon, tableLostBy } from "../helpers/corrections";
import { createTestApp } from "../helpers/test-app";
import { range, type Tournament, tournament } from "../helpers/tournament";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let api: JsonClient;
let refereeApi: JsonClient;
let anonymous: JsonClient;
let t: Tournament;
let prelims: Json[];

beforeAll(async () => {
  const { app, db } = await createTestApp();
  const store = await createOrgClient(app, db, { name: "Locks store" });
  api = jsonRequest(app, store.auth);
  refereeApi = jsonRequest(app, (await addClient(app, db, store.orgId, "referee")).auth);
  anonymous = jsonRequest(app, {});
  t = await tournament(api, store.orgId, 32);
  const session = await t.session("Store A", "2026-12-05", range(1, 32));
  prelims = await t.playPrelims(session, range(1, 32));
});

const correctionsOf = async (tableId: string) =>
  (await t.audit()).filter((e) => e.action === "result.correction" && e.entityId === tableId);

describe("a prelim correction once the semifinals are seated", () => {
  let semis: Json;
  let bubble: Json; // the player ranked 17th, one place outside the semifinals
  let lostTable: Json;

  it("is refused with 409 phase_locked naming the semifinals and the way out; nothing changes", async () => {
    semis = await t.seat("semifinals");
    const before = await t.qualification();
    bubble = before.rows[16];
    expect(bubble).toMatchObject({ rank: 17, qualified: false });
    lostTable = tableLostBy(t, prelims, bubble.player.id);
    const tableBefore = await api.get(`/v1/tables/${lostTable.id}`);

    const res = await api.post(
      `/v1/tables/${lostTable.id}/result/corrections`,
      sheetWon(t, lostTable, bubble.player.id),
    );
    expect(res.status, res.text).toBe(409);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(res.body).toMatchObject({ code: "phase_locked", rule: "1.3.5" });
    expect(res.body.detail).toMatch(
      new RegExp(`^The semifinals \\(round ${semis.id}\\) are seated .* this prelim table is locked`),
    );
    expect(res.body.detail).toContain(`DELETE /v1/rounds/${semis.id}`);

    expect((await api.get(`/v1/tables/${lostTable.id}`)).text).toBe(tableBefore.text);
    expect((await t.qualification()).rows).toEqual(before.rows);
    expect(await correctionsOf(lostTable.id)).toEqual([]);
  });

  it("a disqualification is refused the same way (and the final sheet refuses it anyway)", async () => {
    const res = await refereeApi.post(`/v1/tables/${lostTable.id}/disqualifications`, {
      playerId: bubble.player.id,
      reason: "Late protest",
    });
    expect(res.status).toBe(409);
    expect((await t.audit()).some((e) => e.action === "player.disqualify")).toBe(false);
  });

  it("delete the semifinals, correct, seat again: the new seating follows the corrected qualification", async () => {
    expect((await api.delete(`/v1/rounds/${semis.id}`)).status).toBe(204);
    const fixed = await api.post(
      `/v1/tables/${lostTable.id}/result/corrections`,
      sheetWon(t, lostTable, bubble.player.id),
    );
    expect(fixed.status, fixed.text).toBe(200);
    expect(await correctionsOf(lostTable.id)).toHaveLength(1);

    const q = await t.qualification();
    const moved = q.rows.find((r: Json) => r.player.id === bubble.player.id);
    expect(moved.rank).toBeLessThanOrEqual(16);
    expect(moved.qualified).toBe(true);

    semis = await t.seat("semifinals");
    const seeded = semis.tables.flatMap((table: Json) =>
      table.seats.map((s: Json) => [s.player.id, s.seedRank]),
    );
    const qualified = q.rows.filter((r: Json) => r.qualified).map((r: Json) => [r.player.id, r.rank]);
    expect(new Map(seeded)).toEqual(new Map(qualified));
    expect(semis.tables.map((table: Json) => table.seats.map((s: Json) => s.seedRank))).toEqual([
      [1, 8, 9, 16],
      [2, 7, 10, 15],
      [3, 6, 11, 14],
      [4, 5, 12, 13],
    ]);
  });
});

describe("a semifinal correction once the final is seated", () => {
  let semis: Json;
  let final: Json;
  let target: Json; // semifinal table 1
  let runnerUp: string;

  it("is refused with 409 phase_locked naming the final; the way out names DELETE of the final", async () => {
    semis = (await t.standings()).rounds.find((r: Json) => r.kind === "semifinal");
    const round = (await api.get(`/v1/rounds/${semis.id}`)).body;
    await t.play(round.tables);
    final = await t.seat("final");
    target = round.tables[0];
    runnerUp = t.strengthSheet(t.seatIdsOf(target)).scores.find((s) => s.vp === 8)!.playerId;

    const before = await api.get(`/v1/tables/${target.id}`);
    const res = await api.post(`/v1/tables/${target.id}/result/corrections`, sheetWon(t, target, runnerUp));
    expect(res.status, res.text).toBe(409);
    expect(res.body.code).toBe("phase_locked");
    expect(res.body.detail).toMatch(
      new RegExp(`^The final \\(round ${final.id}\\) is seated .* this semifinal table is locked`),
    );
    expect(res.body.detail).toContain(`DELETE /v1/rounds/${final.id}`);
    expect((await api.get(`/v1/tables/${target.id}`)).text).toBe(before.text);
    expect(await correctionsOf(target.id)).toEqual([]);
  });

  it("a prelim correction names both seated phases; the played semifinals close the way out", async () => {
    const table = prelims[0].tables[0];
    const res = await api.post(
      `/v1/tables/${table.id}/result/corrections`,
      sheetWon(t, table, t.seatIdsOf(table)[1]!),
    );
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain(
      `The final (round ${final.id}) and the semifinals (round ${semis.id}) are seated`,
    );
    expect(res.body.detail).toContain("closed: the semifinals already have a result");
  });

  it("once the final has a result, the way out is closed and the correction stays refused", async () => {
    const finalRound = (await api.get(`/v1/rounds/${final.id}`)).body;
    await t.waiveChoices(finalRound.tables[0]);
    await t.play(finalRound.tables);
    const res = await api.post(`/v1/tables/${target.id}/result/corrections`, sheetWon(t, target, runnerUp));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("phase_locked");
    expect(res.body.detail).toMatch(/closed: the final already has a result/);
    expect((await anonymous.get(`/v1/events/${t.eventId}/standings`)).status).toBe(200);
    expect(await correctionsOf(target.id)).toEqual([]);
  });

  it("the final gets a new board, not the semifinals' (rule 2.0.1)", async () => {
    const semisBoard = await api.post(`/v1/rounds/${semis.id}/board`, { seed: "playoffs" });
    expect(semisBoard.status, semisBoard.text).toBe(201);
    const finalBoard = await api.post(`/v1/rounds/${final.id}/board`, { seed: "playoffs" });
    expect(finalBoard.body.seed).toBe("playoffs~1");
    const copy = await api.post(`/v1/rounds/${final.id}/board`, { hexes: semisBoard.body.hexes });
    expect(copy.status).toBe(409); // the final has its board already
  });
});
