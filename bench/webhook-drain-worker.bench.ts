/**
 * Push on workerd: what a result write and the webhook drains that follow it cost. Run
 * `npm run build:worker && npx tsx bench/webhook-drain-worker.bench.ts [subscriptions=20] [writes=10]`.
 *
 * The built Worker on workerd (Miniflare) against the Hrana test server in this process, with a
 * loopback receiver. `writes` signed result sheets (each a `result.final` and a
 * `standings.changed`, so 2 × subscriptions deliveries) are sent first with no subscription (the
 * baseline) and then with `subscriptions`, each time waiting until every delivery has arrived.
 * CPU is that of the workerd processes (user + system from /proc, 10 ms ticks: bench/workerd-cpu.ts);
 * the sheet PUTs are timed one by one, and the last delivery is timed from the last write;
 * subrequests are what each drain reports spending (database round trips, fetches, DNS lookups),
 * and the drains are those of the writes' `waitUntil` and of the queue's continuations.
 */

import { seatPrelimTable } from "../test/helpers/seat-table";
import { startReceiver } from "../test/helpers/webhook-receiver";
import { createPlayers } from "../test/helpers/workflow";
import { startOwnedWorker, webhookDrains } from "../test/workers/owned-worker";
import { TICK_MS, workerdTicks } from "./workerd-cpu";

const SUBSCRIPTIONS = Number(process.argv[2] ?? 20);
const WRITES = Number(process.argv[3] ?? 10);

const receiver = await startReceiver(() => ({ status: 204 }));
const owned = await startOwnedWorker({
  orgName: "Drain bench store",
  env: { WEBHOOKS_ALLOW_LOOPBACK: "1", RATE_LIMITS: "off" },
});
const { api, worker, db: seedDb } = owned;
const org = { id: owned.orgId };
const eventId = (await api.post(`/v1/orgs/${org.id}/events`, { name: "Drain cup" })).body.id as string;
const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S" })).body.id as string;
const players = await createPlayers(api, org.id, 4, "Drain");
await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: players });
const tables: string[] = [];
for (let i = 0; i < 2 * WRITES; i++)
  tables.push((await seatPrelimTable(seedDb, eventId, sessionId, players, i + 1)).tableId);
const sheet = {
  scores: players.map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i] })),
  winnerId: players[0],
  signed: true,
};

/** `WRITES` sheets, one after the other, then waits until `expected` deliveries have arrived. */
async function round(first: number, expected: number) {
  const outputAt = worker.output().length;
  const receivedAt = receiver.requests.length;
  const ticks = workerdTicks();
  const t0 = performance.now();
  const writeMs: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    const w0 = performance.now();
    const res = await api.put(`/v1/tables/${tables[first + i]}/result`, sheet);
    writeMs.push(performance.now() - w0);
    if (res.status !== 200) throw new Error(`sheet ${res.status} ${res.text}`);
  }
  const lastWrite = performance.now();
  if (expected > 0) await receiver.until((r) => r.length >= receivedAt + expected);
  const lastDelivery = performance.now();
  // The last drains log after their last delivery: a moment for them to finish.
  await new Promise((r) => setTimeout(r, 500));
  return {
    seconds: (performance.now() - t0) / 1000,
    writeMs: writeMs.sort((a, b) => a - b),
    // How long after the last write its deliveries were all in.
    settleMs: lastDelivery - lastWrite,
    cpuMs: (workerdTicks() - ticks) * TICK_MS,
    drains: webhookDrains(worker, outputAt),
  };
}

const median = (sorted: number[]) => Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0);

const baseline = await round(0, 0);
for (let i = 0; i < SUBSCRIPTIONS; i++) {
  const sub = await api.post(`/v1/orgs/${org.id}/webhooks`, {
    url: `${receiver.url}/hook/${i}`,
    eventTypes: ["result.final", "standings.changed"],
  });
  if (sub.status !== 201) throw new Error(`subscription ${sub.status}`);
}
const withPush = await round(WRITES, 2 * SUBSCRIPTIONS * WRITES);
const spent = withPush.drains.map((d) => d.subrequests);

console.log(
  JSON.stringify(
    {
      subscriptions: SUBSCRIPTIONS,
      writes: WRITES,
      deliveries: 2 * SUBSCRIPTIONS * WRITES,
      cpuMsPerWrite: {
        withoutSubscriptions: baseline.cpuMs / WRITES,
        withSubscriptions: withPush.cpuMs / WRITES,
        ratio: Number((withPush.cpuMs / Math.max(TICK_MS, baseline.cpuMs)).toFixed(2)),
      },
      drainsPerWrite: Number((withPush.drains.length / WRITES).toFixed(2)),
      drainsBy: Object.fromEntries(
        ["write", "queue", "cron"].map((after) => [
          after,
          withPush.drains.filter((d) => d.after === after).length,
        ]),
      ),
      subrequestsPerDrain: {
        max: Math.max(...spent),
        mean: Number((spent.reduce((a, b) => a + b, 0) / Math.max(1, spent.length)).toFixed(1)),
      },
      seconds: { withoutSubscriptions: baseline.seconds, withSubscriptions: withPush.seconds },
      sheetPutMs: {
        withoutSubscriptions: { p50: median(baseline.writeMs), max: Math.max(...baseline.writeMs) },
        withSubscriptions: { p50: median(withPush.writeMs), max: Math.max(...withPush.writeMs) },
      },
      lastDeliveryAfterLastWriteMs: Math.round(withPush.settleMs),
    },
    null,
    2,
  ),
);
await owned.close();
await receiver.close();
process.exit(0);
