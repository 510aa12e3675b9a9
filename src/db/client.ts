import type { Client } from "@libsql/client";
import type { BatchItem } from "drizzle-orm/batch";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import * as schema from "./schema";

/** The typed Drizzle database, with the libSQL client under it for hot reads written as SQL. */
export type Database = LibSQLDatabase<typeof schema> & { $client: Client };

/** What `db.batch` takes: one or more statements, committed atomically in one round trip. */
export type Batch = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

/** Wraps a libSQL client (Node, web or embedded) in the typed Drizzle database the services use. */
export function createDatabase(client: Client): Database {
  return drizzle(client, { schema });
}
