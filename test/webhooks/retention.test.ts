/**
 * The outbox keeps 7 days of notifications (docs/guides/webhooks-and-discord.md#pull-instead-of-push):
 * whatever one organisation's subscriptions do, every tenant's older notifications are pruned.
 */

import { createServer, type Socket } from "node:net";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { startNodeDispatcher } from "../../src/runtime/node/dispatcher";
import { nodeResolveHost, nodeTransport } from "../../src/runtime/node/transport";
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

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0)) await step();
});

/** Accepts connections and never answers. */
async function tarpit() {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.on("error", () => {});
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanup.push(
    () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(resolve);
      }),
  );
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/hook`, opened: () => sockets.length };
}

describe("the Node dispatcher's pruning", () => {
  it("prunes while a delivery is in flight: a receiver that never answers does not hold the outbox", async () => {
    const ctx = await createTestApp({
      push: { webhookTargets: { allowLoopback: true, resolveHost: nodeResolveHost } },
    });
    const store = await createOrgClient(ctx.app, ctx.db);
    const api = jsonRequest(ctx.app, store.auth);
    const event = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Cup" })).body;
    const session = (await api.post(`/v1/events/${event.id}/sessions`, { name: "S1" })).body;
    const ids = await createPlayers(api, store.orgId, 4);
    await api.post(`/v1/sessions/${session.id}/players`, { playerIds: ids });
    const receiver = await tarpit();
    const hook = await api.post(`/v1/orgs/${store.orgId}/webhooks`, {
      url: receiver.url,
      eventTypes: ["round.seated"],
    });
    expect(hook.status, hook.text).toBe(201);
    // A notification from before the retention window, and one delivery due for the tarpit.
    const old = new Date(Date.now() - 8 * DAY).toISOString();
    await ctx.db.run(sql`insert into outbox (id, type, org_id, ancestry, event_id, data, created_at)
      values ('msg_old', 'player.created', ${store.orgId}, ${JSON.stringify([store.orgId])}, null, '{}', ${old})`);
    expect((await api.post(`/v1/sessions/${session.id}/rounds`, { tables: [ids] })).status).toBe(201);

    const dispatcher = startNodeDispatcher({
      db: ctx.db,
      idleMs: 20,
      tickMs: 0,
      settings: { allowLoopback: true, transport: nodeTransport({ allowLoopback: true }), timeoutMs: 60_000 },
    });
    cleanup.push(() => dispatcher.stop());
    while (receiver.opened() === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const left = await ctx.db.all<{ n: number }>(sql`select count(*) as n from outbox where id = 'msg_old'`);
    expect(left[0]!.n).toBe(0);
  });
});
