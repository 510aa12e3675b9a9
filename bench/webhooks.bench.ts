/**
 * Webhook delivery benchmark (run: npx tsx bench/webhooks.bench.ts [writes]).
 * Through the real app on an in-memory database, with the Node dispatcher delivering to a
 * receiver on loopback, all in one run (so the ratios compare like with like on this machine):
 * - the latency of a result write (PUT …/result, signed: final at once) with no subscription
 *   (the baseline); with 10 subscriptions to every result event (result.submitted,
 *   result.final, standings.changed: 30 signed deliveries per write) while the dispatcher is
 *   paused (what the outbox and the fan-out add to the write itself); and with the dispatcher
 *   delivering in the same process;
 * - the time from the write's start to each subscription's receiver answering 2xx for its
 *   result.final (p50/p99);
 * - delivery throughput: the backlog the paused phase queued, drained with no writes; and
 *   writes sent back to back while delivering.
 * The load average is printed with the figures (the machine is shared).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { startNodeDispatcher } from "../src/runtime/node/dispatcher";
import { nodeResolveHost, nodeTransport } from "../src/runtime/node/transport";
import { createOrgClient } from "../test/helpers/auth";
import { seatPrelimTable } from "../test/helpers/seat-table";
import { createTestApp, createTestDatabase } from "../test/helpers/test-app";
import { createPlayers, jsonRequest } from "../test/helpers/workflow";

const WRITES = Number(process.argv[2] ?? 100);
const SUBSCRIPTIONS = 10;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

async function main() {
  const arrivals = new Map<string, number[]>();
  let delivered = 0;
  const receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      res.writeHead(204).end();
      delivered++;
      const msg = JSON.parse(body) as { type: string; data: { tableId?: string } };
      if (msg.type === "result.final" && msg.data.tableId) {
        const list = arrivals.get(msg.data.tableId) ?? [];
        list.push(performance.now());
        arrivals.set(msg.data.tableId, list);
      }
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const db = await createTestDatabase();
  // Started after the paused phase; until then writes only queue their deliveries.
  let dispatcher: ReturnType<typeof startNodeDispatcher> | undefined;
  const startDispatcher = () => {
    dispatcher = startNodeDispatcher({
      db,
      idleMs: 50,
      settings: { allowLoopback: true, transport: nodeTransport({ allowLoopback: true }) },
    });
  };
  const { app } = await createTestApp({
    storage: { db },
    push: {
      dispatcher: { wake: (waitUntil) => dispatcher?.wake(waitUntil) },
      webhookTargets: { allowLoopback: true, resolveHost: nodeResolveHost },
    },
  });
  const store = await createOrgClient(app, db, { name: "Bench store" });
  const api = jsonRequest(app, store.auth);
  const eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Bench cup" })).body.id;
  const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S" })).body.id;
  const ids = await createPlayers(api, store.orgId, 4, "Bench");
  await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids });
  const tables: string[] = [];
  for (let i = 0; i < 4 * WRITES; i++)
    tables.push((await seatPrelimTable(db, eventId, sessionId, ids, i + 1)).tableId);
  const sheet = {
    scores: ids.map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i] })),
    winnerId: ids[0],
    signed: true,
  };

  const write = async (tableId: string) => {
    const t0 = performance.now();
    const res = await api.put(`/v1/tables/${tableId}/result`, sheet);
    if (res.status !== 200) throw new Error(`write failed: ${res.status}`);
    return { t0, ms: performance.now() - t0 };
  };

  // Baseline: the same write, no subscription.
  const baseline: number[] = [];
  for (const tableId of tables.slice(0, WRITES)) baseline.push((await write(tableId)).ms);

  for (let i = 0; i < SUBSCRIPTIONS; i++) {
    const sub = await api.post(`/v1/orgs/${store.orgId}/webhooks`, {
      url,
      eventTypes: ["result.submitted", "result.final", "standings.changed"],
    });
    if (sub.status !== 201) throw new Error(`subscribe failed: ${sub.status}`);
  }
  const waitFor = async (predicate: () => boolean) => {
    while (!predicate()) await new Promise((r) => setTimeout(r, 5));
  };

  // The same write with 10 subscriptions and nobody delivering: the outbox and the fan-out alone.
  const paused: number[] = [];
  for (const tableId of tables.slice(WRITES, 2 * WRITES)) paused.push((await write(tableId)).ms);

  // The backlog drained with no writes going on: delivery throughput alone.
  const backlog = WRITES * 3 * SUBSCRIPTIONS;
  const drainStart = performance.now();
  startDispatcher();
  await waitFor(() => delivered >= backlog);
  const drainSeconds = (performance.now() - drainStart) / 1000;

  // Sequential writes, each awaited to its 10 result.final arrivals: write → 2xx latency.
  const withSubs: number[] = [];
  const toReceiver: number[] = [];
  for (const tableId of tables.slice(2 * WRITES, 3 * WRITES)) {
    const { t0, ms } = await write(tableId);
    withSubs.push(ms);
    await waitFor(() => (arrivals.get(tableId)?.length ?? 0) >= SUBSCRIPTIONS);
    for (const at of arrivals.get(tableId)!) toReceiver.push(at - t0);
  }

  // Throughput: writes back to back, then every delivery drained.
  const before = delivered;
  const start = performance.now();
  for (const tableId of tables.slice(3 * WRITES)) await write(tableId);
  const expected = before + WRITES * 3 * SUBSCRIPTIONS;
  await waitFor(() => delivered >= expected);
  const seconds = (performance.now() - start) / 1000;

  await dispatcher?.stop();
  receiver.close();
  const s = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const b = s(baseline);
  const p = s(paused);
  const w = s(withSubs);
  const l = s(toReceiver);
  console.log(
    `result write, no subscription (baseline):          p50 ${fmt(pct(b, 50))}, p99 ${fmt(pct(b, 99))}`,
  );
  console.log(
    `load average (1, 5, 15 min) at the end: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(", ")}`,
  );
  console.log(
    `result write, ${SUBSCRIPTIONS} subscriptions, dispatcher paused: p50 ${fmt(pct(p, 50))}, p99 ${fmt(pct(p, 99))}  (ratio p50 ${(pct(p, 50) / pct(b, 50)).toFixed(2)}×)`,
  );
  console.log(
    `result write, ${SUBSCRIPTIONS} subscriptions, delivering:      p50 ${fmt(pct(w, 50))}, p99 ${fmt(pct(w, 99))}  (ratio p50 ${(pct(w, 50) / pct(b, 50)).toFixed(2)}×)`,
  );
  console.log(
    `write → receiver 2xx (result.final, ×${SUBSCRIPTIONS}): p50 ${fmt(pct(l, 50))}, p99 ${fmt(pct(l, 99))}`,
  );
  console.log(
    `throughput, backlog alone: ${backlog} deliveries in ${drainSeconds.toFixed(2)} s = ${(backlog / drainSeconds).toFixed(0)} deliveries/s`,
  );
  console.log(
    `throughput: ${WRITES} writes back to back → ${WRITES * 3 * SUBSCRIPTIONS} deliveries in ${seconds.toFixed(2)} s = ${((WRITES * 3 * SUBSCRIPTIONS) / seconds).toFixed(0)} deliveries/s`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
