/**
 * CPU profile of serving a cached qualification body over HTTP (run:
 * npx tsx bench/rankings/profile-cached.ts [sessions] [identity|gzip|304]): seeds like profile.ts, serves the real
 * app with @hono/node-server on 127.0.0.1, warms the byte cache, then records the inspector's
 * Profiler while autocannon polls the cached body (autocannon runs in this process too), and
 * prints self time per function. Native frames under inspector `post` (e.g. `dispatch`) are
 * the profile being stopped and serialised, not the server.
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { createClient } from "@libsql/client";
import { createDatabase } from "../../src/db/client";
import { migrateDatabase } from "../../src/db/node";
import { createApp } from "../../src/http/app";
import { SYSTEM_ACTOR } from "../../src/services/access";
import { createAuthConfig } from "../../src/services/auth";
import { createOrganization } from "../../src/services/orgs";
import { plantChainEvent } from "./seed";

const SESSIONS = Number(process.argv[2] ?? 50);
const ENCODING = process.argv[3] ?? "identity";
const db = createDatabase(createClient({ url: ":memory:" }));
await migrateDatabase(db);
const org = await createOrganization(
  { db, actor: SYSTEM_ACTOR, clock: () => new Date() },
  { name: "Profile", kind: "federation" },
);
const event = await plantChainEvent(db, org.id, SESSIONS, 2026);
const auth = createAuthConfig({ secret: "bench-secret-bench-secret-bench-secret-00" });
const app = createApp({
  storage: { db },
  http: { compress: true },
  logging: { logger: { info() {}, error: console.error } },
  auth,
});
const server = serve({ hostname: "127.0.0.1", port: 0, fetch: app.fetch });
await new Promise((r) => server.once("listening", r));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/events/${event.id}/qualification`;
const first = await fetch(url, { headers: { "accept-encoding": ENCODING } });
await first.arrayBuffer();
// `304` as the encoding argument profiles the conditional GET instead of the cached body.
const headers: Record<string, string> =
  ENCODING === "304" ? { "if-none-match": first.headers.get("etag")! } : { "accept-encoding": ENCODING };

const autocannon = createRequire(import.meta.url)("autocannon");
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 100 });
await session.post("Profiler.start");
const r = await autocannon({ url, connections: 16, duration: 4, headers });
const { profile } = await session.post("Profiler.stop");
server.close();
const file = join(tmpdir(), `qualification-cached-${SESSIONS}.cpuprofile`);
writeFileSync(file, JSON.stringify(profile));
const requests = r.requests.total as number;
console.log(`${requests} requests, ${r.requests.average} req/s, 2xx ${r["2xx"]}, 3xx ${r["3xx"]}`);

type Node = (typeof profile.nodes)[number];
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<string, number>();
profile.samples!.forEach((id, i) => {
  const n = byId.get(id) as Node;
  const label = `${n.callFrame.functionName || "(anonymous)"} ${n.callFrame.url.split("/").slice(-2).join("/")}:${n.callFrame.lineNumber}`;
  selfUs.set(label, (selfUs.get(label) ?? 0) + profile.timeDeltas![i]!);
});
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
console.log(
  `profile: ${file}; self time per request, top 25 (of ${(total / requests).toFixed(0)} µs sampled):`,
);
for (const [name, us] of [...selfUs].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(`  ${(us / requests).toFixed(1).padStart(7)} µs  ${name}`);
