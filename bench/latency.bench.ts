/**
 * The API with its database far away (run: npx tsx bench/latency.bench.ts [iterations]).
 *
 * 1. The round-trip table: every operation of the OpenAPI document through its happy path on the
 *    Node app over Hrana, with its serial round trips (what latency is made of), its total round
 *    trips and its budget (the same scenario and budgets as test/db/round-trips.test.ts).
 * 2. Latency at 0, 20 and 60 ms per database round trip (the Hrana test server delays each
 *    request): p50/p99 of a result submission, a session standings read uncached (right after a
 *    result change), cached and answered 304, and a seating generation, on the Node app and on
 *    the Worker build on workerd (run `npm run build:worker` first), each against the same
 *    operation at 0 ms in the same run. Expected: latency ≈ serial round trips × delay + compute.
 * 3. Races at the same delays: 50 different sheets PUT at once on one fresh table (exactly one
 *    may win, the rest 409, nothing half-written), and 10 identical PUTs with one Idempotency-Key
 *    (one runs; the others wait out its lease with 409 or replay it), with the wall time of each.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { MIGRATIONS_FOLDER } from "../src/db/node";
import { openWebDatabase } from "../src/db/web";
import { insertApiClient } from "../src/services/auth";
import { createOrganization } from "../src/services/orgs";
import { systemContext, tokenRequest } from "../test/helpers/auth";
import { roundTripTable } from "../test/helpers/round-trip-budgets";
import { runEveryOperation, type Sample, startRemoteApp } from "../test/helpers/round-trip-scenario";
import { startWorker, WORKER_BUNDLE } from "../test/workers/worker-runtime";
import { startHranaServer } from "../tools/hrana-server";

const ITERATIONS = Number(process.argv[2] ?? 15);
/** `races`: only part 3 (the races), e.g. `npx tsx bench/latency.bench.ts 15 races`. */
const ONLY_RACES = process.argv[3] === "races";
const DELAYS = [0, 20, 60];
const DB_TOKEN = "bench-db-token";
const JWT_SECRET = "bench-only-jwt-secret-0123456789abcdef";

type Fetch = (path: string, init?: RequestInit) => Promise<Response>;

interface Runtime {
  name: string;
  fetch: Fetch;
  setDelay(ms: number): void;
  /** Round trips so far (serial on Node, where the client counts them; all on the Worker). */
  roundTrips(): number;
  token: string;
  /** A token of a new owner client of the same organisation: each race gets its own write budget. */
  freshToken(): Promise<string>;
  /** The server's log so far, to name what a 500 was (the Worker's output; empty on Node). */
  output(): string;
  close(): Promise<void>;
}

async function call(fetch: Fetch, method: string, path: string, token: string, body?: unknown, headers = {}) {
  const res = await fetch(path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  // biome-ignore lint/suspicious/noExplicitAny: benchmark reads arbitrary JSON
  return { status: res.status, etag: res.headers.get("etag"), body: (text ? JSON.parse(text) : null) as any };
}

async function tokenFor(fetch: Fetch, clientId: string, clientSecret: string): Promise<string> {
  const res = await fetch("/v1/auth/token", tokenRequest(clientId, clientSecret));
  return ((await res.json()) as { access_token: string }).access_token;
}

async function nodeRuntime(): Promise<Runtime> {
  const remote = await startRemoteApp();
  const org = await createOrganization(systemContext(remote.db), { name: "Bench store", kind: "store" });
  const client = await insertApiClient(
    remote.db,
    { orgId: org.id, name: "bench", role: "owner" },
    new Date(),
  );
  const fetch: Fetch = async (path, init) => remote.app.request(path, init);
  return {
    name: "Node",
    fetch,
    setDelay: (delayMs) => remote.server.setLatency({ delayMs }),
    roundTrips: () => remote.serialRoundTrips,
    token: await tokenFor(fetch, client.clientId, client.clientSecret),
    freshToken: async () => {
      const c = await insertApiClient(remote.db, { orgId: org.id, name: "racer", role: "owner" }, new Date());
      return tokenFor(fetch, c.clientId, c.clientSecret);
    },
    output: () => "",
    close: () => remote.close(),
  };
}

async function workerRuntime(): Promise<Runtime> {
  const server = await startHranaServer({ authToken: DB_TOKEN, migrationsFolder: MIGRATIONS_FOLDER });
  const seedDb = openWebDatabase(server.url, DB_TOKEN);
  const org = await createOrganization(systemContext(seedDb), { name: "Bench store", kind: "store" });
  const client = await insertApiClient(seedDb, { orgId: org.id, name: "bench", role: "owner" }, new Date());
  const worker = await startWorker({ DATABASE_URL: server.url, DATABASE_AUTH_TOKEN: DB_TOKEN, JWT_SECRET });
  return {
    name: "Worker",
    fetch: worker.fetch,
    setDelay: (delayMs) => server.setLatency({ delayMs }),
    roundTrips: () => server.pipelineRequests,
    token: await tokenFor(worker.fetch, client.clientId, client.clientSecret),
    freshToken: async () => {
      const c = await insertApiClient(seedDb, { orgId: org.id, name: "racer", role: "owner" }, new Date());
      return tokenFor(worker.fetch, c.clientId, c.clientSecret);
    },
    output: () => worker.output(),
    close: async () => {
      await worker.dispose();
      await server.close();
    },
  };
}

/** A store's session ready for the measured operations, seeded at 0 ms. */
async function seedSession(rt: Runtime) {
  const api = (method: string, path: string, body?: unknown, headers = {}) =>
    call(rt.fetch, method, path, rt.token, body, headers);
  const me = JSON.parse(Buffer.from(rt.token.split(".")[1] ?? "", "base64url").toString()) as { org: string };
  const players: string[] = [];
  for (let i = 1; i <= 28; i++)
    players.push((await api("POST", `/v1/orgs/${me.org}/players`, { name: `P${i}` })).body.id);
  const eventId = (await api("POST", `/v1/orgs/${me.org}/events`, { name: "Latency bench" })).body
    .id as string;
  const played = (await api("POST", `/v1/events/${eventId}/sessions`, { name: "Played" })).body.id as string;
  await api("POST", `/v1/sessions/${played}/players`, { playerIds: players.slice(0, 16) });
  const round = await api("POST", `/v1/sessions/${played}/rounds`, { seed: "bench" });
  const tables = round.body.data[0].tables as { id: string; seats: { player: { id: string } }[] }[];
  const sheet = (t: (typeof tables)[number], second: number) => ({
    scores: t.seats.map((s, i) => ({ playerId: s.player.id, vp: [10, second, 6, 4][i] })),
    winnerId: t.seats[0]?.player.id,
  });
  for (const t of tables.slice(1))
    await api("PUT", `/v1/tables/${t.id}/result`, { ...sheet(t, 8), signed: true });
  const toSeat = (await api("POST", `/v1/events/${eventId}/sessions`, { name: "To seat" })).body.id as string;
  await api("POST", `/v1/sessions/${toSeat}/players`, { playerIds: players.slice(16, 28) });
  return { api, played, toSeat, pending: tables[0]!, corrected: tables[1]!, sheet };
}

interface Measured {
  operation: string;
  runtime: string;
  delayMs: number;
  p50: number;
  p99: number;
  roundTrips: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function measureRuntime(rt: Runtime): Promise<Measured[]> {
  rt.setDelay(0);
  const s = await seedSession(rt);
  const out: Measured[] = [];
  let version: string | null = null;
  for (const delayMs of DELAYS) {
    rt.setDelay(delayMs);
    const times = new Map<string, number[]>();
    const trips = new Map<string, number>();
    const timed = async <T>(operation: string, run: () => Promise<T>): Promise<T> => {
      const before = rt.roundTrips();
      const started = performance.now();
      const result = await run();
      times.set(operation, [...(times.get(operation) ?? []), performance.now() - started]);
      trips.set(operation, Math.max(trips.get(operation) ?? 0, rt.roundTrips() - before));
      return result;
    };
    for (let i = 0; i < ITERATIONS; i++) {
      const submitted = await timed("result submission (PUT)", () =>
        s.api(
          "PUT",
          `/v1/tables/${s.pending.id}/result`,
          s.sheet(s.pending, 5 + (i % 4)),
          version ? { "if-match": version } : {},
        ),
      );
      version = submitted.etag;
      // A correction changes the rankings, so the next read builds them (not measured).
      await s.api("POST", `/v1/tables/${s.corrected.id}/result/corrections`, {
        ...s.sheet(s.corrected, 5 + (i % 4)),
        reason: `bench correction ${i}`,
      });
      const built = await timed("session standings, uncached", () =>
        s.api("GET", `/v1/sessions/${s.played}/standings`),
      );
      await timed("session standings, cached", () => s.api("GET", `/v1/sessions/${s.played}/standings`));
      await timed("session standings, 304", () =>
        call(rt.fetch, "GET", `/v1/sessions/${s.played}/standings`, rt.token, undefined, {
          "if-none-match": built.etag ?? "",
        }),
      );
      const seated = await timed("seating generation (POST rounds)", () =>
        s.api("POST", `/v1/sessions/${s.toSeat}/rounds`, { seed: `bench-${i}` }),
      );
      await s.api("DELETE", `/v1/rounds/${seated.body.data[0].id}`);
    }
    for (const [operation, list] of times) {
      const sorted = [...list].sort((a, b) => a - b);
      out.push({
        operation,
        runtime: rt.name,
        delayMs,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        roundTrips: trips.get(operation) ?? 0,
      });
    }
  }
  return out;
}

interface RaceRow {
  runtime: string;
  delayMs: number;
  race: string;
  wins: number;
  conflicts: number;
  replays: number;
  other: number;
  /** The other answers by status and code, e.g. `429 rate_limited ×40`. */
  otherKinds: string;
  consistent: boolean;
  wallMs: number;
}

const RACES_PER_DELAY = 3;

/** A fresh table of four, seated through the API (a session of its own). */
async function freshTable(rt: Runtime, eventId: string, orgId: string, label: string) {
  const api = (method: string, path: string, body?: unknown) => call(rt.fetch, method, path, rt.token, body);
  const players: string[] = [];
  for (let i = 1; i <= 4; i++)
    players.push((await api("POST", `/v1/orgs/${orgId}/players`, { name: `${label} ${i}` })).body.id);
  const sessionId = (await api("POST", `/v1/events/${eventId}/sessions`, { name: label })).body.id as string;
  await api("POST", `/v1/sessions/${sessionId}/players`, { playerIds: players });
  const round = await api("POST", `/v1/sessions/${sessionId}/rounds`, { seed: label });
  const table = round.body.data[0].tables[0] as { id: string; seats: { player: { id: string } }[] };
  return { id: table.id, players: table.seats.map((s) => s.player.id) };
}

async function raw(
  rt: Runtime,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const res = await rt.fetch(path, {
    method,
    headers: { authorization: `Bearer ${rt.token}`, "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, replayed: res.headers.get("idempotent-replayed") === "true", text };
}

function kinds(answers: { status: number; text: string }[]): string {
  const counts = new Map<string, number>();
  for (const a of answers) {
    let code = "";
    try {
      code = (JSON.parse(a.text) as { code?: string }).code ?? "";
    } catch {}
    const k = `${a.status} ${code}`.trim();
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${k} ×${n}`).join(", ");
}

/** The first "unhandled error" log line when a 500 was answered: what the other answers were. */
function firstUnhandled(rt: Runtime, answers: { status: number }[]): string {
  if (!answers.some((a) => a.status >= 500)) return "";
  const line = rt
    .output()
    .split("\n")
    .find((l) => l.includes("unhandled error"));
  return line ? `first logged: ${line.slice(0, 300)}` : "";
}

async function measureRaces(runtime: Runtime): Promise<RaceRow[]> {
  let rt = runtime;
  rt.setDelay(0);
  const me = JSON.parse(Buffer.from(rt.token.split(".")[1] ?? "", "base64url").toString()) as { org: string };
  const eventId = (
    await call(rt.fetch, "POST", `/v1/orgs/${me.org}/events`, rt.token, { name: "Race bench" })
  ).body.id as string;
  const out: RaceRow[] = [];
  let n = 0;
  for (const delayMs of DELAYS) {
    for (let r = 0; r < RACES_PER_DELAY; r++) {
      rt.setDelay(0);
      rt = { ...runtime, token: await runtime.freshToken() };
      const table = await freshTable(rt, eventId, me.org, `race ${++n}`);
      const replayTable = await freshTable(rt, eventId, me.org, `replay ${n}`);
      rt.setDelay(delayMs);
      const sheet = (players: string[], i: number) => ({
        scores: players.map((playerId, s) => ({
          playerId,
          vp: [10, 2 + (i % 9), 2 + Math.floor(i / 9), 5][s],
        })),
        winnerId: players[0],
      });
      let started = performance.now();
      const race = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          raw(rt, "PUT", `/v1/tables/${table.id}/result`, sheet(table.players, i)),
        ),
      );
      const raceMs = performance.now() - started;
      rt.setDelay(0);
      const stored = (await call(rt.fetch, "GET", `/v1/tables/${table.id}`, rt.token)).body;
      const winner = race.find((x) => x.status === 200);
      const winnerScores = winner ? JSON.parse(winner.text).result.scores : null;
      out.push({
        runtime: rt.name,
        delayMs,
        race: "50 different sheets",
        wins: race.filter((x) => x.status === 200).length,
        conflicts: race.filter((x) => x.status === 409).length,
        replays: 0,
        other: race.filter((x) => x.status !== 200 && x.status !== 409).length,
        otherKinds: [
          kinds(race.filter((x) => x.status !== 200 && x.status !== 409)),
          firstUnhandled(rt, race),
        ]
          .filter(Boolean)
          .join("; "),
        consistent:
          stored.result?.version === 1 &&
          JSON.stringify(stored.result?.scores) === JSON.stringify(winnerScores),
        wallMs: raceMs,
      });
      rt.setDelay(delayMs);
      started = performance.now();
      const key = { "idempotency-key": `bench-replay-${n}` };
      const replays = await Promise.all(
        Array.from({ length: 10 }, () =>
          raw(rt, "PUT", `/v1/tables/${replayTable.id}/result`, sheet(replayTable.players, 0), key),
        ),
      );
      const replayMs = performance.now() - started;
      rt.setDelay(0);
      const again = await raw(
        rt,
        "PUT",
        `/v1/tables/${replayTable.id}/result`,
        sheet(replayTable.players, 0),
        key,
      );
      const storedReplay = (await call(rt.fetch, "GET", `/v1/tables/${replayTable.id}`, rt.token)).body;
      out.push({
        runtime: rt.name,
        delayMs,
        race: "10 × one Idempotency-Key",
        wins: replays.filter((x) => x.status === 200 && !x.replayed).length,
        conflicts: replays.filter((x) => x.status === 409).length,
        replays: replays.filter((x) => x.replayed).length,
        other: replays.filter((x) => x.status !== 200 && x.status !== 409).length,
        otherKinds: kinds(replays.filter((x) => x.status !== 200 && x.status !== 409)),
        // The request ran once: version 1, and a later retry replays it.
        consistent: storedReplay.result?.version === 1 && again.replayed,
        wallMs: replayMs,
      });
    }
  }
  return out;
}

function raceMarkdown(rows: readonly RaceRow[]): string {
  const lines = [
    "| race | runtime | delay | runs | executed | 409 | replayed | other | consistent | wall time p50 |",
    "|---|---|---:|---:|---:|---:|---:|---:|---|---:|",
  ];
  const groups = new Map<string, RaceRow[]>();
  const others: string[] = [];
  for (const r of rows) {
    const k = `${r.race}|${r.runtime}|${r.delayMs}`;
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  for (const g of groups.values()) {
    const first = g[0]!;
    const sum = (f: (r: RaceRow) => number) => g.map(f).join("/");
    const sorted = g.map((r) => r.wallMs).sort((a, b) => a - b);
    lines.push(
      `| ${first.race} | ${first.runtime} | ${first.delayMs} ms | ${g.length} | ${sum((r) => r.wins)} | ${sum((r) => r.conflicts)} | ${sum((r) => r.replays)} | ${sum((r) => r.other)} | ${g.every((r) => r.consistent) ? "yes" : "NO"} | ${percentile(sorted, 50).toFixed(1)} ms |`,
    );
    for (const r of g)
      if (r.otherKinds) others.push(`${first.race}, ${first.runtime}, ${first.delayMs} ms: ${r.otherKinds}`);
  }
  if (others.length > 0) lines.push("", "Other answers:", ...others.map((o) => `- ${o}`));
  return lines.join("\n");
}

function roundTripMarkdown(samples: readonly Sample[]): string {
  const lines = [
    "| operation | requests | serial round trips | all round trips | budget |",
    "|---|---:|---:|---:|---:|",
  ];
  for (const row of roundTripTable(samples)) {
    lines.push(
      `| ${row.operationId} | ${row.requests} | ${row.serial} | ${row.total} | ${row.budget ?? "—"} |`,
    );
  }
  return lines.join("\n");
}

function latencyMarkdown(rows: readonly Measured[]): string {
  const lines = [
    "| operation | runtime | round trips | p50 / p99 at 0 ms | at 20 ms | at 60 ms | ×(20 ms) | ×(60 ms) | expected at 60 ms |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|",
  ];
  const key = (r: Measured) => `${r.runtime}|${r.operation}`;
  const groups = new Map<string, Measured[]>();
  for (const r of rows) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  const f = (ms: number) => ms.toFixed(1);
  for (const group of groups.values()) {
    const at = (d: number) => group.find((r) => r.delayMs === d);
    const [zero, twenty, sixty] = [at(0), at(20), at(60)];
    if (!zero || !twenty || !sixty) continue;
    lines.push(
      `| ${zero.operation} | ${zero.runtime} | ${sixty.roundTrips} | ${f(zero.p50)} / ${f(zero.p99)} | ${f(twenty.p50)} / ${f(twenty.p99)} | ${f(sixty.p50)} / ${f(sixty.p99)} | ${(twenty.p50 / zero.p50).toFixed(1)} | ${(sixty.p50 / zero.p50).toFixed(1)} | ${f(sixty.roundTrips * 60 + zero.p50)} |`,
    );
  }
  return lines.join("\n");
}

async function main() {
  if (!ONLY_RACES) {
    const remote = await startRemoteApp();
    const samples: Sample[] = [];
    await runEveryOperation(remote, samples);
    await remote.close();
    console.log("## Database round trips per operation (Node app over Hrana)\n");
    console.log(roundTripMarkdown(samples));
  }

  const rows: Measured[] = [];
  const races: RaceRow[] = [];
  const node = await nodeRuntime();
  if (!ONLY_RACES) rows.push(...(await measureRuntime(node)));
  races.push(...(await measureRaces(node)));
  await node.close();
  if (existsSync(resolve(WORKER_BUNDLE))) {
    const worker = await workerRuntime();
    if (!ONLY_RACES) rows.push(...(await measureRuntime(worker)));
    races.push(...(await measureRaces(worker)));
    await worker.close();
  } else {
    console.log(`\n(${WORKER_BUNDLE} missing: run \`npm run build:worker\` for the Worker rows)`);
  }
  if (!ONLY_RACES) {
    console.log(`\n## Latency with the database 0, 20 and 60 ms away (${ITERATIONS} requests each)\n`);
    console.log(latencyMarkdown(rows));
  }
  console.log(
    "\nRound trips: serial ones on Node (counted by the client), every pipeline request on the Worker (counted by the server). Expected = round trips × 60 ms + the p50 at 0 ms.",
  );
  console.log(
    `\n## Races with the database 0, 20 and 60 ms away (${RACES_PER_DELAY} runs each; counts per run)\n`,
  );
  console.log(raceMarkdown(races));
}

await main();
