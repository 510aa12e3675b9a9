import type { InArgs, InStatement } from "@libsql/client";

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
