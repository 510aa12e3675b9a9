/**
 * A delivery pool whose claim fails (the database full, a dropped connection) gives the workers
 * it had taken back: the next tick claims and sends the delivery, and waiting for the pool to
 * settle ends.
 */
import { describe, expect, it } from "vitest";
import { databaseOver } from "../../src/db/statements";
import { DeliveryPool } from "../../src/services/webhooks";
import { createOrgClient } from "../helpers/auth";
import { seatPrelimTable } from "../helpers/seat-table";
import { createTestApp } from "../helpers/test-app";
import { createPlayers, jsonRequest } from "../helpers/workflow";

describe("a delivery pool whose claim fails", () => {
  it("gives back the workers it took, then sends the delivery on the next tick", async () => {
    const { app, db } = await createTestApp({
      push: {
        dispatcher: { wake() {} },
        webhookTargets: { allowLoopback: true, resolveHost: async () => [] },
      },
    });
    const store = await createOrgClient(app, db);
    const api = jsonRequest(app, store.auth);
    const hook = await api.post(`/v1/orgs/${store.orgId}/webhooks`, {
      url: "http://127.0.0.1:9/hook",
      eventTypes: ["result.final"],
    });
    expect(hook.status, hook.text).toBe(201);
    const ids = await createPlayers(api, store.orgId, 4);
    const eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Claims" })).body.id;
    const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S" })).body.id;
    await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids });
    const { tableId } = await seatPrelimTable(db, eventId, sessionId, ids);
    const put = await api.put(`/v1/tables/${tableId}/result`, {
      scores: ids.map((playerId, k) => ({ playerId, vp: [10, 8, 6, 4][k] })),
      winnerId: ids[0],
      signed: true,
    });
    expect(put.status, put.text).toBe(200);

    // The first claim fails as a full disk would make it.
    const client = db.$client;
    let failClaim = true;
    const failing = databaseOver(
      client,
      (...args) => client.batch(...args),
      (stmt) => {
        if (failClaim && typeof stmt !== "string" && stmt.sql.includes("next_attempt_at = c.lease")) {
          failClaim = false;
          return Promise.reject(new Error("SQLITE_FULL: database or disk is full"));
        }
        return client.execute(stmt);
      },
    );
    const sent: string[] = [];
    const pool = new DeliveryPool(
      failing,
      {
        allowLoopback: true,
        transport: async (request) => {
          sent.push(request.url);
          return { status: 204, retryAfter: null };
        },
      },
      () => new Date(),
    );
    await expect(pool.tick()).rejects.toThrow(/update webhook_deliveries/);
    expect(pool.busy).toBe(0);
    expect(await pool.tick()).toBe(1);
    await pool.settled();
    expect(sent).toEqual(["http://127.0.0.1:9/hook"]);
  });
});
