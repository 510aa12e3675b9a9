/**
 * CPU of an uncached chain-50 qualification on workerd. Run
 * `npm run build:worker && npx tsx bench/rankings/worker-cpu.ts [sessions] [builds]`.
 *
 * Seeds the event of test/workers/worker-rankings.e2e.ts into the Hrana test server (in this
 * process), runs the built Worker on workerd (Miniflare), then asks for the qualification
 * `builds` times, each after a bump of the event's results version, so every request is a
 * miss of the isolate's cache and of the Cache API: a build, as after a correction. Worker
 * time is not observable inside workerd (its clocks stop while code runs), so the figure is
 * the CPU of the workerd processes it started (user + system from /proc, 10 ms ticks) over all the
 * builds, divided by their number: the build plus workerd's own HTTP and Hrana-client work.
 * A run of the same number of 304s gives the per-request overhead to subtract.
 */
import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import { openWebDatabase } from "../../src/db/web";
import { createOrganization } from "../../src/services/orgs";
import { systemContext } from "../../test/helpers/auth";
import { startWorker } from "../../test/workers/worker-runtime";
import { startHranaServer } from "../../tools/hrana-server";
import { TICK_MS, workerdTicks } from "../workerd-cpu";
import { plantChainEvent } from "./seed";

const SESSIONS = Number(process.argv[2] ?? 50);
const BUILDS = Number(process.argv[3] ?? 20);
const TOKEN = "hrana-bench-token";

const server = await startHranaServer({
  authToken: TOKEN,
  migrationsFolder: resolve(import.meta.dirname, "../../migrations"),
});
const db = openWebDatabase(server.url, TOKEN);
const org = await createOrganization(systemContext(db), { name: "Chain", kind: "federation" });
const event = await plantChainEvent(db, org.id, SESSIONS, 50);
const worker = await startWorker({
  DATABASE_URL: server.url,
  DATABASE_AUTH_TOKEN: TOKEN,
  JWT_SECRET: "workers-bench-jwt-secret-0123456789abcdef",
});
const path = `/v1/events/${event.id}/qualification`;
const bump = () =>
  db.run(sql`update events set results_version = results_version + 1 where id = ${event.id}`);
const get = async (headers: Record<string, string> = {}) => {
  const res = await worker.fetch(path, { headers });
  await res.arrayBuffer();
  return res;
};

// Warm-up: the isolate compiles and JITs the code paths once.
for (let i = 0; i < 3; i++) {
  await bump();
  if ((await get()).status !== 200) throw new Error("qualification did not answer 200");
}
let builds = 0;
let t0 = workerdTicks();
for (let i = 0; i < BUILDS; i++) {
  await bump();
  if ((await get()).status === 200) builds++;
}
const buildTicks = workerdTicks() - t0;
if (buildTicks === 0) throw new Error("no CPU seen for workerd: is it a child of this process?");
const etag = (await get()).headers.get("etag")!;
t0 = workerdTicks();
for (let i = 0; i < BUILDS; i++) {
  if ((await get({ "if-none-match": etag })).status !== 304) throw new Error("expected a 304");
}
const notModifiedTicks = workerdTicks() - t0;
await worker.dispose();
await server.close();

const perBuild = (buildTicks * TICK_MS) / builds;
const per304 = (notModifiedTicks * TICK_MS) / BUILDS;
console.log(
  `workerd CPU, chain of ${SESSIONS} sessions: ${perBuild.toFixed(1)} ms per uncached qualification, ` +
    `${per304.toFixed(1)} ms per 304 (${builds} builds, ${BUILDS} 304s; 10 ms ticks)`,
);
