import type { Client, InArgs, InStatement, ResultSet, TransactionMode } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import type { Database } from "./client";
import type * as schema from "./schema";
import { type BatchStatement, isRead, statementOf, withBatchAndExecute } from "./statements";

/** Told the results of every write that committed, once it has (a failed write tells nothing). */
type CommitListener = (results: readonly ResultSet[]) => void;

/**
 * The same database, whose committed writes are reported to `onCommit` with what their
 * statements returned. What a write announces is then read from what it committed (the rows its
 * statements returned), never noted while the statements were being built.
 *
 * Like the idempotency marker (write-marker.ts), the Drizzle instance is built without the
 * relational schema: nothing uses `db.query`, and building it costs ten times the rest.
 */
export function watchCommits(db: Database, onCommit: CommitListener): Database {
  const client: Client = db.$client;
  const batch = async (stmts: BatchStatement[], mode?: TransactionMode): Promise<ResultSet[]> => {
    const results = await client.batch(stmts, mode);
    if (!stmts.every(isRead)) onCommit(results);
    return results;
  };
  const execute = async (stmtOrSql: InStatement | string, args?: InArgs): Promise<ResultSet> => {
    const stmt = statementOf(stmtOrSql, args);
    const result = await client.execute(stmt);
    if (!isRead(stmt)) onCommit([result]);
    return result;
  };
  return drizzle<typeof schema>(withBatchAndExecute(client, { batch, execute })) as Database;
}
