/**
 * Abuse benchmark against a running Node server (run: npx tsx bench/abuse.bench.ts [seconds]).
 * Seeds a 10-session, 40-player, 3-game event into a temporary database file, starts
 * `src/node.ts` on 127.0.0.1 and a random port (TRUST_PROXY=1, so each simulated caller has
 * its own X-Forwarded-For address), measures /health while idle, then runs at once, for a
 * bounded number of requests:
 *   - the fragment attack (490 aliased `event` fields sharing one fragment with two
 *     rankings) from one address, back to back;
 *   - a token brute force (wrong secrets for a real client_id) from another address;
 *   - 20 leaderboard bots, each polling the qualification every 5 s with If-None-Match;
 *   - /health every 250 ms.
 * Reports time and server memory per refused attack request, /health latency during the
 * attack as a ratio to idle, and how many legitimate polls got 429 (must be 0).
 * Loopback only; every loop is bounded.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { migrateDatabase, openNodeDatabase } from "../src/db/node";
import { SYSTEM_ACTOR } from "../src/services/access";
import { insertApiClient } from "../src/services/auth";
import { createOrganization } from "../src/services/orgs";
import { seeder } from "../test/helpers/seed-results";

const SECONDS = Number(process.argv[2] ?? 30);
const BOTS = 20;
const ATTACKS = 300;
const GUESSES = 300;

const dir = mkdtempSync(join(tmpdir(), "catan-abuse-bench-"));
const databaseUrl = `file:${join(dir, "catan.db")}`;

async function seed() {
  const { db, client } = openNodeDatabase(databaseUrl);
  await migrateDatabase(db);
  const org = await createOrganization(
    { db, actor: SYSTEM_ACTOR, clock: () => new Date() },
    { name: "Bench store", kind: "store" },
  );
  const owner = await insertApiClient(db, { orgId: org.id, name: "bench owner", role: "owner" }, new Date());
  const s = seeder(db, org.id);
  const event = await s.event();
  const pool = await s.players(200);
  for (let i = 0; i < 10; i++) {
    const picked = pool.slice(i * 16, i * 16 + 40);
    const sessionId = await s.session(event.id, picked, { date: `2026-0${(i % 9) + 1}-01` });
    for (let game = 1; game <= 3; game++) {
      const order = [...picked.slice(game), ...picked.slice(0, game)];
      const tables = Array.from({ length: 10 }, (_, t) => ({
        players: order.slice(t * 4, t * 4 + 4),
        vp: [10, 7, 5, 3],
      }));
      await s.round(event.id, { sessionId, number: game, tables });
    }
  }
  client.close();
  return { eventId: event.id, owner };
}

function startServer(): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/node.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: "0",
      HOST: "127.0.0.1",
      TRUST_PROXY: "1",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "pipe", "ignore"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out)?.[1];
      if (port) resolve({ base: `http://127.0.0.1:${port}`, child });
    });
    child.on("exit", (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

/** Resident memory of the server process, from /proc (Linux). */
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? NaN;

async function timed(
  url: string,
  init: RequestInit = {},
): Promise<{ ms: number; status: number; body: string }> {
  const start = performance.now();
  const res = await fetch(url, init);
  const body = await res.text();
  return { ms: performance.now() - start, status: res.status, body };
}

const from = (address: string, headers: Record<string, string> = {}) => ({
  "x-forwarded-for": address,
  ...headers,
});

const { eventId, owner } = await seed();
const { base, child } = await startServer();
try {
  // Idle /health baseline.
  const idle: number[] = [];
  for (let i = 0; i < 40; i++) idle.push((await timed(`${base}/health`, { headers: from("10.0.0.2") })).ms);
  const rssBefore = rssMb(child.pid!);

  const fields = Array.from({ length: 490 }, (_, i) => `e${i}: event(id: "${eventId}") { ...R }`).join(" ");
  const attackQuery = `query { ${fields} } fragment R on Event { standings { rows { rank vp } } qualification { rows { rank vp } } }`;
  const stopAt = performance.now() + SECONDS * 1000;

  const attack = { cost: [] as number[], limited: [] as number[], executed: 0 };
  const attacking = (async () => {
    for (let i = 0; i < ATTACKS && performance.now() < stopAt; i++) {
      const r = await timed(`${base}/graphql`, {
        method: "POST",
        headers: from("10.6.6.6", { "content-type": "application/json" }),
        body: JSON.stringify({ query: attackQuery }),
      });
      if (r.status === 429) attack.limited.push(r.ms);
      else if (r.body.includes("QUERY_TOO_COMPLEX")) attack.cost.push(r.ms);
      else attack.executed++;
    }
  })();

  const brute = { refused: 0, limited: 0, issued: 0 };
  const guessing = (async () => {
    for (let i = 0; i < GUESSES && performance.now() < stopAt; i++) {
      const r = await timed(`${base}/v1/auth/token`, {
        method: "POST",
        headers: from("10.6.6.7"),
        body: new URLSearchParams({
          grant_type: "client_credentials",
          client_id: owner.clientId,
          client_secret: `cs_guess${i}`,
        }),
      });
      if (r.status === 429) brute.limited++;
      else if (r.status === 200) brute.issued++;
      else brute.refused++;
    }
  })();

  const polls = { ok: 0, notModified: 0, limited: 0, other: 0 };
  const bots = Array.from({ length: BOTS }, async (_, bot) => {
    let etag = "";
    await sleep(bot * 250); // bots start spread over the first 5 s, as real ones would
    while (performance.now() < stopAt) {
      const r = await fetch(`${base}/v1/events/${eventId}/qualification`, {
        headers: from(`10.1.0.${bot + 1}`, etag ? { "if-none-match": etag } : {}),
      });
      await r.arrayBuffer();
      etag = r.headers.get("etag") ?? etag;
      if (r.status === 200) polls.ok++;
      else if (r.status === 304) polls.notModified++;
      else if (r.status === 429) polls.limited++;
      else polls.other++;
      await sleep(5000);
    }
  });

  const busy: number[] = [];
  const sampling = (async () => {
    while (performance.now() < stopAt) {
      busy.push((await timed(`${base}/health`, { headers: from("10.0.0.3") })).ms);
      await sleep(250);
    }
  })();

  let rssPeak = rssBefore;
  const watching = (async () => {
    while (performance.now() < stopAt) {
      rssPeak = Math.max(rssPeak, rssMb(child.pid!));
      await sleep(100);
    }
  })();

  await Promise.all([attacking, guessing, sampling, watching, ...bots]);
  const refused = attack.cost.length + attack.limited.length;
  const rssAfter = rssMb(child.pid!);

  const ms = (x: number) => `${x.toFixed(2)} ms`;
  console.log(
    `abuse bench: ${SECONDS} s against ${base} (Node ${process.version}), 10 sessions × 40 players × 3 games`,
  );
  console.log(
    `fragment attack (${(attackQuery.length / 1024).toFixed(1)} KB, 980 rankings if run): ${refused} refused, ${attack.executed} executed`,
  );
  console.log(
    `  refused by cost before execution: ${attack.cost.length}, median ${ms(median(attack.cost))}, p95 ${ms(p95(attack.cost))}`,
  );
  console.log(
    `  refused by rate limit (429):      ${attack.limited.length}, median ${ms(median(attack.limited))}`,
  );
  console.log(
    `  server memory: ${rssBefore.toFixed(0)} MB before, peak ${rssPeak.toFixed(0)} MB, ${rssAfter.toFixed(0)} MB after; ` +
      `${(((rssPeak - rssBefore) * 1024) / Math.max(1, refused)).toFixed(1)} KB of peak growth per refused request`,
  );
  console.log(
    `token brute force: ${brute.refused} refused 401, ${brute.limited} refused 429, ${brute.issued} tokens issued`,
  );
  console.log(
    `/health: idle median ${ms(median(idle))}; during attack median ${ms(median(busy))}, p95 ${ms(p95(busy))} ` +
      `(${(median(busy) / median(idle)).toFixed(1)}× idle, ${busy.length} samples)`,
  );
  console.log(
    `leaderboard polls: ${polls.ok + polls.notModified + polls.limited + polls.other} by ${BOTS} bots every 5 s: ` +
      `${polls.ok} 200, ${polls.notModified} 304, ${polls.limited} 429 (must be 0), ${polls.other} other`,
  );
  if (polls.limited > 0 || attack.executed > 0) process.exitCode = 1;
} finally {
  child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
}
