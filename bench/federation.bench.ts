/**
 * Federation leaderboards (run: npx tsx bench/federation.bench.ts [runs]).
 * Seeds 200 events × 50 players of one federation (3 prelim games, semifinals and final each:
 * 34,000 seat rows) into an in-memory libSQL database and times, through the real app:
 *   - a raw scan of the same rows (every final table's seats, joined to its result): the baseline;
 *   - GET /v1/series/{id}/standings built (a fresh app, so nothing cached) and served from the
 *     cache of its ETag;
 *   - GET /v1/orgs/{orgId}/ratings built and cached, the same way;
 *   - GET /v1/players/{id}/history of a player of every event (never cached: built each time);
 * and counts the database round trips of each (the libSQL client's execute/batch calls).
 */
import { performance } from "node:perf_hooks";
import { type Client, createClient } from "@libsql/client";
import { sql } from "drizzle-orm";
import { createDatabase, type Database } from "../src/db/client";
import { migrateDatabase } from "../src/db/node";
import { createApp } from "../src/http/app";
import { SYSTEM_ACTOR } from "../src/services/access";
import { createAuthConfig } from "../src/services/auth";
import { createOrganization } from "../src/services/orgs";
import { createSeries } from "../src/services/series";
import { seeder, splitTables } from "../test/helpers/seed-results";

const EVENTS = 200;
const PLAYERS = 50;
const RUNS = Number(process.argv[2] ?? 7);

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function countingClient(): { client: Client; calls: () => number } {
  let calls = 0;
  const raw = createClient({ url: ":memory:" });
  const client = new Proxy(raw, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (prop === "execute" || prop === "batch") calls++;
        return value.apply(target, args);
      };
    },
  }) as Client;
  return { client, calls: () => calls };
}

/** Winner first in the list; other VPs 2–9 at random. */
function sheet(players: string[], rnd: () => number, winner = Math.floor(rnd() * players.length)) {
  return {
    players,
    vp: players.map((_, p) => (p === winner ? 10 : 2 + Math.floor(rnd() * 8))),
    winner: players[winner],
  };
}

async function seed(db: Database) {
  const ctx = { db, actor: SYSTEM_ACTOR, clock: () => new Date() };
  const fed = await createOrganization(ctx, { name: "Bench federation", kind: "federation" });
  const s = seeder(db, fed.id);
  const pool = await s.players(PLAYERS);
  const rnd = prng(2026);
  const app = createApp({
    storage: { db },
    auth: createAuthConfig({ secret: "bench-secret-0123456789abcdef0123" }),
  });
  const eventIds: string[] = [];
  for (let e = 0; e < EVENTS; e++) {
    const evt = await s.event();
    eventIds.push(evt.id);
    await db.run(
      sql`update events set starts_on = ${`2026-${String((e % 12) + 1).padStart(2, "0")}-${String((e % 28) + 1).padStart(2, "0")}`} where id = ${evt.id}`,
    );
    const sessionId = await s.session(evt.id, pool);
    for (let game = 1; game <= 3; game++) {
      const order = [...pool].sort(() => rnd() - 0.5);
      await s.round(evt.id, {
        sessionId,
        number: game,
        tables: splitTables(order).map((t) => sheet(t, rnd)),
      });
    }
    const q = (await (await app.request(`/v1/events/${evt.id}/qualification`)).json()) as {
      rows: { player: { id: string } }[];
    };
    const top = q.rows.slice(0, 16).map((r) => r.player.id);
    const semis = [0, 1, 2, 3].map((t) => [top[t]!, top[7 - t]!, top[8 + t]!, top[15 - t]!]);
    await s.round(evt.id, { kind: "semifinal", tables: semis.map((t) => sheet(t, rnd)) });
    // sheet() picked a random winner per semifinal: read them back from the stored results.
    const rows = await db.all<{ winner_id: string }>(
      sql`select tr.winner_id from table_results tr join game_tables t on t.id = tr.table_id join rounds r on r.id = t.round_id where r.event_id = ${evt.id} and r.kind = 'semifinal' order by t.number`,
    );
    await s.round(evt.id, {
      kind: "final",
      tables: [
        sheet(
          rows.map((r) => r.winner_id),
          rnd,
        ),
      ],
    });
  }
  const series = await createSeries(ctx, fed.id, {
    name: "Bench circuit",
    selection: { kind: "events", eventIds },
    policy: { bestOf: 10, cut: { top: 16, label: null } },
  });
  return { orgId: fed.id, seriesId: series.id, playerId: pool[0]! };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const { client, calls } = countingClient();
  const db = createDatabase(client);
  await migrateDatabase(db);
  const t0 = performance.now();
  const { orgId, seriesId, playerId } = await seed(db);
  const [count] = await db.all<{ n: number }>(sql`select count(*) as n from seats`);
  const n = count?.n ?? 0;
  console.log(
    `seeded ${EVENTS} events × ${PLAYERS} players, ${n} seat rows in ${Math.round(performance.now() - t0)} ms`,
  );
  const newApp = () =>
    createApp({ storage: { db }, auth: createAuthConfig({ secret: "bench-secret-0123456789abcdef0123" }) });

  async function time(label: string, run: () => Promise<unknown>) {
    const samples: number[] = [];
    let trips = 0;
    for (let i = 0; i < RUNS; i++) {
      const before = calls();
      const start = performance.now();
      await run();
      samples.push(performance.now() - start);
      trips = calls() - before;
    }
    return { label, ms: median(samples), trips };
  }
  const raw = await time("raw scan of the same rows (baseline)", () =>
    db.all(sql`select s.table_id, s.player_id, s.position, tr.scores, tr.winner_id from seats s
      join table_results tr on tr.table_id = s.table_id join events e on e.id = tr.event_id
      where tr.status = 'final' and e.org_id = ${orgId}`),
  );
  const get = async (app: ReturnType<typeof newApp>, path: string) => {
    const res = await app.request(path);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  const warm = newApp();
  const results = [
    raw,
    await time("series standings, built", () => get(newApp(), `/v1/series/${seriesId}/standings`)),
    await time("series standings, cached", () => get(warm, `/v1/series/${seriesId}/standings`)),
    await time("ratings, built", () => get(newApp(), `/v1/orgs/${orgId}/ratings`)),
    await time("ratings, cached", () => get(warm, `/v1/orgs/${orgId}/ratings`)),
    // A player of all 200 events: 200 event standings and 200 session standings, one wave.
    await time("player history (200 events), built", () => get(newApp(), `/v1/players/${playerId}/history`)),
  ];
  console.log(`median of ${RUNS} runs; ratio to the raw scan of the same run`);
  for (const r of results)
    console.log(
      `${r.label.padEnd(40)} ${r.ms.toFixed(1).padStart(8)} ms  ${(r.ms / raw.ms).toFixed(1).padStart(6)}×  ${r.trips} round trips`,
    );
}

await main();
