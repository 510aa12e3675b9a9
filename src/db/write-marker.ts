import type { Client, InStatement, ResultSet, TransactionMode } from "@libsql/client";
import type { Database } from "./client";
import { type BatchStatement, databaseOver, isRead } from "./statements";

/** A write attempted where none may run: the request's write already committed once. */
class WriteAlreadyCommitted extends Error {
  override readonly name = "WriteAlreadyCommitted";
}

/** Whether `error` is, or was caused by (Drizzle wraps what the client throws), that refusal. */
export function isWriteAlreadyCommitted(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof WriteAlreadyCommitted) return true;
  }
  return false;
}

export interface MarkedDatabase {
  /** The request's database: the same tables, through the client below. */
  db: Database;
  /** Whether one of its writes has committed (with the marker). */
  readonly committed: boolean;
}

/**
 * One request's database whose every write carries `marker` in its own transaction: a batch with
 * a write gets the marker appended (its result is taken off again, so callers see their own
 * statements' results only), a lone write runs as a batch of itself and the marker. So the marker
 * is set exactly when a write of the request commits, whatever happens to the process after.
 * With `refuseWrites`, any write throws WriteAlreadyCommitted instead, and nothing is written.
 */
export function markWrites(
  client: Client,
  marker: InStatement,
  options: { refuseWrites: boolean },
): MarkedDatabase {
  let committed = false;
  const guard = () => {
    if (options.refuseWrites) throw new WriteAlreadyCommitted("this request's write has already committed");
  };
  const batch = async (stmts: BatchStatement[], mode?: TransactionMode): Promise<ResultSet[]> => {
    if (stmts.every(isRead)) return client.batch(stmts, mode);
    guard();
    const results = await client.batch([...stmts, marker], mode ?? "write");
    committed = true;
    return results.slice(0, -1);
  };
  const execute = async (stmt: InStatement): Promise<ResultSet> =>
    isRead(stmt) ? client.execute(stmt) : (await batch([stmt], "write"))[0]!;
  return {
    db: databaseOver(client, batch, execute),
    get committed() {
      return committed;
    },
  };
}
