/**
 * DEVELOPMENT AND TEST HARNESS, not a database server to deploy: a minimal Hrana-over-HTTP
 * endpoint (the protocol Turso and `turso dev` speak) over the `libsql` engine, so the Worker can
 * run on workerd against a real libSQL database without sqld, which cannot be installed here.
 * The Workers tests start it in memory on a random port; `npm run dev:worker`
 * (scripts/dev-worker.ts) on a fixed port over a file, as the local database of `wrangler dev`.
 *
 * It implements what `@libsql/client/web` sends: `POST /v2/pipeline` (also `/v3/pipeline`, same
 * JSON) with `execute`, `batch` (step conditions `ok`, `error`, `not`, `and`, `or`,
 * `is_autocommit`), `sequence`, `store_sql`, `close_sql`, `get_autocommit` and `close`; the
 * version probes `GET /v2` and `GET /v3`. For an embedded replica's writes also `describe` and
 * `POST /v3/cursor` (JSON lines), and with `sync` the replication routes (hrana-sync.ts). Not
 * implemented: protobuf, WebSockets.
 *
 * One connection serves every stream, as one writer: a stream that keeps a transaction open
 * across requests (a baton) makes other streams' requests fail with SQLITE_BUSY until it ends
 * (sqld would make them wait); closing that stream rolls the transaction back, as sqld does.
 * Requests and values are handled in hrana-requests.ts. Loopback only.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import Database from "libsql";
import {
  type Connection,
  cursorEntries,
  errorOf,
  handleRequest,
  type Stream,
  StreamError,
  type StreamRequest,
} from "./hrana-requests";
import { createSyncEndpoint, preparePrimary, type SyncEndpoint } from "./hrana-sync";

export interface HranaServer {
  /** `http://127.0.0.1:<port>`: the DATABASE_URL of the client under test. */
  url: string;
  /** The engine's connection, for seeding and assertions from the test. */
  db: Connection;
  /** Pipeline requests answered so far (proof that a client really went over HTTP). */
  readonly pipelineRequests: number;
  /** Cursor requests (`/v3/cursor`) answered so far. */
  readonly cursorRequests: number;
  /** The replication endpoint, when started with `sync` (see hrana-sync.ts). */
  readonly sync: SyncEndpoint | null;
  /** Changes the simulated network delay of the following requests (see HranaServerOptions). */
  setLatency(latency: Latency): void;
  close(): Promise<void>;
}

/**
 * Simulated distance to the database: each pipeline request is answered `delayMs` (± up to
 * `jitterMs`, uniformly) after it arrives, as if the server were that many milliseconds of round
 * trip away ("Turso 40 ms away"). Requests are still handled concurrently, as over a network.
 */
export interface Latency {
  delayMs: number;
  jitterMs?: number;
}

export interface HranaServerOptions {
  /** Simulated round-trip delay; default none. */
  latency?: Latency;
  /** Database file; default an in-memory database. */
  path?: string;
  /** When set, requests must carry `Authorization: Bearer <authToken>` (as Turso requires). */
  authToken?: string;
  /** Folder of drizzle-kit migrations to apply before listening (without their journal). */
  migrationsFolder?: string;
  /** Loopback port to listen on; default a free one. */
  port?: number;
  /**
   * Also serve the embedded-replica sync protocol (hrana-sync.ts), as Turso does: `path` is then
   * required, and the database is put in WAL mode and never checkpointed.
   */
  sync?: boolean;
  /**
   * Shared counters (two Int32: statement requests, i.e. pipeline + cursor, and sync pulls),
   * bumped as each request arrives: read from a thread whose event loop may be blocked (an
   * embedded replica's client), see test/helpers/hrana-thread.ts.
   */
  counters?: SharedArrayBuffer;
  /**
   * Told the SQL of each pipeline request's statements as it arrives (a batch's in order), so a
   * test can tell which requests were whose (the live feeds' tests count a feed's subrequests).
   */
  onPipeline?: (sql: string[]) => void;
}

/** The SQL of a pipeline request's statements, in order. */
function statementsOf(requests: StreamRequest[]): string[] {
  const out: string[] = [];
  for (const request of requests as {
    type: string;
    stmt?: { sql?: string };
    batch?: { steps?: { stmt?: { sql?: string } }[] };
  }[]) {
    if (request.stmt?.sql) out.push(request.stmt.sql);
    for (const step of request.batch?.steps ?? []) if (step.stmt?.sql) out.push(step.stmt.sql);
  }
  return out;
}

/** Applies drizzle-kit migrations in journal order: each file split on its statement breakpoints. */
export function applyMigrations(db: Connection, folder: string): number {
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  let statements = 0;
  for (const { tag } of journal.entries) {
    const sql = readFileSync(join(folder, `${tag}.sql`), "utf8");
    for (const statement of sql.split("--> statement-breakpoint")) {
      if (!statement.trim()) continue;
      db.exec(statement);
      statements++;
    }
  }
  return statements;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, status: number, body: unknown, contentType?: string): void {
  const bytes = Buffer.isBuffer(body);
  const text = bytes || typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, {
    "content-type":
      contentType ??
      (bytes ? "application/octet-stream" : typeof body === "string" ? "text/plain" : "application/json"),
    "content-length": Buffer.byteLength(text as string | Buffer),
  });
  res.end(text);
}

function simulateDistance({ delayMs, jitterMs = 0 }: Latency): Promise<void> {
  const ms = Math.max(0, delayMs + (jitterMs > 0 ? (Math.random() * 2 - 1) * jitterMs : 0));
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

export async function startHranaServer(options: HranaServerOptions = {}): Promise<HranaServer> {
  if (options.sync && !options.path) throw new Error("a sync primary needs a database file (path)");
  const db = new Database(options.path ?? ":memory:");
  if (options.sync) preparePrimary(db);
  db.exec("PRAGMA foreign_keys = ON");
  if (options.migrationsFolder) applyMigrations(db, options.migrationsFolder);

  const streams = new Map<string, Stream>(); // by baton
  let transactionOwner: Stream | null = null;
  let pipelineRequests = 0;
  let cursorRequests = 0;
  const sync = options.sync && options.path ? createSyncEndpoint(options.path) : null;
  const shared = options.counters ? new Int32Array(options.counters) : null;
  let latency: Latency = options.latency ?? { delayMs: 0 };

  /** Runs `work` on the stream a baton names (or a new one), as one writer (see the file comment). */
  function onStream<T>(
    baton: string | null | undefined,
    work: (stream: Stream, busy: () => void) => T,
    closes: boolean,
  ): { status: number; body: string } | { value: T; baton: string | null } {
    let stream: Stream;
    if (baton) {
      const found = streams.get(baton);
      if (!found) return { status: 400, body: "unknown or expired baton" };
      streams.delete(baton);
      stream = found;
    } else {
      stream = { id: randomUUID(), sqls: new Map() };
    }
    const busy = () => {
      if (transactionOwner && transactionOwner !== stream) {
        throw new StreamError("database is locked by another stream's transaction", "SQLITE_BUSY");
      }
    };
    const value = work(stream, busy);
    if (db.inTransaction && transactionOwner === null) transactionOwner = stream;
    if (closes && transactionOwner === stream) {
      if (db.inTransaction) db.exec("ROLLBACK");
      transactionOwner = null;
    } else if (!db.inTransaction && transactionOwner === stream) {
      transactionOwner = null;
    }
    let next: string | null = null;
    if (!closes) {
      next = randomUUID();
      streams.set(next, stream);
    }
    return { value, baton: next };
  }

  function pipeline(body: { baton?: string | null; requests: StreamRequest[] }) {
    const closes = body.requests.some((request) => request.type === "close");
    const answer = onStream(
      body.baton,
      (stream, busy) =>
        body.requests.map((request) => {
          try {
            if (request.type !== "close") busy();
            return { type: "ok", response: handleRequest(db, stream, request) };
          } catch (error) {
            return { type: "error", error: errorOf(error) };
          }
        }),
      closes,
    );
    if (!("value" in answer)) return answer;
    return { status: 200, body: { baton: answer.baton, base_url: null, results: answer.value } };
  }

  /** `POST /v3/cursor`: the head line, then one line per entry (Hrana 3 over HTTP). */
  function cursor(body: { baton?: string | null; batch: { steps: Parameters<typeof cursorEntries>[2] } }) {
    const answer = onStream(
      body.baton,
      (stream, busy) => {
        try {
          busy();
          return cursorEntries(db, stream, body.batch.steps);
        } catch (error) {
          return [{ type: "error", error: errorOf(error) }];
        }
      },
      false,
    );
    if (!("value" in answer)) return answer;
    const lines = [{ baton: answer.baton, base_url: null }, ...answer.value];
    return { status: 200, body: `${lines.map((line) => JSON.stringify(line)).join("\n")}\n` };
  }

  const server = createServer(async (req, res) => {
    try {
      if (options.authToken && req.headers.authorization !== `Bearer ${options.authToken}`) {
        send(res, 401, "unauthorized");
        return;
      }
      const path = new URL(req.url ?? "/", "http://localhost").pathname;
      if (req.method === "GET" && (path === "/v2" || path === "/v3" || path === "/health")) {
        send(res, 200, "ok");
        return;
      }
      if (req.method === "GET" && sync) {
        if (shared && path.startsWith("/sync/")) Atomics.add(shared, 1, 1);
        const answer = sync.answer(path);
        if (answer) {
          await simulateDistance(latency);
          send(res, answer.status, answer.body);
          return;
        }
      }
      if (req.method === "POST" && path === "/v3/cursor") {
        let body: Parameters<typeof cursor>[0];
        try {
          body = JSON.parse(await readBody(req));
          if (!Array.isArray(body.batch?.steps)) throw new Error("batch.steps must be an array");
        } catch (error) {
          send(res, 400, `malformed cursor request: ${(error as Error).message}`);
          return;
        }
        cursorRequests++;
        if (shared) Atomics.add(shared, 0, 1);
        await simulateDistance(latency);
        const answer = cursor(body);
        send(res, answer.status, answer.body, "text/plain");
        return;
      }
      if (req.method === "POST" && (path === "/v2/pipeline" || path === "/v3/pipeline")) {
        let body: { baton?: string | null; requests: StreamRequest[] };
        try {
          body = JSON.parse(await readBody(req));
          if (!Array.isArray(body.requests)) throw new Error("requests must be an array");
        } catch (error) {
          send(res, 400, `malformed pipeline request: ${(error as Error).message}`);
          return;
        }
        pipelineRequests++;
        if (shared) Atomics.add(shared, 0, 1);
        options.onPipeline?.(statementsOf(body.requests));
        await simulateDistance(latency);
        const answer = pipeline(body);
        send(res, answer.status, answer.body);
        return;
      }
      send(res, 404, `no route ${req.method} ${path}`);
    } catch (error) {
      send(res, 500, String(error));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    db,
    get pipelineRequests() {
      return pipelineRequests;
    },
    get cursorRequests() {
      return cursorRequests;
    },
    sync,

    setLatency(next) {
      latency = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      db.close();
    },
  };
}
