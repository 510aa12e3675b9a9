import {
  type Client,
  createClient,
  type InArgs,
  type InStatement,
  type Transaction,
  type TransactionMode,
} from "@libsql/client";
import type { ReplicaPuller } from "./replica-puller";
import { type BatchStatement, isRead, statementOf } from "./statements";

interface ReplicaConnections {
  /** The embedded replica (`file:` URL with `syncUrl`), on its own thread: it only pulls. */
  replica: ReplicaPuller;
  /** The replica's file URL, opened again as a plain local connection for the reads. */
  localUrl: string;
  /** The primary over HTTP (Hrana), for the writes. */
  primary: Client;
}

/**
 * One client over an embedded replica: reads from the local file, writes to the primary, and a
 * pull of the primary after every write before the call returns (read-your-writes).
 *
 * Why not the replica client alone: it sends each statement of a write to the primary on its
 * own, with a `describe` before it and a pull after it (a result correction: 30 requests and 16
 * pulls instead of 4 requests, bench/replica.bench.ts), and it runs them synchronously, so the
 * whole Node process stands still until the primary has answered them all. Inside a batch's
 * `BEGIN` it also sends the reads there (its read mode `BEGIN TRANSACTION READONLY` parses, in
 * its own SQL parser, as a transaction named READONLY).
 *
 * So: a `select` (or a batch of only `select`s, one local transaction) runs on a plain
 * connection to the replica's file, which sees every frame a pull writes (SQLite's WAL); every
 * other call goes to the primary as the HTTP client sends it (one batch, one round trip, not
 * blocking), then `replica.sync()` pulls what it wrote (two requests: its frames, then the end)
 * on the replica's own thread, since that client's pull also blocks the thread it runs on.
 */
export function replicaClient({ replica, localUrl, primary }: ReplicaConnections): Client {
  let reader: Client | null = null;
  // Opened on first use: the replica's file exists once its first sync has bootstrapped it.
  const local = () => {
    reader ??= createClient({ url: localUrl });
    return reader;
  };
  const pulled = async <T>(result: T): Promise<T> => {
    await replica.sync();
    return result;
  };
  const client = {
    execute(stmtOrSql: InStatement | string, args?: InArgs) {
      const stmt = statementOf(stmtOrSql, args);
      return isRead(stmt) ? local().execute(stmt) : primary.execute(stmt).then(pulled);
    },
    batch(stmts: BatchStatement[], mode?: TransactionMode) {
      if (stmts.length > 0 && stmts.every(isRead)) return local().batch(stmts, "deferred");
      return primary.batch(stmts, mode).then(pulled);
    },
    migrate(stmts: InStatement[]) {
      return primary.migrate(stmts).then(pulled);
    },
    executeMultiple(sql: string) {
      return primary.executeMultiple(sql).then(pulled);
    },
    async transaction(mode?: TransactionMode): Promise<Transaction> {
      const tx = await primary.transaction(mode);
      const commit = tx.commit.bind(tx);
      tx.commit = () => commit().then(pulled);
      return tx;
    },
    sync: () => replica.sync(),
    close() {
      reader?.close();
      replica.close();
      primary.close();
    },
    reconnect() {
      reader?.close();
      reader = null;
      primary.reconnect();
    },
    get closed() {
      return primary.closed;
    },
    protocol: primary.protocol,
  };
  return client as Client;
}
