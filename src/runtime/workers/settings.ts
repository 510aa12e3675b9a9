/**
 * What a Worker cannot run without, checked once its configuration is read, and the fix for a
 * setting it lacks, worded for where it runs: `.dev.vars` under `wrangler dev`, the deployment's
 * secrets or wrangler.toml once deployed.
 */
import { type Config, ConfigError, problem, type SettingName } from "../../config";

/** DATABASE_URL and JWT_SECRET: isolates share nothing, so there is no generated fallback. */
export function requireWorkerSettings(config: Config): { databaseUrl: string; jwtSecret: string } {
  // wrangler.toml ships a placeholder (<org>): a deployment that kept it must say so, not fail on a URL.
  if (!config.DATABASE_URL || config.DATABASE_URL.includes("<")) {
    throw new ConfigError([
      problem(
        "DATABASE_URL",
        config.DATABASE_URL ? `is still the placeholder ${config.DATABASE_URL}` : "is not set",
      ),
    ]);
  }
  if (!config.JWT_SECRET) throw new ConfigError([problem("JWT_SECRET", "is not set")]);
  return { databaseUrl: config.DATABASE_URL, jwtSecret: config.JWT_SECRET };
}

// `wrangler dev` serves on loopback; anything else is a deployment (workers.dev or a route).
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "0.0.0.0"]);

const RANDOM_KEY = "at least 32 random bytes, e.g. `openssl rand -base64 32`";

const LOCAL_VALUES: Partial<Record<SettingName, string>> = {
  JWT_SECRET: `<${RANDOM_KEY}>`,
  DATABASE_URL: "http://127.0.0.1:8080",
};

/** How to fix a setting where this request arrived. */
export function settingFix(setting: SettingName, url: URL): string {
  const local = LOCAL_HOSTS.has(url.hostname) || url.hostname.endsWith(".localhost");
  if (local) {
    const value = LOCAL_VALUES[setting] ?? "…";
    return (
      `Running locally (wrangler dev): put ${setting}=${value} in .dev.vars next to wrangler.toml ` +
      "(npm run dev:worker writes one) and restart wrangler dev."
    );
  }
  if (setting === "JWT_SECRET")
    return `Deployed: run \`npx wrangler secret put JWT_SECRET\` (${RANDOM_KEY}); the next request uses it.`;
  if (setting === "DATABASE_URL")
    return (
      "Deployed: set DATABASE_URL under [vars] in wrangler.toml to the database's URL " +
      "(`turso db show <db> --url`, libsql://<db>-<org>.turso.io) and run `npx wrangler deploy`."
    );
  return `Deployed: correct ${setting} under [vars] in wrangler.toml (docs/reference/configuration.md) and run \`npx wrangler deploy\`.`;
}
