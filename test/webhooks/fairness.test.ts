/**
 * One organisation's slow or dead receivers must not hold back another organisation's
 * deliveries: a bounded pool where a slow request holds one worker, organisations served in
 * turn, caps per organisation and per subscription, and a shorter timeout for a target that
 * keeps failing. Driven with real loopback receivers (a tarpit that never answers) and long
 * timeouts, or with a scripted transport: no assertion depends on how fast the machine is.
 */

import type { AddressInfo } from "node:net";
import { createServer, type Server, type Socket } from "node:net";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { type NodeDispatcher, startNodeDispatcher } from "../../src/runtime/node/dispatcher";
import { nodeResolveHost, nodeTransport } from "../../src/runtime/node/transport";
import { drain, WORKER_CONCURRENCY, workerDispatcher } from "../../src/runtime/workers/dispatcher";
import {
  type DeliverySettings,
  deliverDue,
  type OutgoingWebhook,
  WEBHOOK_LIMITS,
  type WebhookReply,
} from "../../src/services/webhooks";
import { createOrgClient, type OrgClient } from "../helpers/auth";
import { seatPrelimTable } from "../helpers/seat-table";
import { createTestApp, createTestDatabase } from "../helpers/test-app";
import { bodies, type Receiver, startReceiver } from "../helpers/webhook-receiver";
import { createPlayers, type JsonClient, jsonRequest } from "../helpers/workflow";

interface Tarpit {
  url: string;
  opened: number;
  closed: number;
  close(): Promise<void>;
}

/** Accepts connections, reads the requests and never answers. */
async function startTarpit(): Promise<Tarpit> {
  const sockets: Socket[] = [];
  const tarpit: Tarpit = { url: "", opened: 0, closed: 0, close: async () => {} };
  const server: Server = createServer((socket) => {
    tarpit.opened++;
    sockets.push(socket);
    socket.on("close", () => tarpit.closed++);
    socket.on("error", () => {});
    socket.resume();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  tarpit.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  tarpit.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return tarpit;
}

interface Store {
  org: OrgClient;
  api: JsonClient;
  /** Creates event `i` with a session and players (a few writes, each waking the dispatcher). */
  prepare(i: number): Promise<void>;
  /** Enters a signed result at a fresh table of event `i` (prepared on first use): one write. */
  write(i: number): Promise<void>;
}

async function createStore(
  app: Awaited<ReturnType<typeof createTestApp>>["app"],
  db: Database,
  name: string,
) {
  const org = await createOrgClient(app, db, { name });
  const api = jsonRequest(app, org.auth);
  const ids = await createPlayers(api, org.orgId, 4, name);
  const events: { eventId: string; sessionId: string; round: number }[] = [];
  const store: Store = {
    org,
    api,
    async prepare(i) {
      if (events[i]) return;
      const eventId = (await api.post(`/v1/orgs/${org.orgId}/events`, { name: `${name} ${i}` })).body.id;
      const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S" })).body.id;
      await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids });
      events[i] = { eventId, sessionId, round: 0 };
    },
    async write(i) {
      await store.prepare(i);
      const e = events[i]!;
      const { tableId } = await seatPrelimTable(db, e.eventId, e.sessionId, ids, ++e.round);
      const res = await api.put(`/v1/tables/${tableId}/result`, {
        scores: ids.map((playerId, k) => ({ playerId, vp: [10, 8, 6, 4][k] })),
        winnerId: ids[0],
        signed: true,
      });
      expect(res.status, res.text).toBe(200);
    },
  };
  return store;
}

async function subscribe(store: Store, url: string, eventTypes = ["result.final"]): Promise<string> {
  const res = await store.api.post(`/v1/orgs/${store.org.orgId}/webhooks`, { url, eventTypes });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0)) await step();
});

/**
 * Store A: 26 subscriptions to a tarpit over 6 events (156 lanes: more than the three passes of
 * 50 in sequence order that the Workers drains of this scenario would take before B's message),
 * then store B's one write. Returns when B's receiver has its result.final.
 */
async function tarpitScenario(start: (db: Database, settings: DeliverySettings) => () => void) {
  const db = await createTestDatabase();
  const tarpit = await startTarpit();
  const receiver: Receiver = await startReceiver();
  const settings: DeliverySettings = {
    allowLoopback: true,
    transport: nodeTransport({ allowLoopback: true }),
    // Longer than the test may run: an attempt to the tarpit never ends while it is watched.
    timeoutMs: 120_000,
  };
  let wake = () => {};
  const { app } = await createTestApp({
    storage: { db },
    push: {
      dispatcher: { wake: () => wake() },
      webhookTargets: { allowLoopback: true, resolveHost: nodeResolveHost },
    },
  });
  const a = await createStore(app, db, "A");
  const b = await createStore(app, db, "B");
  for (let i = 0; i < 26; i++) await subscribe(a, tarpit.url);
  const bHook = await subscribe(b, receiver.url);
  for (let i = 0; i < 6; i++) await a.write(i);
  // B's write is then one request: one drain more on Workers, not four.
  await b.prepare(0);
  cleanup.push(
    () => receiver.close(),
    () => tarpit.close(),
  );
  wake = start(db, settings);
  wake();
  // A's first attempts are under way (and will not end) before B writes.
  while (tarpit.opened === 0) await new Promise((r) => setTimeout(r, 10));
  await b.write(0);
  wake();
  const got = await receiver.until((r) => r.length >= 1);
  return { got, tarpit, bHook, b };
}

describe("a tarpit subscriber of one organisation does not hold back another's deliveries", () => {
  it("Node: B's result.final arrives while every attempt to A's tarpit is still open", async () => {
    let dispatcher: NodeDispatcher | undefined;
    const { got, tarpit } = await tarpitScenario((db, settings) => {
      dispatcher = startNodeDispatcher({ db, settings, idleMs: 20 });
      // Destroying the tarpit's sockets (cleanup runs in order) ends the attempts; then stop.
      cleanup.push(() => dispatcher!.stop());
      return () => dispatcher!.wake();
    });
    expect(bodies(got)[0].type).toBe("result.final");
    expect(tarpit.closed).toBe(0);
    // A holds at most its share of the pool, however many of its deliveries are due.
    expect(tarpit.opened).toBeGreaterThan(0);
    expect(tarpit.opened).toBeLessThanOrEqual(WEBHOOK_LIMITS.inFlightPerOrg);
  }, 30_000);

  it("Workers: each write's drain (waitUntil) delivers B's result.final while A's attempts hang", async () => {
    const running: Promise<unknown>[] = [];
    let wakes = 0;
    const { got, tarpit } = await tarpitScenario((db, settings) => {
      const dispatcher = workerDispatcher(db, settings);
      cleanup.push(() => Promise.all(running));
      return () => {
        wakes++;
        dispatcher.wake((work) => running.push(work));
      };
    });
    expect(bodies(got)[0].type).toBe("result.final");
    expect(tarpit.closed).toBe(0);
    // Each drain gives A at most half of its 6 connections.
    expect(tarpit.opened).toBeGreaterThan(0);
    expect(tarpit.opened).toBeLessThanOrEqual(3 * wakes);
  }, 30_000);

  it("Workers: the Cron sweep's drain serves B while A's attempts hang", async () => {
    const db = await createTestDatabase();
    const { app } = await createTestApp({
      storage: { db },
      push: {
        dispatcher: { wake() {} },
        webhookTargets: { allowLoopback: true, resolveHost: nodeResolveHost },
      },
    });
    const tarpit = await startTarpit();
    const receiver = await startReceiver();
    cleanup.push(
      () => receiver.close(),
      () => tarpit.close(),
    );
    const a = await createStore(app, db, "A");
    const b = await createStore(app, db, "B");
    for (let i = 0; i < 26; i++) await subscribe(a, tarpit.url);
    await subscribe(b, receiver.url);
    for (let i = 0; i < 6; i++) await a.write(i);
    await b.write(0);
    const settings = {
      allowLoopback: true,
      transport: nodeTransport({ allowLoopback: true }),
      timeoutMs: 120_000,
    };
    const running = drain(db, settings, { budgetMs: 60_000, subrequests: Number.POSITIVE_INFINITY });
    cleanup.push(() => running);
    const got = await receiver.until((r) => r.length >= 1);
    expect(bodies(got)[0].type).toBe("result.final");
    expect(tarpit.closed).toBe(0);
    expect(tarpit.opened).toBeLessThanOrEqual(WORKER_CONCURRENCY / 2);
  }, 30_000);
});

/** A transport that answers after the test releases it, recording what was asked. */
function scriptedTransport(
  answer: (request: OutgoingWebhook) => WebhookReply = () => ({ status: 204, retryAfter: null }),
) {
  const calls: { url: string; timeoutMs: number; body: string }[] = [];
  let inFlight = 0;
  const perUrl = new Map<string, number>();
  const max = { total: 0, perOrg: new Map<string, number>(), perUrl: new Map<string, number>() };
  const orgOf = (url: string) => new URL(url).pathname.split("/")[1]!;
  const transport = async (request: OutgoingWebhook): Promise<WebhookReply> => {
    calls.push({ url: request.url, timeoutMs: request.timeoutMs, body: request.body });
    inFlight++;
    perUrl.set(request.url, (perUrl.get(request.url) ?? 0) + 1);
    const org = orgOf(request.url);
    const orgNow = [...perUrl].filter(([u]) => orgOf(u) === org).reduce((n, [, k]) => n + k, 0);
    max.total = Math.max(max.total, inFlight);
    max.perOrg.set(org, Math.max(max.perOrg.get(org) ?? 0, orgNow));
    max.perUrl.set(request.url, Math.max(max.perUrl.get(request.url) ?? 0, perUrl.get(request.url)!));
    // Everything started in this turn of the pool is in flight together.
    await new Promise((r) => setTimeout(r, 5));
    inFlight--;
    perUrl.set(request.url, perUrl.get(request.url)! - 1);
    return answer(request);
  };
  return { transport, calls, max };
}

async function scriptedWorld() {
  const db = await createTestDatabase();
  const { app } = await createTestApp({
    storage: { db },
    push: {
      dispatcher: { wake() {} },
      webhookTargets: { allowLoopback: true, resolveHost: nodeResolveHost },
    },
  });
  return { db, a: await createStore(app, db, "A"), b: await createStore(app, db, "B") };
}

describe("the delivery pool", () => {
  it("serves organisations in turn, not in sequence order: B's one message goes second, not after A's backlog", async () => {
    const { db, a, b } = await scriptedWorld();
    for (let i = 0; i < 5; i++) await subscribe(a, `http://127.0.0.1:9/A/${i}`);
    await subscribe(b, "http://127.0.0.1:9/B/0");
    for (let i = 0; i < 3; i++) await a.write(i);
    await b.write(0);
    const { transport, calls, max } = scriptedTransport();
    const pass = await deliverDue(db, () => new Date(), {
      allowLoopback: true,
      transport,
      concurrency: 1,
    });
    expect(max.total).toBe(1);
    expect(pass.attempted).toBe(16);
    expect(calls.findIndex((c) => c.url.includes("/B/"))).toBe(1);
    expect(calls).toHaveLength(16);
  });

  it("caps what is in flight per organisation and per subscription", async () => {
    const { db, a, b } = await scriptedWorld();
    // One subscription of A on 6 event lanes; 4 subscriptions of B on one.
    const wide = "http://127.0.0.1:9/A/wide";
    await subscribe(a, wide);
    for (let i = 0; i < 4; i++) await subscribe(b, `http://127.0.0.1:9/B/${i}`);
    for (let i = 0; i < 6; i++) await a.write(i);
    await b.write(0);
    const { transport, calls, max } = scriptedTransport();
    const pass = await deliverDue(db, () => new Date(), {
      allowLoopback: true,
      transport,
      concurrency: 6,
      inFlightPerOrg: 3,
    });
    expect(pass.attempted).toBe(10);
    expect(calls).toHaveLength(10);
    expect(max.perUrl.get(wide)).toBe(WEBHOOK_LIMITS.inFlightPerSubscription);
    expect(max.perOrg.get("B")).toBe(3);
    expect(max.total).toBe(5);
  });

  it("keeps each lane (subscription × event) in order while lanes run side by side", async () => {
    const { db, a } = await scriptedWorld();
    await subscribe(a, "http://127.0.0.1:9/A/0", ["result.submitted", "result.final", "standings.changed"]);
    await a.write(0);
    await a.write(1);
    await a.write(0);
    const { transport, calls } = scriptedTransport();
    const pass = await deliverDue(db, () => new Date(), { allowLoopback: true, transport });
    expect(pass.attempted).toBe(9);
    const sent = calls.map((c) => JSON.parse(c.body) as { data: { eventId: string }; id: string });
    const rows = await db.all<{ id: string; lane: string }>(
      sql`select o.id, d.lane from webhook_deliveries d join outbox o on o.seq = d.outbox_seq order by d.outbox_seq`,
    );
    for (const lane of new Set(rows.map((r) => r.lane))) {
      const committed = rows.filter((r) => r.lane === lane).map((r) => r.id);
      const delivered = sent.filter((m) => m.data.eventId === lane).map((m) => m.id);
      expect(delivered, `lane ${lane}`).toEqual(committed);
    }
  });

  it("gives a target that keeps failing the shorter timeout until it answers 2xx", async () => {
    const { db, a } = await scriptedWorld();
    await subscribe(a, "http://127.0.0.1:9/A/0");
    let healthy = false;
    const { transport, calls } = scriptedTransport(() => ({
      status: healthy ? 204 : 503,
      retryAfter: null,
    }));
    const settings: DeliverySettings = {
      allowLoopback: true,
      transport,
      timeoutMs: 10_000,
      // A millisecond: never due again within the same pass (its clock stands still).
      retryDelaysMs: [1, 1, 1, 1, 1, 1, 1],
    };
    await a.write(0);
    let now = Date.now();
    // Each pass at its own instant, a second after the one before.
    const pass = () => {
      now += 1000;
      const at = new Date(now);
      return deliverDue(db, () => at, settings);
    };
    for (let i = 0; i < 5; i++) await pass();
    healthy = true;
    await pass();
    await a.write(1);
    await pass();
    expect(calls.map((c) => c.timeoutMs)).toEqual([
      10_000,
      10_000,
      10_000,
      WEBHOOK_LIMITS.failingTimeoutMs,
      WEBHOOK_LIMITS.failingTimeoutMs,
      WEBHOOK_LIMITS.failingTimeoutMs,
      10_000,
    ]);
  });
});

describe("subscriptions per organisation", () => {
  it(`are capped at ${WEBHOOK_LIMITS.subscriptionsPerOrg}: one more is a 409 problem naming the limit; deleting one makes room`, async () => {
    const { a } = await scriptedWorld();
    const ids: string[] = [];
    for (let i = 0; i < WEBHOOK_LIMITS.subscriptionsPerOrg; i++)
      ids.push(await subscribe(a, `http://127.0.0.1:9/A/${i}`));
    const refused = await a.api.post(`/v1/orgs/${a.org.orgId}/webhooks`, {
      url: "http://127.0.0.1:9/A/extra",
      eventTypes: ["result.final"],
    });
    expect(refused.status).toBe(409);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    expect(refused.body.code).toBe("too_many_webhooks");
    expect(refused.body.detail).toContain(String(WEBHOOK_LIMITS.subscriptionsPerOrg));
    expect((await a.api.delete(`/v1/orgs/${a.org.orgId}/webhooks/${ids[0]}`)).status).toBe(204);
    await subscribe(a, "http://127.0.0.1:9/A/extra");
  });
});
