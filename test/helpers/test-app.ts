import { type Client, createClient } from "@libsql/client";
import { createDatabase, type Database } from "../../src/db/client";
import { migrateDatabase } from "../../src/db/node";
import { createApp } from "../../src/http/app";
import type { Logger } from "../../src/http/context";
import type { AppDeps, AppPorts, HttpPort } from "../../src/http/ports";
import { type AuthConfig, createAuthConfig } from "../../src/services/auth";

/** The signing key of test tokens (tests that forge tokens sign with it, or deliberately not). */
export const TEST_JWT_SECRET = "test-only-jwt-secret-0123456789abcdef";

export interface TestLogger extends Logger {
  lines: { level: string; message: string; fields?: Record<string, unknown> }[];
}

export function createTestLogger(): TestLogger {
  const lines: TestLogger["lines"] = [];
  return {
    lines,
    info: (message, fields) => lines.push({ level: "info", message, fields }),
    error: (message, fields) => lines.push({ level: "error", message, fields }),
  };
}

/** A fresh migrated in-memory database: each test file (or test) gets its own. */
export async function createTestDatabase(): Promise<Database> {
  const db = createDatabase(createClient({ url: ":memory:" }));
  await migrateDatabase(db);
  return db;
}

/**
 * A fresh migrated database that counts its round trips (`execute` and `batch` calls on the
 * libSQL client): how tests check that work does not grow with the number of rows (N+1).
 * `statements()` lists the SQL of every statement sent so far (a batch's one by one).
 */
export async function createCountingTestDatabase(): Promise<{
  db: Database;
  calls: () => number;
  statements: () => string[];
}> {
  let calls = 0;
  const sent: string[] = [];
  const sqlOf = (stmt: unknown) => (typeof stmt === "string" ? stmt : String((stmt as { sql: string }).sql));
  const raw = createClient({ url: ":memory:" });
  const counting = new Proxy(raw, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (prop === "execute" || prop === "batch") calls++;
        if (prop === "execute") sent.push(sqlOf(args[0]));
        if (prop === "batch") sent.push(...(args[0] as unknown[]).map(sqlOf));
        return value.apply(target, args);
      };
    },
  }) as Client;
  const db = createDatabase(counting);
  await migrateDatabase(db);
  return { db, calls: () => calls, statements: () => [...sent] };
}

/**
 * What a test changes of the app's ports: in each group only the fields it names (the rest keep
 * the helper's or the app's defaults), or another auth port as a whole.
 */
export type TestDeps = { [K in Exclude<keyof AppPorts, "auth">]?: Partial<AppPorts[K]> } & {
  auth?: AuthConfig;
};

/**
 * The ports of a test app: the given database, a test logger, test token signing, and whatever
 * the test changes, group by group.
 */
export function testPorts(db: Database, logger: Logger, overrides: TestDeps, http: HttpPort = {}): AppDeps {
  return {
    ...overrides,
    storage: { ...overrides.storage, db },
    auth: overrides.auth ?? createAuthConfig({ secret: TEST_JWT_SECRET }),
    http: { ...http, ...overrides.http },
    logging: { logger, ...overrides.logging },
  };
}

/** An app over a fresh database (or `storage.db`) with the defaults, and what the test changes. */
export async function createTestApp(overrides: TestDeps = {}) {
  const db = overrides.storage?.db ?? (await createTestDatabase());
  const logger = createTestLogger();
  const app = createApp(testPorts(db, logger, overrides, { docsScript: async () => "/* scalar */" }));
  return { app, db, logger };
}
