/**
 * The stream requests of Hrana over HTTP as the development and test harness answers them (see hrana-server.ts):
 * values, statements, batches with their conditions, on one `libsql` connection.
 */
import type Database from "libsql";

export type Connection = InstanceType<typeof Database>;

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

export type StreamRequest =
  | { type: "close" }
  | { type: "execute"; stmt: HranaStmt }
  | { type: "batch"; batch: { steps: { condition?: HranaCond | null; stmt: HranaStmt }[] } }
  | { type: "sequence"; sql?: string; sql_id?: number }
  | { type: "store_sql"; sql_id: number; sql: string }
  | { type: "close_sql"; sql_id: number }
  | { type: "get_autocommit" }
  | { type: "describe"; sql?: string; sql_id?: number };

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

export interface Stream {
  id: string;
  sqls: Map<number, string>;
}

/** A failure answered as a Hrana error (the stream goes on), not as an HTTP error. */
export class StreamError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
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

export function errorOf(error: unknown): HranaError {
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

/**
 * What a statement is, without running it: the embedded replica's remote half asks before each
 * statement it sends (libsql `hrana::Statement::new`), for the column names. The engine does not
 * expose parameter names, which that client does not read.
 */
function describe(db: Connection, stream: Stream, sql: string | undefined, sqlId: number | undefined) {
  const text = stmtSql(stream, sql, sqlId);
  const prepared = db.prepare(text);
  const reader = prepared.reader as boolean;
  const cols = reader ? prepared.columns().map((col) => ({ name: col.name, decltype: col.type })) : [];
  return {
    params: [],
    cols,
    is_explain: /^\s*explain\b/i.test(text),
    is_readonly: reader && /^\s*(select|with|values)\b/i.test(text) && !/\breturning\b/i.test(text),
  };
}

/**
 * A batch as a Hrana 3 cursor (`POST /v3/cursor`): the entries, one JSON object a line after the
 * response head, that the caller writes out. Used by the embedded replica for statements that
 * return rows (`INSERT … RETURNING` included).
 */
export function cursorEntries(
  db: Connection,
  stream: Stream,
  steps: { condition?: HranaCond | null; stmt: HranaStmt }[],
): Record<string, unknown>[] {
  const entries: Record<string, unknown>[] = [];
  const stepResults: (StmtResult | null)[] = [];
  const stepErrors: (HranaError | null)[] = [];
  for (const [step, { condition, stmt }] of steps.entries()) {
    if (condition && !evalCond(db, condition, stepResults, stepErrors)) {
      stepResults.push(null);
      stepErrors.push(null);
      continue;
    }
    try {
      const result = execute(db, stream, stmt);
      stepResults.push(result);
      stepErrors.push(null);
      entries.push({ type: "step_begin", step, cols: result.cols });
      for (const row of result.rows) entries.push({ type: "row", row });
      entries.push({
        type: "step_end",
        affected_row_count: result.affected_row_count,
        last_insert_rowid: result.last_insert_rowid === null ? null : Number(result.last_insert_rowid),
      });
    } catch (error) {
      stepResults.push(null);
      stepErrors.push(errorOf(error));
      entries.push({ type: "step_error", step, error: errorOf(error) });
    }
  }
  return entries;
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

export function handleRequest(
  db: Connection,
  stream: Stream,
  request: StreamRequest,
): Record<string, unknown> {
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
    case "describe":
      return { type: "describe", result: describe(db, stream, request.sql, request.sql_id) };
    case "close":
      return { type: "close" };
    default:
      throw new StreamError(
        `request ${(request as { type: string }).type} is not implemented by the test server`,
        "NOT_IMPLEMENTED",
      );
  }
}
