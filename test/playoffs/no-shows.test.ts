/**
 * No-shows are not participants (docs/rules.md#drops): they count neither in N (rule 1.2.2)
 * nor in a session's player count for its number of games. Playoff seating reads both, so it
 * must follow the structure the published rankings show.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../src/http/app";
import { createOrgClient, type OrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { createPlayers, type JsonClient, jsonRequest } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let app: App;
let api: JsonClient;
let org: OrgClient;

beforeAll(async () => {
  const created = await createTestApp();
  app = created.app;
  org = await createOrgClient(app, created.db, { name: "Store" });
  api = jsonRequest(app, org.auth);
});

async function playAll(tables: Json[]) {
  for (const table of tables) {
    const ids: string[] = table.seats.map((s: Json) => s.player.id);
    const res = await api.put(`/v1/tables/${table.id}/result`, {
      scores: ids.map((playerId, i) => ({ playerId, vp: i === 0 ? 10 : 9 - i })),
      winnerId: ids[0],
      signed: true,
    });
    expect(res.status, res.text).toBe(200);
  }
}

describe("playoff seating and no-shows", () => {
  it("29 registered with one no-show are 28 participants: no semifinals, the final seats the top 4", async () => {
    const players = await createPlayers(api, org.orgId, 29);
    const eventId = (await api.post(`/v1/orgs/${org.orgId}/events`, { name: "No-show qualifier" })).body.id;
    const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "Friday" })).body.id;
    expect((await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: players })).status).toBe(200);
    const checkIn = await api.post(`/v1/sessions/${sessionId}/check-ins`, {
      playerIds: players.slice(0, 28),
    });
    expect(checkIn.status, checkIn.text).toBe(200);
    const plan = await api.post(`/v1/sessions/${sessionId}/rounds`, { plan: "all", seed: "no-show" });
    expect(plan.status, plan.text).toBe(201);
    for (const round of plan.body.data) await playAll(round.tables);

    const qualification = await api.get(`/v1/events/${eventId}/qualification`);
    expect(qualification.body).toMatchObject({
      uniqueParticipants: 28,
      structure: "final-only",
      qualifierCount: 4,
    });

    const semis = await api.post(`/v1/events/${eventId}/semifinals`, {});
    expect(semis.status, semis.text).toBe(409);
    expect(semis.body.code).toBe("no_semifinals");

    const final = await api.post(`/v1/events/${eventId}/final`, {});
    expect(final.status, final.text).toBe(201);
    const top4 = qualification.body.rows.slice(0, 4).map((r: Json) => r.player.id);
    expect(final.body.tables[0].seats.map((s: Json) => s.player.id)).toEqual(top4);
  });
});
