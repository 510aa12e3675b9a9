/**
 * A championship day on one Node process (loopback only; stops by itself):
 *   npx tsx bench/championship-day.bench.ts [watchers=2000] [seconds=180] [subscriptions=20]
 *
 * The API runs in a child process (this file with `--server`) on a local database file, with
 * the webhook dispatcher delivering on loopback; this process is the load: 10 events × 8
 * sessions × 40 players (10 tables a session), result writes at a steady 10 per second (sheets,
 * then the four players' confirmations, the last making it final, and a correction every 25th
 * final table),
 * `watchers` change-feed watchers (SSE) spread over the events, 200 bots polling a session's
 * standings with If-None-Match every 5 s, and `subscriptions` webhook subscriptions (20 unless
 * given) to loopback receivers.
 * For `seconds` it measures: p50/p99 per operation class, errors, the server's database
 * statements per second (counted on its libSQL client, a batch's statements one by one), its
 * RSS and CPU, webhook delivery lag (receipt − the message's timestamp), what the watchers
 * received, and the rows Turso would bill as read, estimated as the rows each statement returns
 * plus the rows it changes (exact for the key lookups the feeds poll with; scans count low).
 * Run it with 2,000 and with 20 watchers and compare the two: the figures are ratios to the
 * same run on the same machine (docs/performance.md). The script uses only HTTP and the app's
 * own factory, so the same file runs against an older checkout for a before/after comparison.
 */
import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

const EVENTS = 10;
const SESSIONS = 8;
const PLAYERS = 40;
const WRITES_PER_SECOND = 10;
const BOTS = 200;
const BOT_EVERY_MS = 5000;

interface Seed {
  port: number;
  orgId: string;
  auth: string;
  events: {
    eventId: string;
    sessions: { sessionId: string; tables: { tableId: string; players: string[] }[] }[];
  }[];
}

interface ServerStats {
  statements: number;
  rowsRead: number;
  feedRowsRead: number;
  rss: number;
  cpuMs: number;
}

// ——— the server (child process) ———

async function server() {
  const { createClient } = await import("@libsql/client");
  const { serve } = await import("@hono/node-server");
  const { createDatabase } = await import("../src/db/client");
  const { migrateDatabase } = await import("../src/db/node");
  const { createApp } = await import("../src/http/app");
  const { cachedRankingReader } = await import("../src/http/cached-rankings");
  const { ResponseCache } = await import("../src/http/response-cache");
  const { createAuthConfig } = await import("../src/services/auth");
  const { startNodeDispatcher } = await import("../src/runtime/node/dispatcher");
  const { nodeResolveHost, nodeTransport } = await import("../src/runtime/node/transport");
  const { createOrgClient } = await import("../test/helpers/auth");
  const { createPlayers, jsonRequest } = await import("../test/helpers/workflow");

  const dir = mkdtempSync(join(tmpdir(), "championship-"));
  const stats = { statements: 0, rowsRead: 0, feedRowsRead: 0 };
  // The statements the change feeds poll with, before (per connection) and after (shared).
  const isFeed = (sql: string) =>
    /from "events" where "events"\."id" = \?$|from events where id = \?|from outbox|from "api_clients" where "api_clients"\."id" (=|in)/.test(
      sql,
    );
  type Result = { rows: unknown[]; rowsAffected: number };
  const count = (sql: string, result: Result) => {
    const rows = result.rows.length + result.rowsAffected;
    stats.statements++;
    stats.rowsRead += rows;
    if (isFeed(sql)) stats.feedRowsRead += rows;
  };
  const sqlOf = (stmt: unknown) => (typeof stmt === "string" ? stmt : String((stmt as { sql: string }).sql));
  // biome-ignore lint/suspicious/noExplicitAny: a counting wrapper around the libSQL client's methods
  const counting = (target: any): any =>
    new Proxy(target, {
      get(t, prop, receiver) {
        const value = Reflect.get(t, prop, receiver);
        if (typeof value !== "function") return value;
        if (prop === "execute")
          return async (stmt: unknown, ...rest: unknown[]) => {
            const r = await value.call(t, stmt, ...rest);
            count(sqlOf(stmt), r);
            return r;
          };
        if (prop === "batch")
          return async (stmts: unknown[], ...rest: unknown[]) => {
            const rs = (await value.call(t, stmts, ...rest)) as Result[];
            rs.forEach((r, i) => {
              if (r) count(sqlOf(stmts[i]), r);
            });
            return rs;
          };
        if (prop === "transaction") return async (...args: unknown[]) => counting(await value.apply(t, args));
        return value.bind(t);
      },
    });
  const db = createDatabase(counting(createClient({ url: `file:${join(dir, "bench.db")}` })));
  await migrateDatabase(db);
  // As src/node.ts: the API's reads and push's share one ranking cache.
  const responseCache = new ResponseCache();
  const dispatcher = startNodeDispatcher({
    db,
    settings: {
      allowLoopback: true,
      transport: nodeTransport({ allowLoopback: true }),
      rankings: cachedRankingReader(responseCache),
    },
  });
  const app = createApp({
    storage: { db, responseCache },
    http: { compress: true },
    push: { dispatcher, webhookTargets: { allowLoopback: true, resolveHost: nodeResolveHost } },
    live: {
      // Every watcher comes from this one address: the per-address stream cap would refuse most.
      streamLimits: { perAddress: 100_000, perClient: 100_000 },
    },
    logging: { logger: { info: () => {}, error: (message, fields) => console.error(message, fields) } },
    auth: createAuthConfig({ secret: "championship-bench-secret-0123456789abcdef" }),
  });

  // Seeded through the app itself, before the clock starts.
  const store = await createOrgClient(app, db, { name: "National final" });
  const api = jsonRequest(app, store.auth);
  const events: Seed["events"] = [];
  for (let e = 0; e < EVENTS; e++) {
    const eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: `Final ${e + 1}` })).body.id;
    const players = await createPlayers(api, store.orgId, PLAYERS, `E${e}`);
    const sessions: Seed["events"][number]["sessions"] = [];
    for (let s = 0; s < SESSIONS; s++) {
      const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: `S${s + 1}` })).body.id;
      await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: players });
      const groups = Array.from({ length: PLAYERS / 4 }, (_, t) => players.slice(t * 4, t * 4 + 4));
      const round = await api.post(`/v1/sessions/${sessionId}/rounds`, { tables: groups });
      if (round.status !== 201) throw new Error(`seating failed: ${round.status} ${round.text}`);
      const tables = (round.body.data[0].tables as { id: string }[]).map((t, i) => ({
        tableId: t.id,
        players: groups[i]!,
      }));
      sessions.push({ sessionId, tables });
    }
    events.push({ eventId, sessions });
  }
  const listener = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
    process.send!({
      kind: "ready",
      seed: { port: info.port, orgId: store.orgId, auth: store.auth.authorization, events },
    });
  });
  let cpu0 = process.cpuUsage();
  process.on("message", (msg: { kind: string }) => {
    if (msg.kind === "stats") {
      const cpu = process.cpuUsage(cpu0);
      process.send!({
        kind: "stats",
        stats: { ...stats, rss: process.memoryUsage().rss, cpuMs: (cpu.user + cpu.system) / 1000 },
      });
    } else if (msg.kind === "reset-cpu") {
      cpu0 = process.cpuUsage();
    } else if (msg.kind === "stop") {
      listener.close();
      void dispatcher.stop().then(() => {
        rmSync(dir, { recursive: true, force: true });
        process.exit(0);
      });
    }
  });
}

// ——— the load (this process) ———

const pct = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

function ask<T>(child: ChildProcess, kind: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (msg: { kind: string; stats?: T }) => {
      if (msg.kind === kind) {
        child.off("message", on);
        resolve(msg.stats as T);
      }
    };
    child.on("message", on);
    child.send({ kind });
  });
}

async function load(watchers: number, seconds: number, subscriptions: number) {
  const child = fork(new URL(import.meta.url).pathname, ["--server"], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const seed = await new Promise<Seed>((resolve) =>
    child.on("message", (msg: { kind: string; seed?: Seed }) => {
      if (msg.kind === "ready") resolve(msg.seed!);
    }),
  );
  const base = `http://127.0.0.1:${seed.port}`;
  const timings = new Map<string, number[]>();
  const errors = new Map<string, number>();
  let measuring = false;
  const record = (kind: string, ms: number, ok: boolean) => {
    if (!measuring) return;
    if (!ok) errors.set(kind, (errors.get(kind) ?? 0) + 1);
    const list = timings.get(kind) ?? [];
    list.push(ms);
    timings.set(kind, list);
  };
  const call = async (
    kind: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const t0 = performance.now();
    try {
      const res = await fetch(base + path, {
        method,
        headers: {
          authorization: seed.auth,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status >= 400 && measuring && !errors.has(`${kind} first`))
        errors.set(`${kind} first`, text.slice(0, 200) as never);
      const ok = res.status < 400;
      const label = kind === "standings" ? `standings ${res.status === 304 ? "304" : res.status}` : kind;
      record(label, performance.now() - t0, ok);
      if (!ok && measuring)
        errors.set(`${kind} ${res.status}`, (errors.get(`${kind} ${res.status}`) ?? 0) + 1);
      return res;
    } catch {
      record(kind, performance.now() - t0, false);
      return undefined;
    }
  };

  // Webhook receivers on loopback: the lag from a message's timestamp to its arrival.
  const lags: number[] = [];
  let hooks = 0;
  const receiver = createServer((req, res) => {
    let text = "";
    req.on("data", (c) => {
      text += c;
    });
    req.on("end", () => {
      res.writeHead(204).end();
      hooks++;
      if (measuring)
        lags.push(Date.now() - Date.parse((JSON.parse(text) as { timestamp: string }).timestamp));
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const hookPort = (receiver.address() as AddressInfo).port;
  for (let i = 0; i < subscriptions; i++) {
    const sub = await call("subscribe", "POST", `/v1/orgs/${seed.orgId}/webhooks`, {
      url: `http://127.0.0.1:${hookPort}/hook/${i}`,
      eventTypes: ["result.final", "standings.changed"],
    });
    if (sub?.status !== 201) throw new Error(`subscription failed: ${sub?.status}`);
  }

  // Watchers: anonymous SSE streams, round-robin over the events.
  let received = 0;
  const sockets: ReturnType<typeof request>[] = [];
  let connected = 0;
  for (let i = 0; i < watchers; i++) {
    const eventId = seed.events[i % EVENTS]!.eventId;
    await new Promise<void>((resolve) => {
      const req = request(`${base}/v1/events/${eventId}/changes?maxSeconds=3600`, (res) => {
        if (res.statusCode !== 200) errors.set("watch", (errors.get("watch") ?? 0) + 1);
        else connected++;
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          if (measuring) received += chunk.split("event: results").length - 1;
        });
        res.on("error", () => {});
        resolve();
      });
      req.on("error", () => {
        errors.set("watch", (errors.get("watch") ?? 0) + 1);
        resolve();
      });
      req.end();
      sockets.push(req);
    });
  }

  // Bots: a session's standings with If-None-Match, every 5 s each, staggered.
  const sessions = seed.events.flatMap((e) => e.sessions.map((s) => s.sessionId));
  let running = true;
  const bots = Array.from({ length: BOTS }, async (_, i) => {
    await new Promise((r) => setTimeout(r, (i * BOT_EVERY_MS) / BOTS));
    let etag: string | undefined;
    const sessionId = sessions[i % sessions.length]!;
    while (running) {
      const res = await call(
        "standings",
        "GET",
        `/v1/sessions/${sessionId}/standings`,
        undefined,
        etag ? { "if-none-match": etag } : {},
      );
      etag = res?.headers.get("etag") ?? etag;
      await new Promise((r) => setTimeout(r, BOT_EVERY_MS));
    }
  });

  // Writes: the tables in turn, each a sheet then its four players' confirmations (the last one final).
  const steps: { table: number; run: () => Promise<unknown> }[] = [];
  let finals = 0;
  const tables = seed.events.flatMap((e) => e.sessions.flatMap((s) => s.tables));
  tables.forEach((t, n) => {
    const sheet = {
      scores: t.players.map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i] })),
      winnerId: t.players[0],
    };
    steps.push({ table: n, run: () => call("sheet", "PUT", `/v1/tables/${t.tableId}/result`, sheet) });
    for (const playerId of t.players) {
      steps.push({
        table: n,
        run: () => call("confirmation", "POST", `/v1/tables/${t.tableId}/result/confirmations`, { playerId }),
      });
    }
    if (n % 25 === 24) {
      steps.push({
        table: n,
        run: () =>
          call("correction", "POST", `/v1/tables/${t.tableId}/result/corrections`, {
            scores: t.players.map((playerId, i) => ({ playerId, vp: [10, 7, 6, 4][i] })),
            winnerId: t.players[0],
            reason: "Transcription error on the sheet",
          }),
      });
    }
    finals++;
  });
  // A table's steps run in order; the stream of them keeps a steady rate (10 a second).
  let next = 0;
  const chains = new Map<number, Promise<unknown>>();
  const writer = setInterval(() => {
    const step = steps[next++];
    if (!step) return;
    chains.set(step.table, (chains.get(step.table) ?? Promise.resolve()).then(step.run));
  }, 1000 / WRITES_PER_SECOND);

  // Warm-up, then the measured window.
  await new Promise((r) => setTimeout(r, 10_000));
  const s0 = await ask<ServerStats>(child, "stats");
  child.send({ kind: "reset-cpu" });
  measuring = true;
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  measuring = false;
  const elapsed = (performance.now() - t0) / 1000;
  const s1 = await ask<ServerStats>(child, "stats");
  running = false;
  clearInterval(writer);
  for (const s of sockets) s.destroy();
  await Promise.race([Promise.all(bots), new Promise((r) => setTimeout(r, BOT_EVERY_MS + 1000))]);
  child.send({ kind: "stop" });
  receiver.close();

  const perHour = (n: number) => Math.round((n / elapsed) * 3600);
  const classes = [...timings.keys()].sort();
  return {
    watchers,
    subscriptions,
    connected,
    seconds: Math.round(elapsed),
    load: loadavg()[0]!.toFixed(2),
    ops: Object.fromEntries(
      classes.map((k) => [
        k,
        { n: timings.get(k)!.length, p50: pct(timings.get(k)!, 50), p99: pct(timings.get(k)!, 99) },
      ]),
    ),
    errors: Object.fromEntries(errors),
    statementsPerSecond: (s1.statements - s0.statements) / elapsed,
    rowsReadPerHour: perHour(s1.rowsRead - s0.rowsRead),
    feedRowsReadPerHour: perHour(s1.feedRowsRead - s0.feedRowsRead),
    rssMB: Math.round(s1.rss / 2 ** 20),
    cpuPercent: (s1.cpuMs / 10 / elapsed).toFixed(1),
    webhookLag: { n: lags.length, p50: pct(lags, 50), p99: pct(lags, 99) },
    webhooksDelivered: hooks,
    feedMessagesReceived: received,
    tablesScheduled: finals,
  };
}

if (process.argv.includes("--server")) {
  await server();
} else {
  const watchers = Number(process.argv[2] ?? 2000);
  const seconds = Number(process.argv[3] ?? 180);
  const subscriptions = Number(process.argv[4] ?? 20);
  const result = await load(watchers, seconds, subscriptions);
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
}
