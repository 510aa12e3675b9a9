import type { Client, InArgs, InStatement, ResultSet } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import type { Database } from "./client";
import type * as schema from "./schema";

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

/**
 * The database over `client` with its `batch` and `execute` replaced (`execute` is given one form
 * of statement); the rest is called on the client itself. Built without the relational schema:
 * only `db.query` needs it, nothing uses that, and building it costs ten times the rest.
 */
export function databaseOver(
  client: Client,
  batch: Client["batch"],
  execute: (stmt: InStatement) => Promise<ResultSet>,
): Database {
  const own = {
    batch,
    execute: (stmtOrSql: InStatement | string, args?: InArgs) => execute(statementOf(stmtOrSql, args)),
  };
  const proxy = new Proxy(client, {
    get(target, prop) {
      if (prop === "batch" || prop === "execute") return own[prop];
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return drizzle<typeof schema>(proxy) as Database;
}
