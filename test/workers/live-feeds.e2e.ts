import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { openWebDatabase } from "../../src/db/web";
import { createApp } from "../../src/http/app";
import { createAuthConfig } from "../../src/services/auth";
import type { HranaServer } from "../../tools/hrana-server";
import { seatPrelimTable } from "../helpers/seat-table";
import { createPlayers, type JsonClient, jsonRequest } from "../helpers/workflow";
import { HRANA_TOKEN, type OwnedWorker, startOwnedWorker, WORKER_JWT_SECRET } from "./owned-worker";
import type { RunningWorker } from "./worker-runtime";

const REFRESH_MS = 100;

let owned: OwnedWorker;
let server: HranaServer;
let worker: RunningWorker;
let api: JsonClient;
let auth: Record<string, string>;
let eventId: string;
let sessionId: string;
let players: string[];
const pipelines: string[][] = [];
const closers: (() => void)[] = [];

beforeAll(async () => {
  owned = await startOwnedWorker({
    orgName: "Live Store",
    env: { LIVE_REFRESH_MS: String(REFRESH_MS), LIVE_STREAMS_PER_ADDRESS: "1000" },
    onPipeline: (sql) => pipelines.push(sql),
  });
  ({ server, worker, api, auth } = owned);
  eventId = (await api.post(`/v1/orgs/${owned.orgId}/events`, { name: "Live on workerd" })).body.id;
  sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S1" })).body.id;
  players = await createPlayers(api, owned.orgId, 8, "Live");
  await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: players });
}, 120_000);

afterAll(async () => {
  for (const close of closers.splice(0)) close();
  await owned?.close();
});

function showWorkerOutputOnFailure() {
  onTestFailed(() => console.error(`Worker output:\n${worker.output()}`));
}

interface Watcher {
  ids: number[];
  text: string;
  done: boolean;
}

async function sse(path: string, headers: Record<string, string> = {}): Promise<Watcher> {
  const res = await worker.fetch(path, { headers });
  expect(res.status, res.status === 200 ? "" : await res.text()).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  const w: Watcher = { ids: [], text: "", done: false };
  const reader = res.body!.getReader();
  closers.push(() => void reader.cancel().catch(() => {}));
  const decoder = new TextDecoder();
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) break;
      w.text += decoder.decode(value);
      w.ids = [...w.text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    }
    w.done = true;
  })();
  return w;
}

interface SocketWatcher extends Watcher {
  frames: { event: string; id?: string; data: Record<string, unknown> }[];
}

async function socket(path: string): Promise<SocketWatcher> {
  const res = await worker.fetch(path, { headers: { upgrade: "websocket" } });
  expect(res.status).toBe(101);
  const ws = (res as Response & { webSocket: WebSocket & { accept(): void } }).webSocket;
  ws.accept();
  const w: SocketWatcher = { ids: [], text: "", done: false, frames: [] };
  ws.addEventListener("message", (e: MessageEvent) => {
    const frame = JSON.parse(String(e.data));
    w.frames.push(frame);
    if (frame.id !== undefined) w.ids.push(Number(frame.id));
  });
  ws.addEventListener("close", () => {
    w.done = true;
  });
  closers.push(() => ws.close());
  return w;
}

async function until(check: () => boolean, timeoutMs = 20_000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

// The object's refresh: the event's row and its feed rows in one read-only batch
// (services/live/feeds.ts, the only read-mode batch of the Worker; the client may send the
// statements themselves by a stored id).
const isObjectRefresh = (sql: string[]) => sql[0] === "BEGIN TRANSACTION READONLY";

describe("an event feed held by its Durable Object", () => {
  it("stays open past 60 refresh intervals while its request makes a handful of subrequests", async () => {
    showWorkerOutputOnFailure();
    const before = pipelines.length;
    const w = await sse(`/v1/events/${eventId}/changes?maxSeconds=60`);
    await until(() => w.ids.length === 1);
    const opened = pipelines.length - before;
    // 61 refreshes of the object: what 61 s of the old once-a-second polling would have read.
    await until(() => pipelines.slice(before).filter(isObjectRefresh).length > 60, 50_000);
    const during = pipelines.slice(before);
    const ofTheRequest = during.filter((sql) => !isObjectRefresh(sql)).length;
    // The request's own database requests (the event's authorisation) came at the start, none since;
    // the object read once per interval for its watchers, one request each.
    expect(ofTheRequest).toBeLessThan(50);
    expect(ofTheRequest).toBe(
      pipelines.slice(before, before + opened).filter((sql) => !isObjectRefresh(sql)).length,
    );
    expect(w.done).toBe(false);
    expect(w.text).not.toContain("event: end");
  }, 60_000);

  it("brings a result PUT to 100 WebSocket watchers and 100 SSE watchers", async () => {
    showWorkerOutputOnFailure();
    const { tableId } = await seatPrelimTable(
      openWebDatabase(server.url, HRANA_TOKEN),
      eventId,
      sessionId,
      players.slice(0, 4),
    );
    const streams: Watcher[] = [];
    const sockets: SocketWatcher[] = [];
    for (let i = 0; i < 100; i++) {
      streams.push(await sse(`/v1/events/${eventId}/changes?maxSeconds=120`));
      sockets.push(await socket(`/v1/events/${eventId}/live?maxSeconds=120`));
    }
    await until(() => [...streams, ...sockets].every((w) => w.ids.length === 1));
    const version = streams[0]!.ids[0]!;
    const put = await api.put(`/v1/tables/${tableId}/result`, {
      scores: players.slice(0, 4).map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i] })),
      winnerId: players[0],
    });
    expect(put.status, put.text).toBe(200);
    await until(() => [...streams, ...sockets].every((w) => w.ids.length === 2));
    for (const w of [...streams, ...sockets]) expect(w.ids).toEqual([version, version + 1]);
    expect(sockets[0]!.frames.filter((f) => f.event === "results")[1]).toMatchObject({
      event: "results",
      id: String(version + 1),
      data: {
        eventId,
        resultsVersion: version + 1,
        tableId,
        types: ["result.submitted", "standings.changed"],
      },
    });
    for (const close of closers.splice(0)) close();
  }, 120_000);

  it("brings a change whose notice never came by the object's alarm", async () => {
    showWorkerOutputOnFailure();
    const w = await sse(`/v1/events/${eventId}/changes?maxSeconds=60`);
    const s = await socket(`/v1/events/${eventId}/live?maxSeconds=60`);
    await until(() => w.ids.length === 1 && s.ids.length === 1);
    const version = w.ids[0]!;
    // Another deployment writes to the same database: no notice reaches this Worker's objects.
    const elsewhere = createApp({
      storage: { db: openWebDatabase(server.url, HRANA_TOKEN) },
      auth: createAuthConfig({ secret: WORKER_JWT_SECRET }),
    });
    const { tableId } = await seatPrelimTable(
      openWebDatabase(server.url, HRANA_TOKEN),
      eventId,
      sessionId,
      players.slice(4),
      2,
    );
    const put = await jsonRequest(elsewhere, auth).put(`/v1/tables/${tableId}/result`, {
      scores: players.slice(4).map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i] })),
      winnerId: players[4],
    });
    expect(put.status, put.text).toBe(200);
    await until(() => w.ids.length === 2 && s.ids.length === 2);
    expect(w.ids).toEqual([version, version + 1]);
    expect(s.ids).toEqual([version, version + 1]);
    for (const close of closers.splice(0)) close();
  }, 60_000);

  it("closes a socket whose watcher sends anything but a ping: each message would wake the object", async () => {
    showWorkerOutputOnFailure();
    const res = await worker.fetch(`/v1/events/${eventId}/live?maxSeconds=60`, {
      headers: { upgrade: "websocket" },
    });
    expect(res.status).toBe(101);
    const ws = (res as Response & { webSocket: WebSocket & { accept(): void } }).webSocket;
    ws.accept();
    let closed: { code: number; reason: string } | undefined;
    const pongs: string[] = [];
    ws.addEventListener("message", (e: MessageEvent) => {
      if (e.data === "pong") pongs.push(String(e.data));
    });
    ws.addEventListener("close", (e: CloseEvent) => {
      closed = { code: e.code, reason: e.reason };
    });
    ws.send("ping");
    await until(() => pongs.length === 1);
    expect(closed).toBeUndefined();
    ws.send("subscribe to everything");
    await until(() => closed !== undefined);
    expect(closed!.code).toBe(1008);
  }, 60_000);

  it("resumes from Last-Event-ID through the object, over SSE and WebSocket", async () => {
    showWorkerOutputOnFailure();
    const current = (await api.get(`/v1/events/${eventId}`)).body.resultsVersion as number;
    expect(current).toBeGreaterThanOrEqual(2);
    const sseResumed = await sse(`/v1/events/${eventId}/changes?maxSeconds=60`, {
      "last-event-id": String(current - 2),
    });
    const wsResumed = await socket(`/v1/events/${eventId}/live?maxSeconds=60&lastEventId=${current - 1}`);
    await until(() => sseResumed.ids.length === 2 && wsResumed.ids.length === 1);
    expect(sseResumed.ids).toEqual([current - 1, current]);
    expect(sseResumed.text).toContain('"types":["result.submitted","standings.changed"]');
    expect(wsResumed.ids).toEqual([current]);
    expect(wsResumed.frames[0]!.data).toMatchObject({ resultsVersion: current, types: expect.any(Array) });
    for (const close of closers.splice(0)) close();
  }, 60_000);
});
