import { seatPrelimTable } from "../test/helpers/seat-table";
import { createPlayers } from "../test/helpers/workflow";
import { startOwnedWorker } from "../test/workers/owned-worker";
import { TICK_MS, workerdTicks } from "./workerd-cpu";

const WATCHERS = Number(process.argv[2] ?? 100);
const IDLE_SECONDS = Number(process.argv[3] ?? 60);
const WRITES = Number(process.argv[4] ?? 20);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const owned = await startOwnedWorker({
  orgName: "Bench store",
  env: { LIVE_STREAMS_PER_ADDRESS: "100000" },
});
const { api, auth, worker, db: seedDb } = owned;
const org = { id: owned.orgId };
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
await owned.close();

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
