/**
 * A player disqualified at a table disputes its sheet.
 *
 * docs/rules.md#results (rules 1.3.4, 1.3.5): a sheet is pending until every seated player who is
 * not disqualified confirms; a dispute is a player refusing to sign, and blocks finalisation by
 * confirmations. docs/rules.md#disqualification (rule 1.3.6): the player disqualified at the table
 * is placed last and never needs to confirm the sheet: their signature is not asked for, so
 * their refusal to sign cannot hold the others' sheet back.
 *
 * Here P1 is disqualified at table 1 of game 1; the sheet is sent unsigned; P1 disputes it (with
 * their own seat code) and the three others confirm. Either the dispute is refused, or the three
 * confirmations make the sheet final; the sheet must not stay pending waiting for a referee
 * because the disqualified player refused to sign.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createOrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { handSeating, range, type Tournament, tournament } from "../helpers/tournament";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let api: JsonClient;
let phone: JsonClient;
let t: Tournament;
let table: Json;

beforeAll(async () => {
  const { app, db } = await createTestApp();
  const store = await createOrgClient(app, db, { name: "Dispute store" });
  api = jsonRequest(app, store.auth);
  phone = jsonRequest(app, {});
  t = await tournament(api, store.orgId, 12);
  const sessionId = await t.session("Day 1", "2026-12-05", range(1, 12));
  const game1 = await t.seatGame(sessionId, handSeating(range(1, 12), 1));
  table = game1.tables[0];
  const dq = await api.post(`/v1/tables/${table.id}/disqualifications`, {
    playerId: t.P[1],
    reason: "Cheating",
  });
  expect(dq.status, dq.text).toBe(200);
  const sheet = await api.put(`/v1/tables/${table.id}/result`, {
    scores: t.seatIdsOf(table).map((playerId, i) => ({ playerId, vp: [6, 10, 8, 4][i] })),
    winnerId: t.P[2],
  });
  expect(sheet.status, sheet.text).toBe(200);
  expect(sheet.body.result.status).toBe("pending");
}, 60_000);

describe("a dispute by the player disqualified at the table", () => {
  it("does not keep the others' confirmed sheet pending", async () => {
    const codes = new Map<string, string>(
      (await api.get(`/v1/tables/${table.id}`)).body.seats.map((s: Json) => [
        s.player.id,
        s.confirmationCode,
      ]),
    );
    const dispute = await phone.post(`/v1/tables/${table.id}/result/disputes`, {
      playerId: t.P[1],
      code: codes.get(t.P[1]!),
      reason: "I did not cheat",
    });
    let last: Json;
    for (const n of [2, 3, 4]) {
      last = await phone.post(`/v1/tables/${table.id}/result/confirmations`, {
        playerId: t.P[n],
        code: codes.get(t.P[n]!),
      });
      expect(last.status, last.text).toBe(200);
    }
    if (dispute.status === 200) {
      // Every player whose signature the sheet needs has confirmed it.
      expect(last.body.result.status).toBe("final");
    } else {
      expect(dispute.status, dispute.text).toBe(409);
    }
  }, 30_000);
});
