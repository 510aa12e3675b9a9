/**
 * CPU of the live feeds on workerd. Run `npm run build:worker && npx tsx bench/live-worker-cpu.ts
 * [watchers=100] [idleSeconds=60] [writes=20]`.
 *
 * The built Worker on workerd (Miniflare) against the Hrana test server in this process, with
 * the default refresh interval (LIVE_REFRESH_MS 5 s). CPU is that of the workerd processes this
 * process started (user + system from /proc, 10 ms ticks; see bench/workerd-cpu.ts for
 * why), so it includes workerd's HTTP and Hrana-client work:
 * - per feed connection-hour: `watchers` SSE streams and as many WebSockets held open for
 *   `idleSeconds` with no change, minus the same time with no watcher, over the connection-hours;
 * - per delivered change: `writes` result PUTs with the watchers open, minus the same writes with
 *   none, over writes × watchers (every watcher gets every change).
 */
import { resolve } from "node:path";
import { openWebDatabase } from "../src/db/web";
import type { App } from "../src/http/app";
import { insertApiClient } from "../src/services/auth";
import { createOrganization } from "../src/services/orgs";
import { systemContext } from "../test/helpers/auth";
import { seatPrelimTable } from "../test/helpers/seat-table";
import { createPlayers, jsonRequest } from "../test/helpers/workflow";
import { startWorker } from "../test/workers/worker-runtime";
import { startHranaServer } from "../tools/hrana-server";
import { TICK_MS, workerdTicks } from "./workerd-cpu";

const WATCHERS = Number(process.argv[2] ?? 100);
const IDLE_SECONDS = Number(process.argv[3] ?? 60);
const WRITES = Number(process.argv[4] ?? 20);
const TOKEN = "hrana-live-bench-token";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const server = await startHranaServer({
  authToken: TOKEN,
  migrationsFolder: resolve(import.meta.dirname, "../migrations"),
});
const seedDb = openWebDatabase(server.url, TOKEN);
const org = await createOrganization(systemContext(seedDb), { name: "Bench store", kind: "store" });
const credentials = await insertApiClient(
  seedDb,
  { orgId: org.id, name: "bench", role: "owner" },
  new Date(),
);
const worker = await startWorker({
  DATABASE_URL: server.url,
  DATABASE_AUTH_TOKEN: TOKEN,
  JWT_SECRET: "live-bench-jwt-secret-0123456789abcdef0123",
  LIVE_STREAMS_PER_ADDRESS: "100000",
});
const token = await worker.fetch("/v1/auth/token", {
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams({
    grant_type: "client_credentials",
    client_id: credentials.clientId,
    client_secret: credentials.clientSecret,
  }),
});
const auth = { authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` };
const api = jsonRequest(
  { request: (p: string, i?: RequestInit) => worker.fetch(p, i) } as unknown as App,
  auth,
);
const eventId = (await api.post(`/v1/orgs/${org.id}/events`, { name: "Bench cup" })).body.id as string;
const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S" })).body.id as string;
const players = await createPlayers(api, org.id, 4, "Bench");
await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: players });
const tables: string[] = [];
for (let i = 0; i < 2 * WRITES + 1; i++)
  tables.push((await seatPrelimTable(seedDb, eventId, sessionId, players, i + 1)).tableId);
const sheet = {
  scores: players.map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i] })),
  winnerId: players[0],
};
let nextTable = 0;
const write = async () => {
  const res = await api.put(`/v1/tables/${tables[nextTable++]}/result`, sheet);
  if (res.status !== 200) throw new Error(`write failed: ${res.status}`);
};

// Warm-up, then the writes with no watcher and an idle period with none: the baselines.
await write();
await sleep(2000);
let t0 = workerdTicks();
for (let i = 0; i < WRITES; i++) await write();
const writesAlone = workerdTicks() - t0;
t0 = workerdTicks();
await sleep(IDLE_SECONDS * 1000);
const idleAlone = workerdTicks() - t0;

// The watchers: half SSE, half WebSocket, counting the results messages they receive.
let received = 0;
const closers: (() => void)[] = [];
for (let i = 0; i < WATCHERS; i++) {
  const res = await worker.fetch(`/v1/events/${eventId}/changes?maxSeconds=3600`, { headers: auth });
  const reader = res.body!.getReader();
  closers.push(() => void reader.cancel().catch(() => {}));
  void (async () => {
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      received += decoder.decode(value).split("event: results").length - 1;
    }
  })();
  const ws = (
    (await worker.fetch(`/v1/events/${eventId}/live?maxSeconds=3600`, {
      headers: { ...auth, upgrade: "websocket" },
    })) as Response & { webSocket: WebSocket & { accept(): void } }
  ).webSocket;
  ws.accept();
  ws.addEventListener("message", (e: MessageEvent) => {
    if (String(e.data).includes('"event":"results"')) received++;
  });
  closers.push(() => ws.close());
}
const connections = 2 * WATCHERS;
await sleep(3000);
t0 = workerdTicks();
await sleep(IDLE_SECONDS * 1000);
const idleWatched = workerdTicks() - t0;
const before = received;
t0 = workerdTicks();
for (let i = 0; i < WRITES; i++) await write();
while (received - before < WRITES * connections) await sleep(50);
const writesWatched = workerdTicks() - t0;
for (const close of closers) close();
await worker.dispose();
await server.close();

const connectionHours = (connections * IDLE_SECONDS) / 3600;
const perConnectionHour = ((idleWatched - idleAlone) * TICK_MS) / connectionHours;
const perDelivered = ((writesWatched - writesAlone) * TICK_MS) / (WRITES * connections);
console.log(
  JSON.stringify(
    {
      connections,
      idleSeconds: IDLE_SECONDS,
      writes: WRITES,
      cpuMs: {
        idleAlone: idleAlone * TICK_MS,
        idleWatched: idleWatched * TICK_MS,
        writesAlone: writesAlone * TICK_MS,
        writesWatched: writesWatched * TICK_MS,
      },
      cpuMsPerConnectionHour: Number(perConnectionHour.toFixed(2)),
      cpuMsPerDeliveredChange: Number(perDelivered.toFixed(3)),
    },
    null,
    2,
  ),
);
