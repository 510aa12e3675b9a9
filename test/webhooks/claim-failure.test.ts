/**
 * A delivery pool whose claim fails (the database full, a dropped connection) gives the workers
 * it had taken back: the next tick claims and sends the delivery, and waiting for the pool to
 * settle ends.
 */
import { describe, expect, it } from "vitest";
import { databaseOver } from "../../src/db/statements";
import { DeliveryPool } from "../../src/services/webhooks";
import { SUBSCRIBED_URL, subscribedTable } from "../helpers/subscribed-table";
import { createTestApp } from "../helpers/test-app";

describe("a delivery pool whose claim fails", () => {
  it("gives back the workers it took, then sends the delivery on the next tick", async () => {
    const { app, db } = await createTestApp({
      push: {
        dispatcher: { wake() {} },
        webhookTargets: { allowLoopback: true, resolveHost: async () => [] },
      },
    });
    const table = await subscribedTable(app, db, [{ eventTypes: ["result.final"] }]);
    await table.submit(true);

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
    expect(sent).toEqual([SUBSCRIBED_URL]);
  });
});
