/**
 * Every connection to a live feed waits on one shared reader of the database per event (and per
 * organisation feed) in the process: watching costs the same reads with 200 connections as with
 * one, every connection still gets every change once and in order, a revoked client's
 * connections end within one interval (one revocation read for all of them), and a feed nobody
 * watches any more reads nothing. Time is driven by fake timers, one refresh interval at a time,
 * so the counts are exact.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addClient, createOrgClient, type OrgClient } from "../helpers/auth";
import { seatPrelimTable } from "../helpers/seat-table";
import { createCountingTestDatabase, createTestApp } from "../helpers/test-app";
import { createPlayers, type JsonClient, jsonRequest } from "../helpers/workflow";

const POLL_MS = 1000;

interface Watcher {
  text: string;
  done: boolean;
  reader: ReadableStreamDefaultReader<Uint8Array>;
}

/** Reads a stream in the background into `text`. */
function watch(res: Response): Watcher {
  const reader = res.body!.getReader();
  const w: Watcher = { text: "", done: false, reader };
  const decoder = new TextDecoder();
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) break;
      w.text += decoder.decode(value);
    }
    w.done = true;
  })();
  return w;
}

const ids = (w: Watcher) => [...w.text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));

/** Lets the streams' promises run (the fake timers do not move). */
async function settle(until: () => boolean, rounds = 200) {
  for (let i = 0; i < rounds && !until(); i++) await vi.advanceTimersByTimeAsync(0);
  expect(until()).toBe(true);
}

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let counting: Awaited<ReturnType<typeof createCountingTestDatabase>>;
let store: OrgClient;
let api: JsonClient;
let eventId: string;
let tableId: string;
let players: string[];
const open: Watcher[] = [];

beforeEach(async () => {
  counting = await createCountingTestDatabase();
  ctx = await createTestApp({ storage: { db: counting.db }, live: { changePollMs: POLL_MS } });
  store = await createOrgClient(ctx.app, ctx.db, { name: "Shared feed store" });
  api = jsonRequest(ctx.app, store.auth);
  eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Shared cup" })).body.id;
  const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S1" })).body.id;
  players = await createPlayers(api, store.orgId, 4, "Shared");
  await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: players });
  ({ tableId } = await seatPrelimTable(ctx.db, eventId, sessionId, players));
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});

afterEach(async () => {
  for (const w of open.splice(0)) await w.reader.cancel().catch(() => {});
  vi.useRealTimers();
});

async function connect(path: string, headers: Record<string, string> = {}): Promise<Watcher> {
  const res = await ctx.app.request(path, { headers });
  expect(res.status).toBe(200);
  const w = watch(res);
  open.push(w);
  return w;
}

/** Statements sent while `intervals` refresh intervals pass. */
async function statementsOver(intervals: number): Promise<string[]> {
  const before = counting.statements().length;
  for (let i = 0; i < intervals; i++) await vi.advanceTimersByTimeAsync(POLL_MS);
  return counting.statements().slice(before);
}

const feedRead = (sql: string) => /from events where id|from outbox/.test(sql);

describe("the per-event feed with many connections", () => {
  it("reads the database as often with 200 connections as with 1, and gives each every change once, in order", async () => {
    const first = await connect(`/v1/events/${eventId}/changes?maxSeconds=3600`);
    await settle(() => ids(first).length === 1);
    const withOne = await statementsOver(5);
    expect(withOne.filter(feedRead).length).toBeGreaterThan(0);

    const more: Watcher[] = [];
    for (let i = 0; i < 199; i++) more.push(await connect(`/v1/events/${eventId}/changes?maxSeconds=3600`));
    const all = [first, ...more];
    await settle(() => all.every((w) => ids(w).length === 1));
    const withTwoHundred = await statementsOver(5);
    // The same statements, interval for interval: nothing per connection.
    expect(withTwoHundred).toEqual(withOne);

    // Three versions while everyone watches: a submission and two confirmations.
    await api.put(`/v1/tables/${tableId}/result`, {
      scores: players.map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i] })),
      winnerId: players[0],
    });
    await api.post(`/v1/tables/${tableId}/result/confirmations`, { playerId: players[1] });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    await api.post(`/v1/tables/${tableId}/result/confirmations`, { playerId: players[2] });
    const during = await statementsOver(1);
    await settle(() => all.every((w) => ids(w).length === 4));
    expect(during.filter(feedRead).length).toBe(withOne.filter(feedRead).length / 5);
    for (const w of all) {
      expect(ids(w)).toEqual([0, 1, 2, 3]);
      expect(w.text).toContain('"types":["result.submitted","standings.changed"]');
    }
  });

  it("stops reading once the last connection is gone", async () => {
    const watchers = [
      await connect(`/v1/events/${eventId}/changes?maxSeconds=3600`),
      await connect(`/v1/events/${eventId}/changes?maxSeconds=3600`),
    ];
    await settle(() => watchers.every((w) => ids(w).length === 1));
    expect((await statementsOver(2)).filter(feedRead).length).toBeGreaterThan(0);
    for (const w of open.splice(0)) await w.reader.cancel();
    await vi.advanceTimersByTimeAsync(POLL_MS); // a refresh already under way may finish
    expect(await statementsOver(5)).toEqual([]);
  });
});

describe("tokens of the connections", () => {
  it("ends a revoked client's connections within one interval, with one revocation read for all of them", async () => {
    const bot = await addClient(ctx.app, ctx.db, store.orgId, "reader");
    const other = await addClient(ctx.app, ctx.db, store.orgId, "reader");
    const bots: Watcher[] = [];
    const others: Watcher[] = [];
    for (let i = 0; i < 20; i++) {
      bots.push(await connect(`/v1/events/${eventId}/changes?maxSeconds=3600`, bot.auth));
      others.push(await connect(`/v1/orgs/${store.orgId}/changes?maxSeconds=3600`, other.auth));
    }
    await settle(() => bots.every((w) => ids(w).length === 1));
    const quiet = await statementsOver(3);
    expect(quiet.filter((sql) => sql.includes('from "api_clients"')).length).toBe(3);

    expect((await api.delete(`/v1/orgs/${store.orgId}/clients/${bot.clientId}`)).status).toBe(204);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    await settle(() => bots.every((w) => w.done));
    for (const w of bots) expect(w.text).toMatch(/event: end\ndata: \{"reason":"client_revoked"\}/);
    expect(others.some((w) => w.done)).toBe(false);
  });
});

describe("the organisation feed with many connections", () => {
  it("reads as often with 50 connections as with 1", async () => {
    const first = await connect(`/v1/orgs/${store.orgId}/changes?maxSeconds=3600`, store.auth);
    await settle(() => counting.statements().includes("select max(seq) as seq from outbox"));
    const withOne = (await statementsOver(4)).filter(feedRead);
    for (let i = 0; i < 49; i++) await connect(`/v1/orgs/${store.orgId}/changes?maxSeconds=3600`, store.auth);
    await vi.advanceTimersByTimeAsync(0);
    const withFifty = (await statementsOver(4)).filter(feedRead);
    expect(withFifty).toEqual(withOne);
    expect(first.done).toBe(false);
  });
});
