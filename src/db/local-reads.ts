/**
 * A second connection to a local database file, for the reads on every request's hot path (a
 * ranking's scope: round trip 1 of every poll and the whole of a 304). `@libsql/client`
 * compiles each statement again on every `execute` (it calls `prepare` each time) and builds
 * a result set of defined properties; here drizzle prepares each query once, on the `libsql`
 * package's synchronous API (the same native driver the client wraps, better-sqlite3's API),
 * and keeps SQLite's compiled statement. A PK read goes from ~120–200 µs to a few µs.
 *
 * Still correct under other writers: a statement is reset after each `get`/`all` (libsql does
 * it), so no read transaction outlives a call; each read starts a new one and sees every
 * write committed before it, by this process's client or by another process (the CLI). The
 * connection is `query_only`: a write through it is an error, never a second writer.
 *
 * `commitStamp()` reads SQLite's file change counter from the file's header (one `pread` of
 * 28 bytes, no lock, no statement): in rollback-journal mode SQLite increments it on every
 * commit, whoever commits, and uses it itself to tell whether its page cache is stale. So
 * "the stamp is the one I saw around my query" means "nothing was committed since": what a
 * query gave may be given again (standings/scope.ts does, for the 304 path; db/commit-memo.ts
 * keeps an answer only if the stamp was the same before and after its query, so a commit
 * racing it only makes the next read query again). In WAL mode the counter does not move on
 * every commit: the header says so (format versions 2) and the stamp is then undefined, as for
 * anything not a plain SQLite file (an encrypted header): callers query every time.
 *
 * Node and local files only (node.ts chooses): `:memory:` is a different database on every
 * connection, an embedded replica's reads go through its own client (replica.ts), and
 * Workers or remote URLs have no file. Callers then use the main database instead.
 */
import { closeSync, openSync, readSync } from "node:fs";
import { createTableRelationsHelpers, extractTablesRelationalConfig } from "drizzle-orm";
import { BetterSQLiteSession } from "drizzle-orm/better-sqlite3/session";
import { BaseSQLiteDatabase, SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import Libsql from "libsql";
import type { ReadConnection } from "./client";
import * as schema from "./schema";

/** Synchronous drizzle over one connection: select() and prepare() as on the main database. */
export type LocalReadDatabase = BaseSQLiteDatabase<"sync", unknown, typeof schema>;

export interface LocalReads extends ReadConnection {
  db: LocalReadDatabase;
  close(): void;
}

const MAGIC = Buffer.from("SQLite format 3\0", "latin1");
/** Distinct SQL texts kept prepared by selectBatch (a handful are in use). */
const MAX_BATCH_STATEMENTS = 64;
const HEADER_BYTES = 28;
/** Offsets in the database header (sqlite.org/fileformat.html §1.3). */
const WRITE_VERSION = 18;
const READ_VERSION = 19;
const CHANGE_COUNTER = 24;

/** The file change counter of a rollback-journal database file, else undefined. */
function readCommitStamp(fd: number, header: Buffer): number | undefined {
  if (readSync(fd, header, 0, HEADER_BYTES, 0) < HEADER_BYTES) return undefined;
  if (header.compare(MAGIC, 0, MAGIC.length, 0, MAGIC.length) !== 0) return undefined;
  // 1: rollback journal ("legacy"); 2: WAL, where the counter may not move on each commit.
  if (header[WRITE_VERSION] !== 1 || header[READ_VERSION] !== 1) return undefined;
  return header.readUInt32BE(CHANGE_COUNTER);
}

/** The file path of a plain `file:` URL, or null when local reads do not apply to it. */
export function localReadPath(url: string, options: { replica?: boolean } = {}): string | null {
  if (options.replica || !url.startsWith("file:")) return null;
  const path = url.slice("file:".length);
  // URL options (`?mode=…`) would need the client's own parsing: leave those to the client.
  if (path === "" || path === ":memory:" || /[?#]/.test(path)) return null;
  return path;
}

/**
 * Opens the reader on `path` (the same file as the main client). `busyTimeoutMs`: how long a
 * read waits while another process commits (SQLite's busy timeout), as the main client does.
 */
export function openLocalReads(path: string, busyTimeoutMs: number): LocalReads {
  const connection = new Libsql(path, { timeout: busyTimeoutMs });
  connection.exec("PRAGMA query_only = ON");
  // What drizzle-orm/better-sqlite3's driver does, without importing better-sqlite3 itself
  // (its driver module does, for a constructor taking a file name): the session only needs
  // prepare/run/get/all/raw, which libsql's Database provides.
  const dialect = new SQLiteSyncDialect();
  const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
  const relational = { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };
  const session = new BetterSQLiteSession(connection as never, dialect, relational);
  const db = new BaseSQLiteDatabase("sync", dialect, session as never, relational) as LocalReadDatabase;
  const fd = openSync(path, "r");
  const header = Buffer.alloc(HEADER_BYTES);
  // The rankings' batch is the same few SQL texts on every read: SQLite compiles each once.
  const statements = new Map<string, ReturnType<typeof connection.prepare>>();
  const prepared = (text: string) => {
    let statement = statements.get(text);
    if (!statement) {
      if (statements.size >= MAX_BATCH_STATEMENTS) statements.clear();
      statement = connection.prepare(text);
      statements.set(text, statement);
    }
    return statement;
  };
  return {
    db,
    commitStamp: () => readCommitStamp(fd, header),
    selectBatch: (batch) => {
      // One read transaction: every statement sees the same snapshot, as in a client batch.
      connection.exec("BEGIN");
      try {
        return batch.map((s) => prepared(s.sql).all(s.args as never) as Record<string, unknown>[]);
      } finally {
        connection.exec("COMMIT");
      }
    },
    close: () => {
      closeSync(fd);
      connection.close();
    },
  };
}
