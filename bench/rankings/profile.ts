/**
 * CPU profile of an uncached qualification build (run: npx tsx bench/rankings/profile.ts [sessions]).
 * Seeds a chain event straight into an in-memory database (test/helpers/seed-results.ts: the
 * profile is about reads, so seeding speed does not matter here), then records, with the
 * inspector's Profiler (what `node --cpu-prof` uses), only 20 builds through an app that caches nothing,
 * writes the .cpuprofile next to the system's temp files and prints where the time goes:
 * self time per function and inclusive time of the ranking's steps.
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { createDatabase } from "../../src/db/client";
import { migrateDatabase } from "../../src/db/node";
import { createApp } from "../../src/http/app";
import { SYSTEM_ACTOR } from "../../src/services/access";
import { createAuthConfig } from "../../src/services/auth";
import { createOrganization } from "../../src/services/orgs";
import { plantChainEvent } from "./seed";

const SESSIONS = Number(process.argv[2] ?? 50);
/** `qualification` (the default) or `standings`: the event's final standings, playoffs included. */
const KIND = process.env.KIND ?? "qualification";
const db = createDatabase(createClient({ url: ":memory:" }));
await migrateDatabase(db);
const org = await createOrganization(
  { db, actor: SYSTEM_ACTOR, clock: () => new Date() },
  { name: "Profile", kind: "federation" },
);
const event = await plantChainEvent(db, org.id, SESSIONS, 2026);

const auth = createAuthConfig({ secret: "bench-secret-bench-secret-bench-secret-00" });
// A response cache that keeps nothing: every request builds (a new app per build would also
// profile createApp, mostly the GraphQL schema).
const app = createApp({
  storage: { db, responseCacheBytes: 0 },
  logging: { logger: { info() {}, error: console.error } },
  auth,
});
const build = async () => {
  const res = await app.request(`/v1/events/${event.id}/${KIND}`);
  if (res.status !== 200) throw new Error(String(res.status));
  await res.arrayBuffer();
};
for (let i = 0; i < 5; i++) await build();

const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 100 });
await session.post("Profiler.start");
for (let i = 0; i < 20; i++) await build();
const { profile } = await session.post("Profiler.stop");
const file = join(tmpdir(), `${KIND}-${SESSIONS}.cpuprofile`);
writeFileSync(file, JSON.stringify(profile));

type Node = (typeof profile.nodes)[number];
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples!.forEach((id, i) => {
  selfUs.set(id, (selfUs.get(id) ?? 0) + profile.timeDeltas![i]!);
});
const label = (n: Node) => `${n.callFrame.functionName || "(anonymous)"} ${n.callFrame.url.split("/").pop()}`;
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const ms = (us: number) => `${(us / 1000 / 20).toFixed(2).padStart(7)} ms/build`;

const self = new Map<string, number>();
for (const [id, us] of selfUs) self.set(label(byId.get(id)!), (self.get(label(byId.get(id)!)) ?? 0) + us);
console.log(`profile: ${file}\nself time, top 20 (of ${ms(total)} sampled):`);
for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20))
  console.log(`  ${ms(us)}  ${name}`);

// Inclusive time of each step: a sample counts once for every step on its stack.
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const steps = [
  "loadStandingsData",
  "lotsFor",
  "scoreStoredGame",
  "computeSessionStandings",
  "computeQualification",
  "bestSessionRecords",
  "toRow",
  "toDisqualifiedRow",
  "stringify",
  "compress",
];
const inclusive = new Map<string, number>();
for (const [id, us] of selfUs) {
  const seen = new Set<string>();
  for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
    const name = byId.get(n)!.callFrame.functionName;
    if (steps.includes(name) && !seen.has(name)) {
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + us);
    }
  }
}
console.log("inclusive time of the ranking's steps:");
for (const step of steps) if (inclusive.has(step)) console.log(`  ${ms(inclusive.get(step)!)}  ${step}`);
