/**
 * The delivery schedule with its defaults (no test override of the waits, the attempt count or
 * the failure streak), driven pass by pass with an injected clock: the API runs at a fixed
 * instant (its tokens stay valid) while the dispatcher's clock jumps to each due time, so a day
 * of retries takes no real waiting. Targets are real loopback receivers.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { nodeResolveHost, nodeTransport } from "../../src/runtime/node/transport";
import {
  DEFAULT_RETRY_DELAYS_MS,
  type DeliverySettings,
  deliverDue,
  MAX_RETRY_AFTER_MS,
} from "../../src/services/webhooks";
import { createOrgClient, type OrgClient } from "../helpers/auth";
import { createTestApp, createTestDatabase } from "../helpers/test-app";
import { type Receiver, startReceiver } from "../helpers/webhook-receiver";
import { createPlayers, type JsonClient, jsonRequest } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

const T0 = new Date("2026-12-05T10:00:00.000Z");
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

let db: Database;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let store: OrgClient;
let api: JsonClient;
let eventId: string;
let sessionId: string;
let ids: string[];
const receivers: Receiver[] = [];

beforeEach(async () => {
  db = await createTestDatabase();
  // No dispatcher runs on its own: each test drives deliverDue with its clock.
  ctx = await createTestApp({
    storage: { db },
    push: {
      dispatcher: { wake() {} },
      webhookTargets: { allowLoopback: true, resolveHost: nodeResolveHost },
    },
    time: { clock: () => T0 },
  });
  store = await createOrgClient(ctx.app, db, { name: "Retry store" });
  api = jsonRequest(ctx.app, store.auth);
  eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Retry cup" })).body.id;
  sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S1" })).body.id;
  ids = await createPlayers(api, store.orgId, 4, "Retry");
  await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids });
});

afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

/** The defaults: only the transport (loopback allowed) and, where a test scripts it, the jitter's randomness. */
const defaults = (random?: () => number): DeliverySettings => ({
  allowLoopback: true,
  transport: nodeTransport({ allowLoopback: true }),
  ...(random ? { random } : {}),
});

async function receiverAnswering(status: number) {
  const receiver = await startReceiver(() => ({ status }));
  receivers.push(receiver);
  return receiver;
}

async function subscribe(url: string, eventTypes = ["round.seated"]) {
  const res = await api.post(`/v1/orgs/${store.orgId}/webhooks`, { url, eventTypes });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

async function deliveries(webhookId: string): Promise<Json[]> {
  const res = await api.get(`/v1/orgs/${store.orgId}/webhooks/${webhookId}/deliveries`);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

const seat = async () =>
  expect((await api.post(`/v1/sessions/${sessionId}/rounds`, { tables: [ids] })).status).toBe(201);

describe("the default retry schedule", () => {
  it("is 10 s, 1 min, 5 min, 30 min, 2 h, 6 h, 15 h: 8 attempts over about a day", () => {
    expect(DEFAULT_RETRY_DELAYS_MS).toEqual([
      10 * SECOND,
      MINUTE,
      5 * MINUTE,
      30 * MINUTE,
      2 * HOUR,
      6 * HOUR,
      15 * HOUR,
    ]);
    const total = DEFAULT_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total).toBe(23 * HOUR + 36 * MINUTE + 10 * SECOND);
  });

  it("waits each step ±20 % (jitter at both bounds), never retries early, and gives up after the 8th attempt", async () => {
    const receiver = await receiverAnswering(503);
    const webhookId = await subscribe(receiver.url);
    await seat();
    // The jitter's randomness per attempt: its lowest value, just under its highest, and between.
    const draws = [0, 1 - 1e-12, 0.5, 0.25, 0.75, 0, 1 - 1e-12];
    let drawn = 0;
    const settings = defaults(() => draws[drawn++]!);
    let now = T0;
    const firstAttemptAt = now;
    for (let attempt = 1; attempt <= 8; attempt++) {
      const pass = await deliverDue(db, () => now, settings);
      expect(pass.attempted, `attempt ${attempt}`).toBe(1);
      const [d] = await deliveries(webhookId);
      expect(d).toMatchObject({ attempts: attempt, lastStatusCode: 503, lastError: "HTTP 503" });
      if (attempt === 8) {
        expect(d).toMatchObject({ status: "failed", nextAttemptAt: null });
        break;
      }
      expect(d.status).toBe("pending");
      const base = DEFAULT_RETRY_DELAYS_MS[attempt - 1]!;
      const wait = Date.parse(d.nextAttemptAt) - now.getTime();
      expect(wait, `wait after attempt ${attempt}`).toBe(
        Math.round(base * (0.8 + 0.4 * draws[attempt - 1]!)),
      );
      expect(wait).toBeGreaterThanOrEqual(0.8 * base);
      expect(wait).toBeLessThanOrEqual(1.2 * base);
      // A millisecond early, nothing is sent.
      const early = new Date(Date.parse(d.nextAttemptAt) - 1);
      expect((await deliverDue(db, () => early, settings)).attempted).toBe(0);
      now = new Date(d.nextAttemptAt);
    }
    expect(drawn).toBe(7);
    const span = now.getTime() - firstAttemptAt.getTime();
    const total = DEFAULT_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(span).toBeGreaterThanOrEqual(0.8 * total);
    expect(span).toBeLessThanOrEqual(1.2 * total);
    // The 8 attempts were one message (one webhook-id); a day later there is no 9th.
    expect(receiver.requests).toHaveLength(8);
    expect(new Set(receiver.requests.map((r) => r.headers["webhook-id"])).size).toBe(1);
    expect((await deliverDue(db, () => new Date(now.getTime() + 48 * HOUR), settings)).attempted).toBe(0);
    expect(receiver.requests).toHaveLength(8);
  });

  it("keeps every wait within ±20 % with real randomness", async () => {
    const receiver = await receiverAnswering(500);
    const webhookId = await subscribe(receiver.url);
    await seat();
    const settings = defaults();
    let now = T0;
    for (let attempt = 1; attempt < 8; attempt++) {
      await deliverDue(db, () => now, settings);
      const [d] = await deliveries(webhookId);
      const base = DEFAULT_RETRY_DELAYS_MS[attempt - 1]!;
      const wait = Date.parse(d.nextAttemptAt) - now.getTime();
      expect(wait).toBeGreaterThanOrEqual(0.8 * base);
      expect(wait).toBeLessThanOrEqual(1.2 * base);
      now = new Date(d.nextAttemptAt);
    }
  });
});

describe("when the next delivery is due", () => {
  it("is the retry of a lane's head, not the time of the messages queued behind it (else the Node dispatcher spins)", async () => {
    const receiver = await receiverAnswering(503);
    await subscribe(receiver.url, ["round.seated", "result.submitted"]);
    await seat();
    const [{ id: tableId }] = (await api.get(`/v1/sessions/${sessionId}/rounds`)).body.data[0].tables;
    // A second message, same lane: it waits behind the first.
    const put = await api.put(`/v1/tables/${tableId}/result`, {
      scores: ids.map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i] })),
      winnerId: ids[0],
    });
    expect(put.status, put.text).toBe(200);
    const pass = await deliverDue(
      db,
      () => T0,
      defaults(() => 0.5),
    );
    expect(pass.attempted).toBe(1);
    expect(pass.nextDueAt).toBe(new Date(T0.getTime() + 10 * SECOND).toISOString());
    // Until then a pass has nothing to do and says so.
    const idle = await deliverDue(
      db,
      () => new Date(T0.getTime() + 5 * SECOND),
      defaults(() => 0.5),
    );
    expect(idle).toEqual({ attempted: 0, nextDueAt: new Date(T0.getTime() + 10 * SECOND).toISOString() });
  });
});

describe("which failures are retried", () => {
  it("retries 408, 429, 5xx and a refused connection; fails any other 4xx after one attempt", async () => {
    const retried = [408, 429, 500, 502, 503, 504];
    const final = [400, 401, 403, 404, 405, 409, 410, 413, 422];
    const subs = new Map<number, string>();
    for (const status of [...retried, ...final])
      subs.set(status, await subscribe((await receiverAnswering(status)).url));
    const down = await startReceiver();
    await down.close(); // a port nothing listens on any more: connection refused
    const downId = await subscribe(down.url);
    await seat();

    await deliverDue(
      db,
      () => T0,
      defaults(() => 0),
    );
    for (const status of retried) {
      const [d] = await deliveries(subs.get(status)!);
      expect([status, d.status, d.attempts, d.nextAttemptAt]).toEqual([
        status,
        "pending",
        1,
        new Date(T0.getTime() + 8 * SECOND).toISOString(),
      ]);
    }
    for (const status of final) {
      const [d] = await deliveries(subs.get(status)!);
      expect([status, d.status, d.attempts, d.nextAttemptAt, d.lastStatusCode]).toEqual([
        status,
        "failed",
        1,
        null,
        status,
      ]);
    }
    const [refused] = await deliveries(downId);
    expect(refused).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: null });
    expect(refused.lastError).toMatch(/ECONNREFUSED/);
  });
});

describe("a long failure streak", () => {
  it("disables the subscription at the 50th consecutive failed attempt (the default), says why, and sends nothing more", async () => {
    const receiver = await receiverAnswering(503);
    const webhookId = await subscribe(receiver.url, ["round.seated", "result.submitted", "result.final"]);
    // 3 games, each seated, submitted and final: 9 messages of 8 attempts, more than the streak.
    for (let game = 1; game <= 3; game++) {
      const round = await api.post(`/v1/sessions/${sessionId}/rounds`, { tables: [ids] });
      expect(round.status, round.text).toBe(201);
      const put = await api.put(`/v1/tables/${round.body.data[0].tables[0].id}/result`, {
        scores: ids.map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i] })),
        winnerId: ids[0],
        signed: true,
      });
      expect(put.status, put.text).toBe(200);
    }

    const settings = defaults(() => 0.5);
    let now = T0;
    let enabledAt49: boolean | undefined;
    for (let pass = 0; pass < 100; pass++) {
      const done = await deliverDue(db, () => now, settings);
      const sub = (await api.get(`/v1/orgs/${store.orgId}/webhooks/${webhookId}`)).body;
      if (receiver.requests.length === 49) enabledAt49 = sub.enabled;
      if (!sub.enabled || !done.nextDueAt) break;
      now = new Date(done.nextDueAt);
    }
    expect(enabledAt49).toBe(true);
    expect(receiver.requests).toHaveLength(50);
    const sub = (await api.get(`/v1/orgs/${store.orgId}/webhooks/${webhookId}`)).body;
    expect(sub).toMatchObject({ enabled: false, failureStreak: 50 });
    expect(sub.disabledReason).toMatch(/^disabled after 50 consecutive failed attempts; last: HTTP 503 at /);
    // Disabled: what is still pending waits, and nothing is sent however late it gets.
    expect((await deliverDue(db, () => new Date(now.getTime() + 72 * HOUR), settings)).attempted).toBe(0);
    expect(receiver.requests).toHaveLength(50);
    expect((await deliveries(webhookId)).some((d) => d.status === "pending")).toBe(true);
  });
});

describe("a receiver's Retry-After", () => {
  const logged: { message: string; fields?: Record<string, unknown> }[] = [];
  const logger = {
    info: (message: string, fields?: Record<string, unknown>) => logged.push({ message, fields }),
    error: (message: string, fields?: Record<string, unknown>) => logged.push({ message, fields }),
  };
  beforeEach(() => {
    logged.length = 0;
  });

  it("is honoured up to one hour", () => {
    expect(MAX_RETRY_AFTER_MS).toBe(HOUR);
  });

  it.each([
    ["a huge number of seconds", "100000000000000000000000", 429],
    ["more seconds than a Date holds", "8640000000000001", 503],
    ["a far-future date", "Fri, 31 Dec 9999 23:59:59 GMT", 429],
    ["a day", String(24 * 3600), 503],
  ])("%s: clamped to the maximum, counted as a failed attempt and logged", async (_, value, status) => {
    const receiver = await startReceiver(() => ({ status, headers: { "retry-after": value } }));
    receivers.push(receiver);
    const webhookId = await subscribe(receiver.url);
    await seat();
    const settings = { ...defaults(() => 0.5), logger };
    const pass = await deliverDue(db, () => T0, settings);
    expect(pass.attempted).toBe(1);
    const [d] = await deliveries(webhookId);
    expect(d).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: status });
    // A 429 waits what it asks (clamped); a 5xx at least its backoff step, at most the clamp.
    expect(Date.parse(d.nextAttemptAt) - T0.getTime()).toBe(MAX_RETRY_AFTER_MS);
    const sub = (await api.get(`/v1/orgs/${store.orgId}/webhooks/${webhookId}`)).body;
    expect(sub.failureStreak).toBe(1);
    expect(logged).toEqual([
      {
        message: "webhook Retry-After clamped",
        fields: expect.objectContaining({ webhookId, deliveryId: d.id, retryAfter: value, usedMs: HOUR }),
      },
    ]);
    // The lane moves on at the clamped time, not in the year 9999.
    expect((await deliverDue(db, () => new Date(T0.getTime() + HOUR), settings)).attempted).toBe(1);
    expect(receiver.requests).toHaveLength(2);
  });

  it("within the maximum, is used as sent and not logged; unreadable values are ignored", async () => {
    const values = ["120", "soon", "-5"];
    const receiver = await startReceiver((n) => ({ status: 429, headers: { "retry-after": values[n]! } }));
    receivers.push(receiver);
    const webhookId = await subscribe(receiver.url);
    await seat();
    const settings = { ...defaults(() => 0.5), logger };
    let now = T0;
    const waits: number[] = [];
    for (let i = 0; i < values.length; i++) {
      await deliverDue(db, () => now, settings);
      const [d] = await deliveries(webhookId);
      waits.push(Date.parse(d.nextAttemptAt) - now.getTime());
      now = new Date(d.nextAttemptAt);
    }
    // 120 s as asked; "soon" and "-5" fall back to the backoff steps (1 min, 5 min at jitter 0.5).
    expect(waits).toEqual([120 * SECOND, MINUTE, 5 * MINUTE]);
    expect(logged).toEqual([]);
  });
});
