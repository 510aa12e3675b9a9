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
import { resolve } from "node:path";
import { openWebDatabase } from "../src/db/web";
import type { App } from "../src/http/app";
import { insertApiClient } from "../src/services/auth";
import { createOrganization } from "../src/services/orgs";
import { systemContext } from "../test/helpers/auth";
import { seatPrelimTable } from "../test/helpers/seat-table";
import { startReceiver } from "../test/helpers/webhook-receiver";
import { createPlayers, jsonRequest } from "../test/helpers/workflow";
import { startWorker } from "../test/workers/worker-runtime";
import { startHranaServer } from "../tools/hrana-server";
import { TICK_MS, workerdTicks } from "./workerd-cpu";

const SUBSCRIPTIONS = Number(process.argv[2] ?? 20);
const WRITES = Number(process.argv[3] ?? 10);
const TOKEN = "hrana-drain-bench-token";

const server = await startHranaServer({
  authToken: TOKEN,
  migrationsFolder: resolve(import.meta.dirname, "../migrations"),
});
const seedDb = openWebDatabase(server.url, TOKEN);
const org = await createOrganization(systemContext(seedDb), { name: "Drain bench store", kind: "store" });
const credentials = await insertApiClient(
  seedDb,
  { orgId: org.id, name: "bench", role: "owner" },
  new Date(),
);
const receiver = await startReceiver(() => ({ status: 204 }));
const worker = await startWorker({
  DATABASE_URL: server.url,
  DATABASE_AUTH_TOKEN: TOKEN,
  JWT_SECRET: "drain-bench-jwt-secret-0123456789abcdef0123",
  WEBHOOKS_ALLOW_LOOPBACK: "1",
  RATE_LIMITS: "off",
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

const drains = (from: number) =>
  worker
    .output()
    .slice(from)
    .split("\n")
    .filter((line) => line.includes('"webhook drain"'))
    .map(
      (line) =>
        JSON.parse(line.slice(line.indexOf("{"))) as {
          subrequests: number;
          after: string;
          attempted: number;
        },
    );

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
    drains: drains(outputAt),
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
await worker.dispose();
await receiver.close();
await server.close();
process.exit(0);
