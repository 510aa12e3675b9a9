/**
 * The settings a Worker cannot run without, checked before the app is built, and the fix for each
 * one, worded for where the Worker runs: `.dev.vars` under `wrangler dev`, the deployment's
 * secrets or wrangler.toml once deployed.
 */
const MIN_JWT_SECRET_BYTES = 32;

/** A missing or unusable setting; `setting` names it, the message says what is wrong. */
export class MissingSetting extends Error {
  constructor(
    readonly setting: "JWT_SECRET" | "DATABASE_URL",
    problem: string,
  ) {
    super(`${setting} ${problem}`);
  }
}

interface SettingsEnv {
  DATABASE_URL?: string;
  JWT_SECRET?: string;
}

export function checkWorkerSettings(env: SettingsEnv): { databaseUrl: string; jwtSecret: string } {
  // wrangler.toml ships a placeholder (<org>): a deployment that kept it must say so, not fail on a URL.
  if (!env.DATABASE_URL || env.DATABASE_URL.includes("<")) {
    throw new MissingSetting(
      "DATABASE_URL",
      env.DATABASE_URL ? `is still the placeholder ${env.DATABASE_URL}` : "is not set",
    );
  }
  if (!env.JWT_SECRET) throw new MissingSetting("JWT_SECRET", "is not set");
  if (new TextEncoder().encode(env.JWT_SECRET).byteLength < MIN_JWT_SECRET_BYTES) {
    throw new MissingSetting("JWT_SECRET", `is shorter than ${MIN_JWT_SECRET_BYTES} bytes`);
  }
  return { databaseUrl: env.DATABASE_URL, jwtSecret: env.JWT_SECRET };
}

// `wrangler dev` serves on loopback; anything else is a deployment (workers.dev or a route).
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "0.0.0.0"]);

const RANDOM_KEY = "at least 32 random bytes, e.g. `openssl rand -base64 32`";

/** How to fix the setting where this request arrived. */
export function settingFix(setting: MissingSetting["setting"], url: URL): string {
  const local = LOCAL_HOSTS.has(url.hostname) || url.hostname.endsWith(".localhost");
  if (local) {
    const value = setting === "JWT_SECRET" ? `<${RANDOM_KEY}>` : "http://127.0.0.1:8080";
    return (
      `Running locally (wrangler dev): put ${setting}=${value} in .dev.vars next to wrangler.toml ` +
      "(npm run dev:worker writes one) and restart wrangler dev."
    );
  }
  return setting === "JWT_SECRET"
    ? `Deployed: run \`npx wrangler secret put JWT_SECRET\` (${RANDOM_KEY}); the next request uses it.`
    : "Deployed: set DATABASE_URL under [vars] in wrangler.toml to the database's URL " +
        "(`turso db show <db> --url`, libsql://<db>-<org>.turso.io) and run `npx wrangler deploy`.";
}
