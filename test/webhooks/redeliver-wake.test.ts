/**
 * A redelivery queues its delivery again, and a subscription enabled again resumes the
 * deliveries queued meanwhile: both are sent at once like any queued delivery, the write waking
 * the runtime's dispatcher (on Workers, its drain in `waitUntil`) instead of leaving them to the
 * next poll or Cron sweep.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhookDeliveries } from "../../src/db/schema";
import { subscribedTable } from "../helpers/subscribed-table";
import { createTestApp } from "../helpers/test-app";

/** An app whose dispatcher only records when a write wakes it. */
async function appCountingWakes() {
  const wakes: number[] = [];
  const { app, db } = await createTestApp({
    push: {
      dispatcher: { wake: () => wakes.push(Date.now()) },
      webhookTargets: { allowLoopback: true, resolveHost: async () => ["127.0.0.1"] },
    },
  });
  return { app, db, wakes };
}

describe("a redelivery", () => {
  it("wakes the dispatcher once it is queued again", async () => {
    const { app, db, wakes } = await appCountingWakes();
    const { orgId, api, webhookIds, submit } = await subscribedTable(app, db, [
      { eventTypes: ["result.submitted"] },
    ]);
    await submit(false);
    const [delivery] = await db.select().from(webhookDeliveries);
    // The receiver refused it for good.
    await db
      .update(webhookDeliveries)
      .set({ status: "failed", attempts: 1, lastStatusCode: 400, lastError: "HTTP 400" })
      .where(eq(webhookDeliveries.id, delivery!.id));
    wakes.length = 0;

    const again = await api.post(
      `/v1/orgs/${orgId}/webhooks/${webhookIds[0]}/deliveries/${delivery!.id}/redeliver`,
    );
    expect(again.status).toBe(202);
    expect(again.body.status).toBe("pending");
    expect(wakes).toHaveLength(1);
  });
});

describe("a subscription enabled again", () => {
  it("wakes the dispatcher for the deliveries queued while it was disabled", async () => {
    const { app, db, wakes } = await appCountingWakes();
    const { orgId, api, webhookIds, submit } = await subscribedTable(app, db, [
      { eventTypes: ["result.submitted"] },
    ]);
    const path = `/v1/orgs/${orgId}/webhooks/${webhookIds[0]}`;
    expect((await api.patch(path, { enabled: false })).status).toBe(200);
    await submit(false);
    wakes.length = 0;

    const resumed = await api.patch(path, { enabled: true });
    expect(resumed.status).toBe(200);
    expect(wakes).toHaveLength(1);
  });
});
