import { type Client, createClient, type InStatement } from "@libsql/client";

/** A plain read: what Drizzle's `select()` builds. Anything else may write. */
function isPlainRead(stmt: InStatement): boolean {
  const sql = typeof stmt === "string" ? stmt : stmt.sql;
  return /^\s*select\b/i.test(sql);
}

/**
 * On an embedded replica the client routes each statement by its transaction state, which it
 * reads with libsql's own SQL parser: inside `BEGIN DEFERRED` (Drizzle's `db.batch`) every
 * statement goes to the primary, reads included, each its own round trips. Its read mode does
 * not help: `BEGIN TRANSACTION READONLY` parses there as a transaction named READONLY.
 *
 * So a batch made only of reads runs on a second, plain connection to the replica's file: one
 * local transaction, one snapshot of what the replica has pulled (the pulls write through
 * SQLite's WAL, which every connection to the file sees). Any batch that may write goes to
 * the replica's client as before, and so to the primary as one transaction. `url` is the
 * replica's `file:` URL; the plain connection is opened on first use, after the first sync.
 */
export function withLocalReadBatches(replica: Client, url: string): Client {
  let reader: Client | null = null;
  return new Proxy(replica, {
    get(target, prop, receiver) {
      if (prop === "batch") {
        return (stmts: InStatement[], mode?: Parameters<Client["batch"]>[1]) => {
          if (stmts.length === 0 || !stmts.every(isPlainRead)) return target.batch(stmts, mode);
          reader ??= createClient({ url });
          return reader.batch(stmts, "deferred");
        };
      }
      if (prop === "close") {
        return () => {
          reader?.close();
          target.close();
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
