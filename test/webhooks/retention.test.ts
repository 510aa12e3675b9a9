/**
 * The outbox keeps 7 days of notifications (docs/guides/webhooks-and-discord.md#pull-instead-of-push):
 * whatever one organisation's subscriptions do, every tenant's older notifications are pruned.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { nodeResolveHost } from "../../src/runtime/node/transport";
import { pruneOutbox } from "../../src/services/outbox";
import { createOrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { createPlayers, jsonRequest } from "../helpers/workflow";

const DAY = 24 * 3_600_000;

describe("outbox retention", () => {
  it("prunes every tenant's notifications past the window, even behind a paused subscription's backlog", async () => {
    const ctx = await createTestApp({
      push: { webhookTargets: { allowLoopback: true, resolveHost: nodeResolveHost } },
    });
    const stores = [];
    for (const name of ["Paused", "Busy"]) {
      const store = await createOrgClient(ctx.app, ctx.db, { name });
      const api = jsonRequest(ctx.app, store.auth);
      const event = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: `${name} cup` })).body;
      const session = (await api.post(`/v1/events/${event.id}/sessions`, { name: "S1" })).body;
      const ids = await createPlayers(api, store.orgId, 4, name);
      await api.post(`/v1/sessions/${session.id}/players`, { playerIds: ids });
      stores.push({ store, api, sessionId: session.id as string, ids });
    }
    const [paused, busy] = stores as [(typeof stores)[0], (typeof stores)[0]];
    // One store's subscription, paused by its owner: what it is sent waits for it.
    const hook = await paused.api.post(`/v1/orgs/${paused.store.orgId}/webhooks`, {
      url: "http://127.0.0.1:9/hook",
      eventTypes: ["round.seated"],
    });
    expect(hook.status, hook.text).toBe(201);
    await paused.api.patch(`/v1/orgs/${paused.store.orgId}/webhooks/${hook.body.id}`, { enabled: false });
    expect(
      (await paused.api.post(`/v1/sessions/${paused.sessionId}/rounds`, { tables: [paused.ids] })).status,
    ).toBe(201);
    // Another store's notifications, written after it.
    const round = await busy.api.post(`/v1/sessions/${busy.sessionId}/rounds`, { tables: [busy.ids] });
    await busy.api.put(`/v1/tables/${round.body.data[0].tables[0].id}/result`, {
      scores: busy.ids.map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i] })),
      winnerId: busy.ids[0],
    });
    const count = async () => (await ctx.db.all<{ n: number }>(sql`select count(*) as n from outbox`))[0]!.n;
    expect(await count()).toBeGreaterThan(1);

    await pruneOutbox(ctx.db, new Date(Date.now() + 8 * DAY));
    expect(await count()).toBe(0);
  });
});
