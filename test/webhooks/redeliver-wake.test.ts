/**
 * A redelivery queues its delivery again, and a subscription enabled again resumes the
 * deliveries queued meanwhile: both are sent at once like any queued delivery, the write waking
 * the runtime's dispatcher (on Workers, its drain in `waitUntil`) instead of leaving them to the
 * next poll or Cron sweep.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhookDeliveries } from "../../src/db/schema";
import { createOrgClient } from "../helpers/auth";
import { seatPrelimTable } from "../helpers/seat-table";
import { createTestApp } from "../helpers/test-app";
import { createPlayers, jsonRequest } from "../helpers/workflow";

describe("a redelivery", () => {
  it("wakes the dispatcher once it is queued again", async () => {
    const wakes: number[] = [];
    const { app, db } = await createTestApp({
      push: {
        dispatcher: { wake: () => wakes.push(Date.now()) },
        webhookTargets: { allowLoopback: true, resolveHost: async () => ["127.0.0.1"] },
      },
    });
    const store = await createOrgClient(app, db);
    const api = jsonRequest(app, store.auth);
    const eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Redelivered" })).body.id;
    const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S1" })).body.id;
    const players = await createPlayers(api, store.orgId, 4);
    await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: players });
    const { tableId } = await seatPrelimTable(db, eventId, sessionId, players);
    const sub = await api.post(`/v1/orgs/${store.orgId}/webhooks`, {
      url: "http://127.0.0.1:9/catan",
      eventTypes: ["result.submitted"],
    });
    expect(sub.status).toBe(201);
    const put = await api.put(`/v1/tables/${tableId}/result`, {
      scores: players.map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i] })),
      winnerId: players[0],
    });
    expect(put.status).toBe(200);
    const [delivery] = await db.select().from(webhookDeliveries);
    // The receiver refused it for good.
    await db
      .update(webhookDeliveries)
      .set({ status: "failed", attempts: 1, lastStatusCode: 400, lastError: "HTTP 400" })
      .where(eq(webhookDeliveries.id, delivery!.id));
    wakes.length = 0;

    const again = await api.post(
      `/v1/orgs/${store.orgId}/webhooks/${sub.body.id}/deliveries/${delivery!.id}/redeliver`,
    );
    expect(again.status).toBe(202);
    expect(again.body.status).toBe("pending");
    expect(wakes).toHaveLength(1);
  });
});

describe("a subscription enabled again", () => {
  it("wakes the dispatcher for the deliveries queued while it was disabled", async () => {
    const wakes: number[] = [];
    const { app, db } = await createTestApp({
      push: {
        dispatcher: { wake: () => wakes.push(Date.now()) },
        webhookTargets: { allowLoopback: true, resolveHost: async () => ["127.0.0.1"] },
      },
    });
    const store = await createOrgClient(app, db);
    const api = jsonRequest(app, store.auth);
    const eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Resumed" })).body.id;
    const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S1" })).body.id;
    const players = await createPlayers(api, store.orgId, 4);
    await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: players });
    const { tableId } = await seatPrelimTable(db, eventId, sessionId, players);
    const sub = await api.post(`/v1/orgs/${store.orgId}/webhooks`, {
      url: "http://127.0.0.1:9/catan",
      eventTypes: ["result.submitted"],
    });
    const path = `/v1/orgs/${store.orgId}/webhooks/${sub.body.id}`;
    expect((await api.patch(path, { enabled: false })).status).toBe(200);
    const put = await api.put(`/v1/tables/${tableId}/result`, {
      scores: players.map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i] })),
      winnerId: players[0],
    });
    expect(put.status).toBe(200);
    wakes.length = 0;

    const resumed = await api.patch(path, { enabled: true });
    expect(resumed.status).toBe(200);
    expect(wakes).toHaveLength(1);
  });
});
