import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Client, createClient } from "@libsql/client";
import { migrate } from "drizzle-orm/libsql/migrator";
import { createDatabase, type Database } from "./client";

export const DEFAULT_DATABASE_URL = "file:./data/catan.db";
export const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), "../../migrations");

export interface NodeDatabase {
  client: Client;
  db: Database;
}

/** Opens the database for Node: an embedded file (folder created if missing), `:memory:` or a remote libSQL URL. */
export function openNodeDatabase(url = DEFAULT_DATABASE_URL, authToken?: string): NodeDatabase {
  const filePath = url.startsWith("file:") ? url.slice("file:".length) : null;
  if (filePath && filePath !== ":memory:") mkdirSync(dirname(resolve(filePath)), { recursive: true });
  const client = createClient(authToken ? { url, authToken } : { url });
  return { client, db: createDatabase(client) };
}

/** Applies the committed drizzle-kit migrations (the migrator reads files, so Node only). */
export async function migrateDatabase(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}
