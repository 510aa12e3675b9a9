import { existsSync, mkdirSync } from "node:fs";
import { statfs } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Client, createClient } from "@libsql/client";
import { migrate } from "drizzle-orm/libsql/migrator";
import { createDatabase, type Database } from "./client";
import { replicaClient } from "./replica";
import { startReplicaPuller } from "./replica-puller";

export const DEFAULT_DATABASE_URL = "file:./data/catan.db";
/**
 * The project's folder: the nearest one above this module that holds package.json. This module
 * runs from src/db/ under tsx and from dist/ once built, so a fixed relative path would fit only
 * one of them.
 */
function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(resolve(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
}

export const MIGRATIONS_FOLDER = resolve(projectRoot(), "migrations");

/** The folder of an embedded database's file (`file:…`); null for `:memory:` and remote databases. */
export function localDatabaseFolder(url: string): string | null {
  const filePath = url.startsWith("file:") ? url.slice("file:".length) : "";
  return filePath === "" || filePath === ":memory:" ? null : dirname(resolve(filePath));
}

/** Seconds between an embedded replica's background pulls when DATABASE_SYNC_INTERVAL is unset. */
const DEFAULT_SYNC_INTERVAL_SECONDS = 5;
/**
 * How long a write to a local file waits for another process's write lock (SQLite's busy
 * timeout) before SQLITE_BUSY: `npm start` and `npm run demo` or the CLI share the file. The
 * wait blocks this process's event loop, so it only helps against other processes; within one
 * process every write is one batch run without yielding, so no lock is held across an await.
 */
const LOCAL_BUSY_TIMEOUT_MS = 5000;

export interface NodeDatabase {
  client: Client;
  db: Database;
}

/**
 * An embedded replica (DATABASE_SYNC_URL): `url` is the local `file:` copy, `syncUrl` the
 * primary (Turso), reached with the same auth token.
 */
interface ReplicaOptions {
  syncUrl: string;
  /** Background pull period in seconds: how stale another writer's change may be here. */
  syncIntervalSeconds?: number;
}

/**
 * Opens the database for Node: an embedded file (folder created if missing), `:memory:`, a
 * remote libSQL URL, or with `replica` an embedded replica of a remote primary.
 *
 * Read-your-writes on a replica (src/db/replica.ts): reads run on the local file; every write
 * goes to the primary and is followed by a pull of the primary before the call returns. So a
 * request that wrote, and every request after it on this process, reads its own write: a
 * referee's result is in the standings the moment the PUT answers. Writes by others (another
 * instance, the Worker) arrive with the next background pull, at most `syncIntervalSeconds`
 * later, or with this process's next write.
 */
export function openNodeDatabase(url: string, authToken?: string, replica?: ReplicaOptions): NodeDatabase {
  const folder = localDatabaseFolder(url);
  if (replica && !folder) {
    throw new Error("An embedded replica (DATABASE_SYNC_URL) needs DATABASE_URL=file:… for its local copy.");
  }
  if (folder) mkdirSync(folder, { recursive: true });
  const token = authToken ? { authToken } : {};
  const client = replica
    ? replicaClient({
        replica: startReplicaPuller({
          url,
          ...token,
          syncUrl: replica.syncUrl,
          syncInterval: replica.syncIntervalSeconds ?? DEFAULT_SYNC_INTERVAL_SECONDS,
        }),
        localUrl: url,
        primary: createClient({ url: replica.syncUrl, ...token }),
      })
    : createClient({
        url,
        ...token,
        ...(folder ? { timeout: LOCAL_BUSY_TIMEOUT_MS } : {}),
      });
  return { client, db: createDatabase(client) };
}

/** Applies the committed drizzle-kit migrations (the migrator reads files, so Node only). */
export async function migrateDatabase(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}

/**
 * The free space of the file system holding a local database file (`file:…`), as an
 * unprivileged process may use it; a function answering undefined for any other URL.
 */
export function freeDiskBytes(url: string): () => Promise<number | undefined> {
  const folder = localDatabaseFolder(url);
  if (!folder) return async () => undefined;
  return async () => {
    const stats = await statfs(folder);
    return Number(stats.bavail) * Number(stats.bsize);
  };
}
