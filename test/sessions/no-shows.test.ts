/**
 * No-shows are not participants (docs/rules.md#drops): a session's number of games follows the
 * players who take part, as its standings and its seating count them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createOrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { createPlayers, type JsonClient, jsonRequest } from "../helpers/workflow";

let api: JsonClient;
let orgId: string;

beforeAll(async () => {
  const created = await createTestApp();
  const org = await createOrgClient(created.app, created.db, { name: "Store" });
  api = jsonRequest(created.app, org.auth);
  orgId = org.orgId;
});

describe("a session's games and its no-shows", () => {
  it("80 registered with one no-show plan 3 games, as the standings and the seating say", async () => {
    const players = await createPlayers(api, orgId, 80);
    const eventId = (await api.post(`/v1/orgs/${orgId}/events`, { name: "Big night" })).body.id;
    const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "Night" })).body.id;
    expect((await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: players })).status).toBe(200);
    expect((await api.get(`/v1/sessions/${sessionId}`)).body.gamesPlanned).toBe(4);
    const checkIn = await api.post(`/v1/sessions/${sessionId}/check-ins`, {
      playerIds: players.slice(0, 79),
    });
    expect(checkIn.status, checkIn.text).toBe(200);
    const game1 = await api.post(`/v1/sessions/${sessionId}/rounds`, { seed: "night" });
    expect(game1.status, game1.text).toBe(201);

    const standings = await api.get(`/v1/sessions/${sessionId}/standings`);
    expect(standings.body.gamesPlanned).toBe(3);
    const session = await api.get(`/v1/sessions/${sessionId}`);
    expect(session.body).toMatchObject({ playerCount: 80, gamesPlanned: 3 });
  });
});
