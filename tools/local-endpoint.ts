/**
 * The local libSQL endpoint of the development scripts (`npm run dev:worker`, `npm run
 * dev:primary`): the project's Hrana harness over a file, migrated through drizzle-kit so that
 * its `__drizzle_migrations` journal is the one a real deployment has. A development harness,
 * not a server to deploy.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { type HranaServer, startHranaServer } from "./hrana-server";

export const ROOT = resolve(import.meta.dirname, "..");

/** A package's command, run with this Node (no npx or shell in between to swallow signals). */
export function binOf(pkg: string): string {
  const manifest = join(ROOT, "node_modules", pkg, "package.json");
  const { bin } = JSON.parse(readFileSync(manifest, "utf8")) as { bin: Record<string, string> };
  return join(dirname(manifest), bin[pkg]!);
}

export function exited(child: ChildProcess): Promise<number> {
  return new Promise((done) => child.on("exit", (code, signal) => done(code ?? (signal ? 0 : 1))));
}

/** `name` from the environment as a TCP port, or `fallback`; exits with the fix when it is not one. */
export function portFromEnv(name: string, fallback: number, tag: string): number {
  const port = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    console.error(`[${tag}] ${name} must be a port number (1-65535), not ${process.env[name]}`);
    process.exit(2);
  }
  return port;
}

export interface LocalEndpointOptions {
  port: number;
  path: string;
  authToken?: string;
  /** Also serve the embedded-replica sync protocol (a primary for DATABASE_SYNC_URL). */
  sync?: boolean;
  log: (message: string) => void;
}

/** Starts the endpoint and applies the migrations; exits the process when they fail. */
export async function startLocalEndpoint(options: LocalEndpointOptions): Promise<HranaServer> {
  mkdirSync(dirname(options.path), { recursive: true });
  const server = await startHranaServer({
    port: options.port,
    path: options.path,
    authToken: options.authToken,
    sync: options.sync,
  });
  options.log(
    `local libSQL endpoint ${server.url} over ${relative(process.cwd(), options.path) || options.path}`,
  );
  const migrate = spawn(process.execPath, [binOf("drizzle-kit"), "migrate"], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: server.url,
      ...(options.authToken ? { DATABASE_AUTH_TOKEN: options.authToken } : {}),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const migrated = await exited(migrate);
  if (migrated !== 0) {
    console.error(`drizzle-kit migrate failed (exit ${migrated})`);
    await server.close();
    process.exit(1);
  }
  options.log("migrations applied (drizzle-kit migrate)");
  return server;
}
