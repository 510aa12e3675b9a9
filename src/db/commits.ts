import type { ResultSet } from "@libsql/client";
import type { Database } from "./client";
import { databaseOver, isRead } from "./statements";

/**
 * The same database, whose committed writes are reported to `onCommit` with what their
 * statements returned, once committed (a failed write reports nothing). What a write announces is
 * then read from what it committed (the rows its statements returned), never noted while the
 * statements were being built.
 */
export function watchCommits(db: Database, onCommit: (results: readonly ResultSet[]) => void): Database {
  const client = db.$client;
  return databaseOver(
    client,
    async (stmts, mode) => {
      const results = await client.batch(stmts, mode);
      if (!stmts.every(isRead)) onCommit(results);
      return results;
    },
    async (stmt) => {
      const result = await client.execute(stmt);
      if (!isRead(stmt)) onCommit([result]);
      return result;
    },
  );
}
