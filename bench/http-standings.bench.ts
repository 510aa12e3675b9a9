/**
 * HTTP benchmark of rankings on read (run: npx tsx bench/http-standings.bench.ts [runs]).
 * Seeds a 50-session, 40-player, 3-game event (~1,000 unique players) into an in-memory
 * libSQL database and times, through the real app: GET /health (the baseline: one trivial
 * query), a session's standings, the event qualification, and the qualification answered 304
 * from its ETag. Medians and ratios to the baseline of the same run are what to compare.
 */
import { performance } from "node:perf_hooks";
import { createClient } from "@libsql/client";
import { createDatabase } from "../src/db/client";
import { migrateDatabase } from "../src/db/node";
import { createApp } from "../src/http/app";
import { SYSTEM_ACTOR } from "../src/services/access";
import { createAuthConfig } from "../src/services/auth";
import { createOrganization } from "../src/services/orgs";
import { seeder } from "../test/helpers/seed-results";

const SESSIONS = 50;
const PLAYERS_PER_SESSION = 40;
const POOL = 1_250;
const RUNS = Number(process.argv[2] ?? 30);

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function seed() {
  const db = createDatabase(createClient({ url: ":memory:" }));
  await migrateDatabase(db);
  const org = await createOrganization(
    { db, actor: SYSTEM_ACTOR, clock: () => new Date() },
    { name: "Bench federation", kind: "federation" },
  );
  const s = seeder(db, org.id);
  const event = await s.event();
  const pool = await s.players(POOL);
  const rnd = prng(2026);
  let firstSession = "";
  for (let i = 0; i < SESSIONS; i++) {
    const picked = [...pool].sort(() => rnd() - 0.5).slice(0, PLAYERS_PER_SESSION);
    const sessionId = await s.session(event.id, picked, {
      date: `2026-${String((i % 12) + 1).padStart(2, "0")}-01`,
    });
    firstSession ||= sessionId;
    for (let game = 1; game <= 3; game++) {
      const order = [...picked].sort(() => rnd() - 0.5);
      const tables = Array.from({ length: PLAYERS_PER_SESSION / 4 }, (_, t) => {
        const players = order.slice(t * 4, t * 4 + 4);
        const winner = Math.floor(rnd() * 4);
        return { players, vp: players.map((_, p) => (p === winner ? 10 : 2 + Math.floor(rnd() * 8))) };
      });
      await s.round(event.id, { sessionId, number: game, tables });
    }
  }
  return { db, eventId: event.id, sessionId: firstSession };
}

async function median(
  label: string,
  fn: () => Response | Promise<Response>,
  expectStatus: number,
): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const start = performance.now();
    const res = await fn();
    await res.arrayBuffer();
    const ms = performance.now() - start;
    if (res.status !== expectStatus) throw new Error(`${label}: status ${res.status}`);
    if (i >= 3) times.push(ms); // the first runs warm up the JIT and the statement cache
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const { db, eventId, sessionId } = await seed();
const auth = createAuthConfig({ secret: "bench-secret-bench-secret-bench-secret-00" });
const logger = { info() {}, error: console.error };
const app = createApp({ storage: { db }, logging: { logger }, auth });
// An app whose response cache keeps nothing builds every body (a new app per request would
// also measure createApp, mostly the GraphQL schema).
const uncached = createApp({ storage: { db, responseCacheBytes: 0 }, logging: { logger }, auth });
const cold = () => uncached;
const etag = (await app.request(`/v1/events/${eventId}/qualification`)).headers.get("etag")!;

const health = await median("health", () => app.request("/health"), 200);
const session = await median(
  "session standings",
  () => cold().request(`/v1/sessions/${sessionId}/standings`),
  200,
);
const qualification = await median(
  "qualification",
  () => cold().request(`/v1/events/${eventId}/qualification`),
  200,
);
const cached = await median(
  "qualification cached",
  () => app.request(`/v1/events/${eventId}/qualification`),
  200,
);
const notModified = await median(
  "qualification 304",
  () => app.request(`/v1/events/${eventId}/qualification`, { headers: { "if-none-match": etag } }),
  304,
);

const line = (label: string, ms: number) =>
  `${label.padEnd(44)} median ${ms.toFixed(2).padStart(7)} ms  (${(ms / health).toFixed(1)}× /health)`;
console.log(
  `http standings: ${SESSIONS} sessions x ${PLAYERS_PER_SESSION} players x 3 games, in-memory libSQL, ${RUNS} runs`,
);
console.log(line("GET /health (baseline)", health));
console.log(line("GET /v1/sessions/{id}/standings (built)", session));
console.log(line("GET /v1/events/{id}/qualification (built)", qualification));
console.log(line("same, body cached for this ETag", cached));
console.log(line("same, If-None-Match → 304", notModified));
