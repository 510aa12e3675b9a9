/**
 * TEST HARNESS, not a database server: a minimal Hrana-over-HTTP endpoint (the protocol Turso and
 * `turso dev` speak) over the `libsql` engine, so the Worker build can be run on workerd against
 * a real libSQL database without sqld, which cannot be installed here.
 *
 * It implements what `@libsql/client/web` sends: `POST /v2/pipeline` (also `/v3/pipeline`, same
 * JSON) with `execute`, `batch` (step conditions `ok`, `error`, `not`, `and`, `or`,
 * `is_autocommit`), `sequence`, `store_sql`, `close_sql`, `get_autocommit` and `close`; the
 * version probes `GET /v2` and `GET /v3`. Not implemented: cursors, `describe`, protobuf.
 *
 * One connection serves every stream, as one writer: a stream that keeps a transaction open
 * across requests (a baton) makes other streams' requests fail with SQLITE_BUSY until it ends;
 * closing that stream rolls the transaction back, as sqld does. Loopback only, random port.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import Database from "libsql";

type Connection = InstanceType<typeof Database>;

export type HranaValue =
  | { type: "null" }
  | { type: "integer"; value: string }
  | { type: "float"; value: number }
  | { type: "text"; value: string }
  | { type: "blob"; base64: string };

interface HranaStmt {
  sql?: string;
  sql_id?: number;
  args?: HranaValue[];
  named_args?: { name: string; value: HranaValue }[];
  want_rows?: boolean;
}

type HranaCond =
  | { type: "ok" | "error"; step: number }
  | { type: "not"; cond: HranaCond }
  | { type: "and" | "or"; conds: HranaCond[] }
  | { type: "is_autocommit" };

type StreamRequest =
  | { type: "close" }
  | { type: "execute"; stmt: HranaStmt }
  | { type: "batch"; batch: { steps: { condition?: HranaCond | null; stmt: HranaStmt }[] } }
  | { type: "sequence"; sql?: string; sql_id?: number }
  | { type: "store_sql"; sql_id: number; sql: string }
  | { type: "close_sql"; sql_id: number }
  | { type: "get_autocommit" }
  | { type: "describe" };

interface StmtResult {
  cols: { name: string; decltype: string | null }[];
  rows: HranaValue[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
  rows_read: number;
  rows_written: number;
  query_duration_ms: number;
}

interface HranaError {
  message: string;
  code?: string;
}

interface Stream {
  id: string;
  sqls: Map<number, string>;
}

/** A failure answered as a Hrana error (the stream goes on), not as an HTTP error. */
class StreamError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

export interface HranaServer {
  /** `http://127.0.0.1:<port>`: the DATABASE_URL of the client under test. */
  url: string;
  /** The engine's connection, for seeding and assertions from the test. */
  db: Connection;
  /** Pipeline requests answered so far (proof that a client really went over HTTP). */
  readonly pipelineRequests: number;
  close(): Promise<void>;
}

export interface HranaServerOptions {
  /** Database file; default an in-memory database. */
  path?: string;
  /** When set, requests must carry `Authorization: Bearer <authToken>` (as Turso requires). */
  authToken?: string;
  /** Folder of drizzle-kit migrations to apply before listening. */
  migrationsFolder?: string;
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

function toSql(value: HranaValue): unknown {
  switch (value.type) {
    case "null":
      return null;
    case "integer":
      return BigInt(value.value);
    case "float":
      return value.value;
    case "text":
      return value.value;
    case "blob":
      return Buffer.from(value.base64, "base64");
    default:
      throw new StreamError(`unknown value type ${JSON.stringify(value)}`, "HRANA_PROTO_ERROR");
  }
}

function fromSql(value: unknown): HranaValue {
  if (value === null || value === undefined) return { type: "null" };
  if (typeof value === "bigint") return { type: "integer", value: value.toString() };
  if (typeof value === "number") return { type: "float", value };
  if (typeof value === "string") return { type: "text", value };
  if (value instanceof Uint8Array) return { type: "blob", base64: Buffer.from(value).toString("base64") };
  throw new Error(`unexpected value from the engine: ${typeof value}`);
}

function errorOf(error: unknown): HranaError {
  const e = error as { message?: string; code?: string };
  return { message: String(e.message ?? error), ...(e.code ? { code: e.code } : {}) };
}

function stmtSql(stream: Stream, sql: string | undefined, sqlId: number | undefined): string {
  if (sql !== undefined) return sql;
  const stored = sqlId === undefined ? undefined : stream.sqls.get(sqlId);
  if (stored === undefined) throw new StreamError(`SQL text ${sqlId} is not stored`, "SQL_NOT_FOUND");
  return stored;
}

function writeCounters(db: Connection) {
  const [total, changes, lastInsertRowid] = db
    .prepare("select total_changes(), changes(), last_insert_rowid()")
    .safeIntegers(true)
    .raw(true)
    .get([]) as [bigint, bigint, bigint];
  return { total, changes, lastInsertRowid };
}

function execute(db: Connection, stream: Stream, stmt: HranaStmt): StmtResult {
  const started = performance.now();
  const sql = stmtSql(stream, stmt.sql, stmt.sql_id);
  if (stmt.args?.length && stmt.named_args?.length) {
    throw new StreamError("positional and named arguments together", "ARGS_INVALID");
  }
  // As @libsql/client's own engine driver: names lose their prefix (`:`, `@`, `$`).
  const args = stmt.named_args?.length
    ? Object.fromEntries(stmt.named_args.map(({ name, value }) => [name.replace(/^[:@$]/, ""), toSql(value)]))
    : (stmt.args ?? []).map(toSql);
  const prepared = db.prepare(sql);
  prepared.safeIntegers(true);
  let returnsRows = true;
  try {
    prepared.raw(true); // throws when the statement returns no data
  } catch {
    returnsRows = false;
  }
  const result: StmtResult = {
    cols: [],
    rows: [],
    affected_row_count: 0,
    last_insert_rowid: null,
    rows_read: 0,
    rows_written: 0,
    query_duration_ms: 0,
  };
  const before = writeCounters(db);
  if (returnsRows) {
    const rows = prepared.all(args) as unknown[][];
    result.cols = prepared.columns().map((col) => ({ name: col.name, decltype: col.type }));
    if (stmt.want_rows !== false) result.rows = rows.map((row) => row.map(fromSql));
    result.rows_read = rows.length;
  } else {
    prepared.run(args);
  }
  // Read back as 64-bit integers (the engine's run() narrows rowids to numbers); a statement
  // that wrote nothing (a SELECT) reports no changes, `INSERT … RETURNING` reports its rows.
  const after = writeCounters(db);
  if (after.total !== before.total) {
    result.affected_row_count = Number(after.changes);
    result.last_insert_rowid = after.lastInsertRowid.toString();
  }
  result.rows_written = result.affected_row_count;
  result.query_duration_ms = performance.now() - started;
  return result;
}

function evalCond(
  db: Connection,
  cond: HranaCond,
  results: (StmtResult | null)[],
  errors: (HranaError | null)[],
): boolean {
  switch (cond.type) {
    case "ok":
      return results[cond.step] != null;
    case "error":
      return errors[cond.step] != null;
    case "not":
      return !evalCond(db, cond.cond, results, errors);
    case "and":
      return cond.conds.every((c) => evalCond(db, c, results, errors));
    case "or":
      return cond.conds.some((c) => evalCond(db, c, results, errors));
    case "is_autocommit":
      return !db.inTransaction;
    default:
      throw new StreamError(`unknown batch condition ${JSON.stringify(cond)}`, "HRANA_PROTO_ERROR");
  }
}

function runBatch(
  db: Connection,
  stream: Stream,
  steps: { condition?: HranaCond | null; stmt: HranaStmt }[],
) {
  const stepResults: (StmtResult | null)[] = [];
  const stepErrors: (HranaError | null)[] = [];
  for (const step of steps) {
    if (step.condition && !evalCond(db, step.condition, stepResults, stepErrors)) {
      stepResults.push(null);
      stepErrors.push(null);
      continue;
    }
    try {
      stepResults.push(execute(db, stream, step.stmt));
      stepErrors.push(null);
    } catch (error) {
      stepResults.push(null);
      stepErrors.push(errorOf(error));
    }
  }
  return { step_results: stepResults, step_errors: stepErrors };
}

function handleRequest(db: Connection, stream: Stream, request: StreamRequest): Record<string, unknown> {
  switch (request.type) {
    case "execute":
      return { type: "execute", result: execute(db, stream, request.stmt) };
    case "batch":
      return { type: "batch", result: runBatch(db, stream, request.batch.steps) };
    case "sequence":
      db.exec(stmtSql(stream, request.sql, request.sql_id));
      return { type: "sequence" };
    case "store_sql":
      stream.sqls.set(request.sql_id, request.sql);
      return { type: "store_sql" };
    case "close_sql":
      stream.sqls.delete(request.sql_id);
      return { type: "close_sql" };
    case "get_autocommit":
      return { type: "get_autocommit", is_autocommit: !db.inTransaction };
    case "close":
      return { type: "close" };
    default:
      throw new StreamError(
        `request ${request.type} is not implemented by the test server`,
        "NOT_IMPLEMENTED",
      );
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, {
    "content-type": typeof body === "string" ? "text/plain" : "application/json",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

export async function startHranaServer(options: HranaServerOptions = {}): Promise<HranaServer> {
  const db = new Database(options.path ?? ":memory:");
  db.exec("PRAGMA foreign_keys = ON");
  if (options.migrationsFolder) applyMigrations(db, options.migrationsFolder);

  const streams = new Map<string, Stream>(); // by baton
  let transactionOwner: Stream | null = null;
  let pipelineRequests = 0;

  function pipeline(body: { baton?: string | null; requests: StreamRequest[] }) {
    let stream: Stream;
    if (body.baton) {
      const found = streams.get(body.baton);
      if (!found) return { status: 400, body: "unknown or expired baton" };
      streams.delete(body.baton);
      stream = found;
    } else {
      stream = { id: randomUUID(), sqls: new Map() };
    }
    let closed = false;
    const results = body.requests.map((request) => {
      if (request.type === "close") closed = true;
      try {
        if (transactionOwner && transactionOwner !== stream && request.type !== "close") {
          throw new StreamError("database is locked by another stream's transaction", "SQLITE_BUSY");
        }
        return { type: "ok", response: handleRequest(db, stream, request) };
      } catch (error) {
        return { type: "error", error: errorOf(error) };
      }
    });
    if (db.inTransaction && transactionOwner === null) transactionOwner = stream;
    if (closed && transactionOwner === stream) {
      if (db.inTransaction) db.exec("ROLLBACK");
      transactionOwner = null;
    } else if (!db.inTransaction && transactionOwner === stream) {
      transactionOwner = null;
    }
    let baton: string | null = null;
    if (!closed) {
      baton = randomUUID();
      streams.set(baton, stream);
    }
    return { status: 200, body: { baton, base_url: null, results } };
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
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    db,
    get pipelineRequests() {
      return pipelineRequests;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      db.close();
    },
  };
}
