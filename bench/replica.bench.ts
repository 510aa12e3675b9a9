/**
 * The Node app on an embedded replica against the same app over Hrana to the same primary
 * (run: npx tsx bench/replica.bench.ts [iterations]). The primary is the Hrana test server on its
 * own thread, delayed 0, 20 and 60 ms per request; both apps run in this process, one after the
 * other. Per operation: p50 and p99, requests to the primary (statements, and the replica's sync
 * pulls), and the longest the event loop stood still during the request: the replica's client
 * runs each statement synchronously, so while it waits for the primary nothing else in the
 * process runs. Baseline: the direct app at the same delay, in the same run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { createClient } from "@libsql/client";
import { createDatabase, type Database } from "../src/db/client";
import { MIGRATIONS_FOLDER, openNodeDatabase } from "../src/db/node";
import { insertApiClient } from "../src/services/auth";
import { createOrganization } from "../src/services/orgs";
import { systemContext, tokenRequest } from "../test/helpers/auth";
import { startHranaThread, type ThreadedHranaServer } from "../test/helpers/hrana-thread";
import { createTestApp } from "../test/helpers/test-app";

const ITERATIONS = Number(process.argv[2] ?? 15);
const DELAYS = [0, 20, 60];

type Fetch = (path: string, init?: RequestInit) => Promise<Response>;

interface Row {
  operation: string;
  mode: string;
  delayMs: number;
  p50: number;
  p99: number;
  statements: number;
  pulls: number;
  stall: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** The longest gap between ticks of a 1 ms timer while `run` is under way: how long the loop stood still. */
async function withStall<T>(run: () => Promise<T>): Promise<{ result: T; stall: number }> {
  let last = performance.now();
  let stall = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last);
    last = now;
  }, 1);
  try {
    const result = await run();
    stall = Math.max(stall, performance.now() - last);
    return { result, stall };
  } finally {
    clearInterval(ticker);
  }
}

async function appOn(db: Database) {
  const org = await createOrganization(systemContext(db), { name: "Replica bench", kind: "store" });
  const client = await insertApiClient(db, { orgId: org.id, name: "bench", role: "owner" }, new Date());
  const { app } = await createTestApp({ storage: { db } });
  const fetch: Fetch = async (path, init) => app.request(path, init);
  const tokenRes = await fetch("/v1/auth/token", tokenRequest(client.clientId, client.clientSecret));
  const token = ((await tokenRes.json()) as { access_token: string }).access_token;
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    // biome-ignore lint/suspicious/noExplicitAny: benchmark reads arbitrary JSON
    return JSON.parse(text) as any;
  };
  return { api, orgId: org.id };
}

async function measure(mode: string, db: Database, primary: ThreadedHranaServer): Promise<Row[]> {
  await primary.setLatency({ delayMs: 0 });
  const { api, orgId } = await appOn(db);
  const players: string[] = [];
  for (let i = 1; i <= 16; i++)
    players.push((await api("POST", `/v1/orgs/${orgId}/players`, { name: `P${i}` })).id);
  const eventId = (await api("POST", `/v1/orgs/${orgId}/events`, { name: "Bench" })).id as string;
  const sessionId = (await api("POST", `/v1/events/${eventId}/sessions`, { name: "S" })).id as string;
  await api("POST", `/v1/sessions/${sessionId}/players`, { playerIds: players });
  const round = await api("POST", `/v1/sessions/${sessionId}/rounds`, { seed: "bench" });
  const tables = round.data[0].tables as { id: string; seats: { player: { id: string } }[] }[];
  const sheet = (t: (typeof tables)[number], second: number) => ({
    scores: t.seats.map((s, i) => ({ playerId: s.player.id, vp: [10, second, 6, 4][i] })),
    winnerId: t.seats[0]?.player.id,
  });
  for (const t of tables) await api("PUT", `/v1/tables/${t.id}/result`, { ...sheet(t, 8), signed: true });
  const rows: Row[] = [];
  for (const delayMs of DELAYS) {
    await primary.setLatency({ delayMs });
    const samples = new Map<string, { ms: number[]; statements: number; pulls: number; stall: number }>();
    const timed = async (operation: string, run: () => Promise<unknown>) => {
      const before = { statements: primary.statementRequests, pulls: primary.pulls };
      const started = performance.now();
      const { stall } = await withStall(run);
      const ms = performance.now() - started;
      const s = samples.get(operation) ?? { ms: [], statements: 0, pulls: 0, stall: 0 };
      s.ms.push(ms);
      s.statements = Math.max(s.statements, primary.statementRequests - before.statements);
      s.pulls = Math.max(s.pulls, primary.pulls - before.pulls);
      s.stall = Math.max(s.stall, stall);
      samples.set(operation, s);
    };
    for (let i = 0; i < ITERATIONS; i++) {
      const table = tables[i % tables.length]!;
      await timed("result correction (POST …/corrections)", () =>
        api("POST", `/v1/tables/${table.id}/result/corrections`, {
          ...sheet(table, 5 + (i % 4)),
          reason: `bench ${delayMs} ${i}`,
        }),
      );
      await timed("session standings, built", () => api("GET", `/v1/sessions/${sessionId}/standings`));
      await timed("session standings, cached", () => api("GET", `/v1/sessions/${sessionId}/standings`));
    }
    for (const [operation, s] of samples) {
      const sorted = [...s.ms].sort((a, b) => a - b);
      rows.push({
        operation,
        mode,
        delayMs,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        statements: s.statements,
        pulls: s.pulls,
        stall: s.stall,
      });
    }
  }
  return rows;
}

function markdown(rows: Row[]): string {
  const ms = (n: number) => `${Math.round(n)} ms`;
  const lines = [
    "| operation | Node app on | delay | p50 | p99 | × direct p50 | statements to primary | sync pulls | longest event-loop stall |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const r of rows) {
    const base = rows.find(
      (b) => b.mode === "Hrana" && b.operation === r.operation && b.delayMs === r.delayMs,
    );
    const ratio = base ? (r.p50 / base.p50).toFixed(2) : "";
    lines.push(
      `| ${r.operation} | ${r.mode} | ${r.delayMs} ms | ${ms(r.p50)} | ${ms(r.p99)} | ${ratio} | ${r.statements} | ${r.pulls} | ${ms(r.stall)} |`,
    );
  }
  return lines.join("\n");
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "catan-replica-bench-"));
  const primary = await startHranaThread({
    path: join(dir, "primary.db"),
    sync: true,
    migrationsFolder: MIGRATIONS_FOLDER,
  });
  try {
    const direct = createClient({ url: primary.url });
    const rows = await measure("Hrana", createDatabase(direct), primary);
    direct.close();
    const replica = openNodeDatabase(`file:${join(dir, "replica.db")}`, undefined, {
      syncUrl: primary.url,
      syncIntervalSeconds: 3600,
    });
    await replica.client.sync();
    rows.push(...(await measure("replica", replica.db, primary)));
    replica.client.close();
    rows.sort(
      (a, b) =>
        a.operation.localeCompare(b.operation) || a.delayMs - b.delayMs || a.mode.localeCompare(b.mode),
    );
    console.log(
      `${ITERATIONS} iterations per operation and delay; load ${(await import("node:os"))
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}\n`,
    );
    console.log(markdown(rows));
  } finally {
    await primary.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
