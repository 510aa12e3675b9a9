import type { Client } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

/** The typed Drizzle database, with the libSQL client under it for hot reads written as SQL. */
export type Database = LibSQLDatabase<typeof schema> & { $client: Client };

/** Wraps a libSQL client (Node, web or embedded) in the typed Drizzle database the services use. */
export function createDatabase(client: Client): Database {
  return drizzle(client, { schema });
}

/**
 * What read-only queries may run on: the main database, or (Node, local file) the kept
 * statements of db/local-reads.ts. Both answer `select(…).prepare().get()`, the local one
 * synchronously, so callers `await` the result either way.
 */
export type ReadDatabase = BaseSQLiteDatabase<"sync" | "async", unknown, typeof schema>;

/** A connection for read-only queries outside any transaction (db/local-reads.ts on Node). */
export interface ReadConnection {
  db: ReadDatabase;
  /**
   * A number that stays the same exactly as long as nothing is committed to the database, by
   * anyone (SQLite's file change counter); undefined when it cannot be known.
   */
  commitStamp(): number | undefined;
  /**
   * Read-only statements run in ONE read transaction (one snapshot, as a client batch is), on
   * statements prepared once: each statement's rows, as objects keyed by column name.
   */
  selectBatch(statements: readonly { sql: string; args: readonly unknown[] }[]): Record<string, unknown>[][];
}
