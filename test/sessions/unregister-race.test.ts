/**
 * Withdrawing a registration is decided from a read ("not seated yet") and written in a later
 * batch: a seating committed in between must make the withdrawal a 409, never leave a seated
 * player without a registration.
 */
import { describe, expect, it } from "vitest";
import { databaseOver } from "../../src/db/statements";
import { unregisterPlayer } from "../../src/services/events";
import { createOrgClient, systemContext } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { createPlayers, jsonRequest } from "../helpers/workflow";

describe("a withdrawal racing the seating of its session", () => {
  it("is refused 409 player_already_seated when the player was seated after its read", async () => {
    const { app, db } = await createTestApp();
    const store = await createOrgClient(app, db);
    const api = jsonRequest(app, store.auth);
    const ids = await createPlayers(api, store.orgId, 4);
    const eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Race" })).body.id;
    const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S" })).body.id;
    expect((await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids })).status).toBe(200);

    // The seating commits between the withdrawal's read and its batch.
    const client = db.$client;
    let seated = false;
    const racing = databaseOver(
      client,
      async (...args) => {
        if (!seated) {
          seated = true;
          const round = await api.post(`/v1/sessions/${sessionId}/rounds`, { tables: [ids] });
          expect(round.status, round.text).toBe(201);
        }
        return client.batch(...args);
      },
      (stmt) => client.execute(stmt),
    );
    const withdrawal = unregisterPlayer({ ...systemContext(db), db: racing }, sessionId, ids[0]!);
    await expect(withdrawal).rejects.toMatchObject({ code: "player_already_seated" });
    expect(seated).toBe(true);
    const roster = await api.get(`/v1/sessions/${sessionId}/players`);
    expect(roster.body.data.map((r: { player: { id: string } }) => r.player.id)).toContain(ids[0]);
  });
});
