/**
 * GraphQL through the app on a local database (run: npx tsx bench/graphql.bench.ts [runs]).
 * Seeds a public event of 10 sessions (12 players, 3 games each) in an in-memory libSQL
 * database and times a small query (the event's name and phase) and a deep one (every
 * session's rounds, tables and roster), against GET /health and the REST read of the same event
 * in the same run. Medians and their ratios to /health are what to compare: GraphQL sends the
 * reads of one level of an answer as one batch, which saves round trips at a distance and may
 * cost a macrotask per level here.
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

const SESSIONS = 10;
const PLAYERS = 12;
const RUNS = Number(process.argv[2] ?? 200);

async function seed() {
  const db = createDatabase(createClient({ url: ":memory:" }));
  await migrateDatabase(db);
  const org = await createOrganization(
    { db, actor: SYSTEM_ACTOR, clock: () => new Date() },
    { name: "Bench store", kind: "store" },
  );
  const s = seeder(db, org.id);
  const event = await s.event();
  const pool = await s.players(PLAYERS * 2);
  for (let i = 0; i < SESSIONS; i++) {
    const picked = pool.slice(i % PLAYERS, (i % PLAYERS) + PLAYERS);
    const sessionId = await s.session(event.id, picked, {
      date: `2026-03-${String(i + 1).padStart(2, "0")}`,
    });
    for (let game = 1; game <= 3; game++) {
      const players = picked.map((_, k) => picked[(k + game * 5) % PLAYERS]!);
      const tables = [0, 1, 2].map((t) => ({
        players: players.slice(t * 4, t * 4 + 4),
        vp: [10, 8, 6, 4],
      }));
      await s.round(event.id, { sessionId, number: game, tables });
    }
  }
  return { db, eventId: event.id };
}

async function median(label: string, fn: () => Promise<Response>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 10; i++) {
    const start = performance.now();
    const res = await fn();
    const text = await res.text();
    const ms = performance.now() - start;
    if (res.status !== 200 || text.includes('"errors"'))
      throw new Error(`${label}: ${res.status} ${text.slice(0, 300)}`);
    if (i >= 10) times.push(ms); // warm-up: the JIT and the statement cache
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const { db, eventId } = await seed();
const app = createApp({
  storage: { db },
  auth: createAuthConfig({ secret: crypto.getRandomValues(new Uint8Array(32)) }),
  http: {},
  logging: { logger: { info() {}, error() {} } },
});
const graphql = (query: string) => () =>
  Promise.resolve(
    app.request("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ query, variables: { id: eventId } }),
    }),
  );
const small = "query($id: ID!) { event(id: $id) { name phase } }";
const deep =
  "query($id: ID!) { event(id: $id) { sessions { name rounds { number tables { id } } players { status } } } }";

const health = await median("health", () => Promise.resolve(app.request("/health")));
const rest = await median("rest", () => Promise.resolve(app.request(`/v1/events/${eventId}`)));
const gqlSmall = await median("graphql small", graphql(small));
const gqlDeep = await median("graphql deep", graphql(deep));
const row = (label: string, ms: number) =>
  console.log(
    `${label.padEnd(44)} ${ms.toFixed(3).padStart(8)} ms  ${(ms / health).toFixed(1).padStart(6)}× /health`,
  );
console.log(`${RUNS} runs each, medians; an event of ${SESSIONS} sessions × ${PLAYERS} players × 3 games`);
row("GET /health", health);
row("GET /v1/events/{id}", rest);
row("GraphQL: the event's name and phase", gqlSmall);
row("GraphQL: every session's rounds, tables, roster", gqlDeep);
