/**
 * What a write tells push once it has committed: the runtime's dispatcher when it queued
 * deliveries, and the live feeds of the events and organisations it changed. A write refused by
 * a rule, or whose batch fails, committed nothing and tells nobody. On Node the process's live
 * feeds read a change written through it at once; polling is only the safety net for writes
 * made elsewhere.
 */
import { type Client, createClient, LibsqlError } from "@libsql/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDatabase } from "../../src/db/client";
import { migrateDatabase } from "../../src/db/node";
import { createApp } from "../../src/http/app";
import type { LiveFeeds } from "../../src/http/live-feeds";
import { createAuthConfig } from "../../src/services/auth";
import type { CommittedChanges } from "../../src/services/outbox";
import { createOrgClient } from "../helpers/auth";
import { seatPrelimTable } from "../helpers/seat-table";
import {
  createCountingTestDatabase,
  createTestApp,
  createTestDatabase,
  TEST_JWT_SECRET,
} from "../helpers/test-app";
import { createPlayers, jsonRequest } from "../helpers/workflow";

/** A migrated in-memory database whose write batches fail like a full disk while `failing` is set. */
async function createFailingDatabase() {
  const state = { failing: false };
  const raw = createClient({ url: ":memory:" });
  const client = new Proxy(raw, {
    get(target, prop) {
      const value = Reflect.get(target, prop);
      if (prop === "batch") {
        return async (stmts: unknown[], mode?: string) => {
          const writes = JSON.stringify(stmts).includes("insert into outbox");
          if (state.failing && writes) throw new LibsqlError("database or disk is full", "SQLITE_FULL");
          return (value as Client["batch"]).call(target, stmts as never, mode as never);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  }) as Client;
  const db = createDatabase(client);
  await migrateDatabase(db);
  return { db, state };
}

/** A tournament table ready for its sheet, with spies where the runtime's push would be. */
async function setUp(options: { failing?: Awaited<ReturnType<typeof createFailingDatabase>> } = {}) {
  const wakes: number[] = [];
  const notices: CommittedChanges[] = [];
  const db = options.failing?.db ?? (await createTestDatabase());
  // Live feeds that only record what they are told.
  const recorded: LiveFeeds = {
    stream: () => new Response(null, { status: 501 }),
    notify: async (changes) => {
      notices.push(changes);
    },
    acquire: () => ({ granted: true, release: () => {} }) as never,
    limits: { perAddress: 1, perClient: 1, anonymousMaxSeconds: 1 } as never,
  };
  const watched = createApp({
    storage: { db },
    push: {
      dispatcher: { wake: () => wakes.push(Date.now()) },
      webhookTargets: { allowLoopback: true, resolveHost: async () => ["127.0.0.1"] },
    },
    live: { liveFeeds: recorded },
    logging: { logger: { info: () => {}, error: () => {} } },
    auth: createAuthConfig({ secret: TEST_JWT_SECRET }),
  });
  const store = await createOrgClient(watched, db, { name: "After-write store" });
  const api = jsonRequest(watched, store.auth);
  const eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "After-write cup" })).body.id;
  const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S1" })).body.id;
  const players = await createPlayers(api, store.orgId, 4, "AW");
  await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: players });
  const { tableId } = await seatPrelimTable(db, eventId, sessionId, players);
  const subscribe = () =>
    api.post(`/v1/orgs/${store.orgId}/webhooks`, {
      url: "http://127.0.0.1:9/catan",
      eventTypes: ["result.submitted", "standings.changed"],
    });
  const sheet = (vp: number[]) => ({
    scores: players.map((playerId, i) => ({ playerId, vp: vp[i] })),
    winnerId: players[0],
  });
  wakes.length = 0;
  notices.length = 0;
  return { api, store, eventId, tableId, wakes, notices, subscribe, sheet };
}

describe("after a write", () => {
  it("wakes the dispatcher and tells the changed feeds once the write has committed", async () => {
    const t = await setUp();
    expect((await t.subscribe()).status).toBe(201);
    t.wakes.length = 0;
    t.notices.length = 0;
    const res = await t.api.put(`/v1/tables/${t.tableId}/result`, t.sheet([10, 8, 6, 4]));
    expect(res.status).toBe(200);
    expect(t.wakes).toHaveLength(1);
    expect(t.notices).toHaveLength(1);
    expect([...t.notices[0]!.events]).toEqual([t.eventId]);
    expect([...t.notices[0]!.orgs]).toContain(t.store.orgId);
  });

  it("tells the feeds but wakes no dispatcher when the write queued no delivery (nobody subscribes)", async () => {
    const t = await setUp();
    const res = await t.api.put(`/v1/tables/${t.tableId}/result`, t.sheet([10, 8, 6, 4]));
    expect(res.status).toBe(200);
    expect(t.wakes).toHaveLength(0);
    expect(t.notices).toHaveLength(1);
  });

  it("tells nobody when a rule refuses the write", async () => {
    const t = await setUp();
    await t.subscribe();
    t.wakes.length = 0;
    t.notices.length = 0;
    // No winner with 10 VP: refused before anything is written.
    const res = await t.api.put(`/v1/tables/${t.tableId}/result`, t.sheet([9, 8, 6, 4]));
    expect(res.status).toBe(422);
    expect(t.wakes).toHaveLength(0);
    expect(t.notices).toHaveLength(0);
  });

  it("tells nobody when the write's batch fails", async () => {
    const failing = await createFailingDatabase();
    const t = await setUp({ failing });
    await t.subscribe();
    t.wakes.length = 0;
    t.notices.length = 0;
    failing.state.failing = true;
    const res = await t.api.put(`/v1/tables/${t.tableId}/result`, t.sheet([10, 8, 6, 4]));
    expect(res.status).toBe(503);
    expect(t.wakes).toHaveLength(0);
    expect(t.notices).toHaveLength(0);
  });
});

describe("the live feeds of one Node process", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const SAFETY_MS = 5000;

  async function watchedEvent() {
    const counting = await createCountingTestDatabase();
    const { app, db } = await createTestApp({
      storage: { db: counting.db },
      live: { changePollMs: SAFETY_MS },
    });
    const store = await createOrgClient(app, db, { name: "Live store" });
    const api = jsonRequest(app, store.auth);
    const eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Live cup" })).body.id;
    const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S1" })).body.id;
    const players = await createPlayers(api, store.orgId, 4, "Live");
    await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: players });
    const { tableId } = await seatPrelimTable(db, eventId, sessionId, players);
    const sheet = {
      scores: players.map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i] })),
      winnerId: players[0],
    };
    // No timer of the feed fires unless a test moves the clock.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const res = await app.request(`/v1/events/${eventId}/changes?maxSeconds=3600`);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const received = { text: "" };
    const decoder = new TextDecoder();
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) break;
        received.text += decoder.decode(value);
      }
    })();
    const versions = () => [...received.text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    const settle = async (until: () => boolean) => {
      for (let i = 0; i < 200 && !until(); i++) await vi.advanceTimersByTimeAsync(0);
    };
    await settle(() => versions().length === 1);
    expect(versions()).toEqual([0]);
    return { counting, db, api, auth: store.auth, tableId, sheet, reader, versions, settle };
  }

  it("bring a change written through the process to its watchers with no poll in between", async () => {
    const w = await watchedEvent();
    const before = w.counting.statements().length;
    expect((await w.api.put(`/v1/tables/${w.tableId}/result`, w.sheet)).status).toBe(200);
    await w.settle(() => w.versions().length === 2);
    expect(w.versions()).toEqual([0, 1]);
    // The clock never moved: the only feed read is the one the write asked for.
    const feedReads = w.counting
      .statements()
      .slice(before)
      .filter((sql) => /from events where id = \?|from outbox/.test(sql) && !/^\s*insert/i.test(sql));
    expect(feedReads).toHaveLength(2);
    await w.reader.cancel();
  });

  it("see a change written by another process within the safety interval", async () => {
    const w = await watchedEvent();
    // Another process: its own app over the same database, whose writes this process is not told of.
    const other = await createTestApp({ storage: { db: w.db }, live: { changePollMs: SAFETY_MS } });
    const otherStore = jsonRequest(other.app, w.auth);
    expect((await otherStore.put(`/v1/tables/${w.tableId}/result`, w.sheet)).status).toBe(200);
    await w.settle(() => false);
    expect(w.versions()).toEqual([0]);
    await vi.advanceTimersByTimeAsync(SAFETY_MS);
    await w.settle(() => w.versions().length === 2);
    expect(w.versions()).toEqual([0, 1]);
    await w.reader.cancel();
  });
});
