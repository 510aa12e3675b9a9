/**
 * Rankings at the speed of the data: run `npx tsx bench/rankings.bench.ts`.
 * Seeds chain events of 10, 50 and 200 sessions (40 players × 3 games each, from a pool of
 * 1,250 players) through the services into a file database, serves the real app on
 * 127.0.0.1 (random port), and measures every figure against a baseline of the same run:
 *   - /health?check=live req/s (no database at all) for the 304 and cached reads, and /health
 *     (it upserts a heartbeat row now: a write with its fsync, not one trivial read);
 *   - a static route serving the very bytes of the cached qualification, and one answering
 *     the app's own 304 (same headers): the floor of a conditional GET over HTTP;
 *   - a raw scan (SELECT of the event's final results + JSON.parse) for the uncached build,
 *     whose CPU time (process.cpuUsage) is the Worker budget figure;
 *   - result PUTs per second, one client and 8 concurrent clients.
 * Prints one table. The machine is shared: read ratios within one run, note `uptime`.
 */
import { execSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { serve } from "@hono/node-server";
import { createClient } from "@libsql/client";
import { createDatabase } from "../src/db/client";
import { migrateDatabase } from "../src/db/node";
import { createApp } from "../src/http/app";
import { ResponseCache } from "../src/http/response-cache";
import { createAuthConfig } from "../src/services/auth";
import { addClient } from "../test/helpers/auth";
import { interleaved, timed, writesPerSecond } from "./rankings/load";
import { playGame, prng, randomSheet, seedChainEvent, seedOrg } from "./rankings/seed";

const SIZES = (process.env.BENCH_SIZES ?? "10,50,200").split(",").map(Number);
const BUILD_RUNS = Number(process.env.BENCH_BUILD_RUNS ?? 15);
const WRITE_PLAYERS = 1_000;

const dir = mkdtempSync(join(tmpdir(), "catan-bench-"));
const url = `file:${join(dir, "bench.db")}`;
const client = createClient({ url });
const db = createDatabase(client);
await migrateDatabase(db);
const auth = createAuthConfig({ secret: "bench-secret-bench-secret-bench-secret-00" });
const logger = { info() {}, error: console.error };
// As node.ts builds it: responses gzipped when the client accepts it.
const makeApp = () => createApp({ storage: { db }, http: { compress: true }, logging: { logger }, auth });
// The served app's cache is the bench's, so the memory figure can show the bytes it holds.
const responseCache = new ResponseCache();
const app = createApp({
  storage: { db, responseCache },
  http: { compress: true },
  logging: { logger },
  auth,
});
const uncachedApp = createApp({
  storage: { db, responseCacheBytes: 0 },
  http: { compress: true },
  logging: { logger },
  auth,
});

const t0 = Date.now();
// Seeding is not measured: no fsync per batch while it runs; the writes measured below have it.
const synchronous = Number((await client.execute("pragma synchronous")).rows[0]?.synchronous ?? 2);
await client.execute("pragma synchronous = off");
const org = await seedOrg(db);
const events: (Awaited<ReturnType<typeof seedChainEvent>> & { size: number })[] = [];

// The static baselines: the same server, routes that only return what was prepared beforehand:
// the bytes of the cached qualification, and the app's very 304 (its headers, no body), the
// floor of a conditional GET over HTTP (parsing If-None-Match, writing the tag back).
let staticBody = new Uint8Array();
let static304Headers: Record<string, string> = {};
const server = serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch: (req: Request) => {
    const path = new URL(req.url).pathname;
    if (path === "/bench/static")
      return new Response(staticBody, { headers: { "content-type": "application/json" } });
    if (path === "/bench/not-modified") return new Response(null, { status: 304, headers: static304Headers });
    return app.fetch(req);
  },
});
await new Promise((r) => server.once("listening", r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** fetch, once more if it met a keep-alive socket the server closed while a size was seeded. */
const get = async (url: string, init?: RequestInit) => {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
};

const rows: Record<string, string[]> = {};
const put = (label: string, value: string) => {
  rows[label] ??= [];
  rows[label].push(value);
};
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)} %`;

for (const size of SIZES) {
  // Each size is seeded, then measured and printed at once: a long run shows what it has.
  await client.execute("pragma synchronous = off");
  const e = { size, ...(await seedChainEvent(org, size, 2026 + size)) };
  events.push(e);
  await client.execute(`pragma synchronous = ${synchronous}`);
  console.log(
    `seeded ${size} sessions through the services (${((Date.now() - t0) / 1000).toFixed(0)} s since start)`,
  );
  const qPath = `/v1/events/${e.eventId}/qualification`;
  const sPath = `/v1/sessions/${e.sessionIds[0]}/standings`;
  const first = await get(base + qPath, { headers: { "accept-encoding": "identity" } });
  const bytes = new Uint8Array(await first.arrayBuffer());
  const etag = first.headers.get("etag")!;
  staticBody = bytes;
  const app304 = await get(base + qPath, { headers: { "if-none-match": etag } });
  static304Headers = Object.fromEntries(app304.headers);
  delete static304Headers.date;
  delete static304Headers.connection;
  delete static304Headers["keep-alive"];
  await (await get(base + sPath)).arrayBuffer();

  // Every req/s figure in turns with its baseline (see `interleaved`): one-off windows of a few
  // seconds each measured the other engineers' load as much as the server.
  const [live, health, notModified, cached, statik, brotli, session, static304] = await interleaved([
    { url: `${base}/health?check=live`, expect: "2xx" },
    { url: `${base}/health`, expect: "2xx" },
    { url: base + qPath, expect: "3xx", headers: { "if-none-match": etag } },
    { url: base + qPath, expect: "2xx", headers: { "accept-encoding": "identity" } },
    { url: `${base}/bench/static`, expect: "2xx" },
    { url: base + qPath, expect: "2xx", headers: { "accept-encoding": "gzip" } },
    { url: base + sPath, expect: "2xx" },
    { url: `${base}/bench/not-modified`, expect: "3xx", headers: { "if-none-match": etag } },
  ]);
  // The gzip stream carries no length; its size is what the same bytes gzip to.
  const brBytes = gzipSync(bytes).byteLength;

  const rawScan = await timed(async () => {
    const rs = await client.execute({
      sql: "select winner_id, scores from table_results where event_id = ? and status = 'final'",
      args: [e.eventId],
    });
    for (const r of rs.rows) JSON.parse(r.scores as string);
  }, BUILD_RUNS);
  // An app whose response cache keeps nothing builds every body: the cost of a request after a
  // correction. (createApp, mostly the GraphQL schema, is the row below, for comparison.)
  const build = await timed(async () => {
    const res = await uncachedApp.request(qPath, { headers: { "accept-encoding": "identity" } });
    if (res.status !== 200) throw new Error(`build: ${res.status}`);
    await res.arrayBuffer();
  }, BUILD_RUNS);
  const appCost = await timed(async () => makeApp(), 5, 1);

  put("/health?check=live req/s, no database (baseline)", live.rps.toFixed(0));
  put("/health req/s, a heartbeat write", health.rps.toFixed(0));
  put(
    "qualification 304 req/s (% of live / % of /health)",
    `${notModified.rps.toFixed(0)} (${pct(notModified.rps, live.rps)} / ${pct(notModified.rps, health.rps)})`,
  );
  put("qualification 304 p50 ms", String(notModified.p50));
  put(
    "static 304, the app's headers, req/s (304 % of it)",
    `${static304.rps.toFixed(0)} (${pct(notModified.rps, static304.rps)})`,
  );
  // CPU per request of this process (server + autocannon), the steadier figure under load.
  const cpuOf = (t: { cpuUs: number }) => t.cpuUs.toFixed(0);
  put(
    "CPU µs/request: live / 304 (live ÷ 304)",
    `${cpuOf(live)} / ${cpuOf(notModified)} (${pct(live.cpuUs, notModified.cpuUs)})`,
  );
  put(
    "CPU µs/request: static / cached (cached ÷ static)",
    `${cpuOf(statik)} / ${cpuOf(cached)} (${(cached.cpuUs / statik.cpuUs).toFixed(2)}×)`,
  );
  put(
    "qualification body KB (identity / gzip)",
    `${(bytes.byteLength / 1024).toFixed(0)} / ${(brBytes / 1024).toFixed(0)}`,
  );
  put("static route, same bytes req/s (baseline)", statik.rps.toFixed(0));
  put(
    "qualification cached req/s (static ÷ cached)",
    `${cached.rps.toFixed(0)} (${(statik.rps / cached.rps).toFixed(2)}×)`,
  );
  put("qualification cached, gzip accepted req/s", brotli.rps.toFixed(0));
  put(
    "session standings cached req/s (% of live)",
    `${session.rps.toFixed(0)} (${pct(session.rps, live.rps)})`,
  );
  put("raw scan ms (baseline)", rawScan.wallMs.toFixed(1));
  put(
    "qualification build ms (× raw scan)",
    `${build.wallMs.toFixed(1)} (${(build.wallMs / rawScan.wallMs).toFixed(1)}×)`,
  );
  put("qualification build CPU ms", build.cpuMs.toFixed(1));
  put("createApp ms (not in the build above)", appCost.wallMs.toFixed(1));
  for (const [label, values] of Object.entries(rows)) console.log(`  ${label}: ${values.at(-1)}`);
  console.log(`  load: ${execSync("uptime").toString().trim()}`);
}

// Writes: result PUTs over HTTP into fresh tables of a 1,000-player session (one per phase).
const owner = await addClient(app, db, org.orgId, "owner");
const writesEvent = await seedChainEvent(org, 0, 1);
const { createSession, registerPlayers } = await import("../src/services/events");
const rnd = prng(7);
const writeRuns: Record<number, number> = {};
for (const clients of [1, 8]) {
  const session = await createSession(org.ctx, writesEvent.eventId, { name: `Writes ${clients}` });
  const players = org.pool.slice(0, WRITE_PLAYERS);
  await registerPlayers(org.ctx, session.id, players);
  const tableIds = await playGame(org.ctx, session.id, players, rnd, false);
  const { tables } = await (
    await fetch(`${base}/v1/rounds/${await firstRoundId(session.id)}`, { headers: owner.auth })
  ).json();
  const seatsOf = new Map<string, string[]>(
    tables.map((t: { id: string; seats: { player: { id: string } }[] }) => [
      t.id,
      t.seats.map((s) => s.player.id),
    ]),
  );
  const writes = tableIds.map(
    (id) => () =>
      fetch(`${base}/v1/tables/${id}/result`, {
        method: "PUT",
        headers: { ...owner.auth, "content-type": "application/json" },
        body: JSON.stringify(randomSheet(seatsOf.get(id)!, rnd)),
      }),
  );
  writeRuns[clients] = await writesPerSecond(writes, clients);
  console.log(`result PUT writes/s with ${clients} client(s): ${writeRuns[clients]!.toFixed(0)}`);
}

async function firstRoundId(sessionId: string): Promise<string> {
  const res = await fetch(`${base}/v1/sessions/${sessionId}/rounds`, { headers: owner.auth });
  return ((await res.json()) as { data: { id: string }[] }).data[0]!.id;
}

// Memory under a polling load of every ranking of every event: each body enters the cache, which is bounded by bytes, not by entries. Each pass
// follows a new results version of every event (as after a correction), so every pass adds
// new entries: more bytes in all than the cache may hold.
const POLL_PASSES = Number(process.env.BENCH_POLL_PASSES ?? 4);
let polledBytes = 0;
const poll = async (path: string) => {
  polledBytes += (await (await fetch(base + path)).arrayBuffer()).byteLength;
};
for (let pass = 0; pass < POLL_PASSES; pass++) {
  for (const e of events) {
    await client.execute({
      sql: "update events set results_version = results_version + 1 where id = ?",
      args: [e.eventId],
    });
    await poll(`/v1/events/${e.eventId}/qualification`);
    await poll(`/v1/events/${e.eventId}/standings`);
    for (const id of e.sessionIds) await poll(`/v1/sessions/${id}/standings`);
  }
}
globalThis.gc?.();
const mem = process.memoryUsage();

server.close();
client.close();
rmSync(dir, { recursive: true, force: true });

const header = ["figure", ...SIZES.map((s) => `${s} sessions`)];
console.log(`| ${header.join(" | ")} |`);
console.log(`|${header.map(() => "---").join("|")}|`);
for (const [label, values] of Object.entries(rows)) console.log(`| ${label} | ${values.join(" | ")} |`);
console.log(
  `\nresult PUT writes/s: ${writeRuns[1]!.toFixed(0)} sequential, ${writeRuns[8]!.toFixed(0)} with 8 concurrent clients`,
);
console.log(
  `memory after polling every ranking of every event ${POLL_PASSES} times (${(polledBytes / 2 ** 20).toFixed(1)} MB of JSON bodies; the cache may hold 16 MiB): the cache holds ${(responseCache.size / 2 ** 20).toFixed(1)} MB; rss ${(mem.rss / 2 ** 20).toFixed(0)} MB, heap used ${(mem.heapUsed / 2 ** 20).toFixed(0)} MB, array buffers ${(mem.arrayBuffers / 2 ** 20).toFixed(1)} MB${globalThis.gc ? "" : " (run with NODE_OPTIONS=--expose-gc to collect first)"}`,
);
console.log(`load: ${execSync("uptime").toString().trim()}`);
