/**
 * `npm run dev:worker [-- <wrangler dev options>]`: the Worker on a laptop, offline, in one command.
 *
 * 1. A local libSQL endpoint (the project's Hrana harness, tools/hrana-server.ts) on
 *    127.0.0.1:$DEV_DB_PORT (8080, as `turso dev`) over the file $DEV_DB_PATH, so data survives
 *    restarts. It is a development harness, not a server to deploy.
 * 2. The migrations through drizzle-kit (`drizzle-kit migrate`, as against Turso), so the drizzle
 *    journal `__drizzle_migrations` is the one a real deployment has.
 * 3. `.dev.vars` ($DEV_VARS) written when absent (a new 32-byte JWT_SECRET and the local
 *    DATABASE_URL), checked when present: a problem stops here with its fix, before wrangler.
 * 4. `wrangler dev`, which builds public/ itself ([build] in wrangler.toml), with metrics, the
 *    `request.cf` download and the update check off, so nothing leaves the machine.
 * Ctrl-C (or SIGTERM) stops wrangler, then the endpoint, and exits.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { devVarsProblems, newDevVars, parseDevVars } from "../tools/dev-vars";
import { binOf, exited, portFromEnv, ROOT, startLocalEndpoint } from "../tools/local-endpoint";

const OFFLINE_ENV = {
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  // The banner is what runs wrangler's npm update check.
  WRANGLER_HIDE_BANNER: "true",
};

function log(message: string): void {
  console.log(`[dev:worker] ${message}`);
}

/** The existing .dev.vars, checked, or a new one; exits with the fixes when it cannot be used. */
function ensureDevVars(path: string, databaseUrl: string): Record<string, string> {
  const shown = relative(process.cwd(), path) || path;
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, newDevVars(databaseUrl), { mode: 0o600 });
    log(`wrote ${shown} (DATABASE_URL=${databaseUrl}, a new JWT_SECRET)`);
    return parseDevVars(readFileSync(path, "utf8"));
  }
  const vars = parseDevVars(readFileSync(path, "utf8"));
  const problems = devVarsProblems(vars, databaseUrl);
  if (problems.length > 0) {
    console.error(`[dev:worker] ${shown} cannot be used:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    console.error(`[dev:worker] fix it, or delete it and run npm run dev:worker again to write a new one.`);
    process.exit(1);
  }
  log(`using ${shown}`);
  return vars;
}

async function main(): Promise<void> {
  const port = portFromEnv("DEV_DB_PORT", 8080, "dev:worker");
  const dbPath = resolve(process.env.DEV_DB_PATH ?? join(ROOT, "data/worker-dev.db"));
  const devVarsPath = resolve(process.env.DEV_VARS ?? join(ROOT, ".dev.vars"));
  const databaseUrl = `http://127.0.0.1:${port}`;
  const vars = ensureDevVars(devVarsPath, databaseUrl);
  const server = await startLocalEndpoint({ port, path: dbPath, authToken: vars.DATABASE_AUTH_TOKEN, log });
  log(
    `first organisation and owner client: DATABASE_URL=${server.url} npm run -s cli -- create-org --name "My Store" --kind store --json`,
  );

  // The default .dev.vars is wrangler's own; any other file is passed explicitly.
  const envFile = devVarsPath === join(ROOT, ".dev.vars") ? [] : ["--env-file", devVarsPath];
  const wrangler = spawn(process.execPath, [binOf("wrangler"), "dev", ...envFile, ...process.argv.slice(2)], {
    cwd: ROOT,
    env: { ...process.env, ...OFFLINE_ENV },
    stdio: "inherit",
  });

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping wrangler dev and the local endpoint`);
    // Ctrl-C reaches wrangler too (same process group); SIGTERM to this script alone must be passed on.
    if (wrangler.exitCode === null) wrangler.kill("SIGTERM");
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));

  const code = await exited(wrangler);
  await server.close();
  log("stopped");
  process.exit(stopping ? 0 : code);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
