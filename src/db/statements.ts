import type { Client, InArgs, InStatement } from "@libsql/client";

/** A statement as the libSQL client's `execute` and `batch` take it. */
export type BatchStatement = InStatement | [string, InArgs?];

/** The SQL text of a statement. */
function sqlOf(stmt: BatchStatement): string {
  return typeof stmt === "string" ? stmt : Array.isArray(stmt) ? stmt[0] : stmt.sql;
}

/**
 * A read: a `select` (what Drizzle's `select()` builds), or a `with` query in which no word is
 * a writing statement's keyword. A read taken for a write only costs round trips; a write is
 * never taken for a read.
 */
export function isRead(stmt: BatchStatement): boolean {
  const sql = sqlOf(stmt);
  if (/^\s*select\b/i.test(sql)) return true;
  return /^\s*with\b/i.test(sql) && !/\b(insert|update|delete|replace)\b/i.test(sql);
}

/** `execute`'s two forms of a statement, as one. */
export function statementOf(stmtOrSql: InStatement | string, args?: InArgs): InStatement {
  return typeof stmtOrSql === "string" ? { sql: stmtOrSql, args: args ?? [] } : stmtOrSql;
}

/** The client with its `batch` and `execute` replaced; the rest is called on the client itself. */
export function withBatchAndExecute(client: Client, own: Pick<Client, "batch" | "execute">): Client {
  return new Proxy(client, {
    get(target, prop) {
      if (prop === "batch") return own.batch;
      if (prop === "execute") return own.execute;
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
