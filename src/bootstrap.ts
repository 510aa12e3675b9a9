import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { localDatabaseFolder } from "./db/node";
import {
  type AuthConfig,
  createAuthConfig,
  hasAnyClient,
  insertApiClient,
  type NewClientCredentials,
} from "./services/auth";
import { newSecret } from "./services/secrets";

/** Node-only start-up helpers: where the local signing key lives, and the first admin client. */

/** An embedded database (a file or :memory:): the single-machine default, where secrets may be generated. */
function isLocalDatabase(databaseUrl: string): boolean {
  return databaseUrl.startsWith("file:") || databaseUrl === ":memory:";
}

/** `data/jwt-secret` next to an embedded database file; null for :memory: and remote databases. */
export function localSecretPath(databaseUrl: string): string | null {
  const folder = localDatabaseFolder(databaseUrl);
  return folder && join(folder, "jwt-secret");
}

/**
 * Reads or creates the local signing key: 32 random bytes, base64url, written once with mode
 * 0600. `wx` makes two processes starting together agree on one key.
 */
function loadOrCreateLocalSecret(path: string): string {
  mkdirSync(dirname(path), { recursive: true });
  try {
    writeFileSync(path, `${newSecret()}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  return readFileSync(path, "utf8").trim();
}

/**
 * JWT_SECRET when set. Otherwise, with an embedded database only: the key kept in the data
 * folder (or a per-process key for :memory:). A remote database without JWT_SECRET is an error:
 * instances sharing a database must share the key.
 */
export function loadNodeAuthConfig(
  env: Partial<Pick<Config, "JWT_SECRET" | "JWKS_URL" | "JWT_ISSUER" | "JWT_AUDIENCE">>,
  databaseUrl: string,
): AuthConfig {
  if (!env.JWT_SECRET && !isLocalDatabase(databaseUrl)) {
    throw new Error("JWT_SECRET is required with a remote DATABASE_URL (at least 32 characters).");
  }
  const path = localSecretPath(databaseUrl);
  const secret =
    env.JWT_SECRET || (path ? loadOrCreateLocalSecret(path) : crypto.getRandomValues(new Uint8Array(32)));
  return createAuthConfig({ ...env, secret });
}

/**
 * First start of an empty embedded database: creates a platform admin client, so there is a
 * way in without the CLI. Returns its credentials (to print once), or null when clients exist.
 */
export async function bootstrapLocalAdmin(
  db: Database,
  databaseUrl: string,
): Promise<NewClientCredentials | null> {
  if (!isLocalDatabase(databaseUrl) || (await hasAnyClient(db))) return null;
  return insertApiClient(db, { orgId: null, name: "local admin (first start)", role: "admin" }, new Date());
}

/** The message printed once on first start: the credentials and a curl that gets a token. */
export function firstStartBanner(admin: NewClientCredentials, publicUrl: string): string {
  return [
    "",
    "First start with an empty database: created a platform admin client. The secret is shown only now.",
    `  client id:     ${admin.clientId}`,
    `  client secret: ${admin.clientSecret}`,
    "Get a token:",
    `  curl -s ${publicUrl}/v1/auth/token -u '${admin.clientId}:${admin.clientSecret}' -d grant_type=client_credentials`,
    "",
  ].join("\n");
}
