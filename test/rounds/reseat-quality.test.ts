/**
 * Re-seating after drops follows rule 1.1.6's priorities (docs/rules.md#drops): the published
 * tables are kept only where that costs nothing; a seating with fewer repeated opponents wins.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createOrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { createPlayers, type JsonClient, jsonRequest } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let api: JsonClient;
let orgId: string;

beforeAll(async () => {
  const { app, db } = await createTestApp();
  const org = await createOrgClient(app, db, { name: "Re-seat store" });
  orgId = org.orgId;
  api = jsonRequest(app, org.auth);
});

describe("re-seating after drops puts different opponents first (rule 1.1.6)", () => {
  it("14 players, two drops after game 1: the re-seated game 3 has no pair meeting a third time", async () => {
    const players = await createPlayers(api, orgId, 14, "Reseat");
    const event = await api.post(`/v1/orgs/${orgId}/events`, { name: "Two drops" });
    const sessionId = (await api.post(`/v1/events/${event.body.id}/sessions`, { name: "Night" })).body.id;
    await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: players });
    // This seed's plan, with players 1 and 13 leaving after game 1, is one where filling the
    // published tables' holes made a pair meet for the third time in game 3.
    const seated = await api.post(`/v1/sessions/${sessionId}/rounds`, { plan: "all", seed: "s1" });
    expect(seated.status, seated.text).toBe(201);
    for (const leaver of [players[0], players[12]]) {
      const drop = await api.post(`/v1/sessions/${sessionId}/drops`, { playerId: leaver, afterGame: 1 });
      expect(drop.status, drop.text).toBe(201);
    }
    const rounds: Json[] = (await api.get(`/v1/sessions/${sessionId}/rounds`)).body.data;
    const game3 = rounds.find((r) => r.number === 3);
    expect(game3.quality.playersSeated).toBe(12);
    // Seating the 12 afresh after game 1 reaches 2 (see the property test of src/domain/reseat).
    expect(game3.quality.maxMeetings).toBe(2);
    expect(game3.quality.seatRepeats).toBe(0);
  });
});
