/**
 * Browser tests drive a Chromium through playwright-core. It comes from the lock file
 * (@sparticuz/chromium ships one inside the package, unpacked to a temporary folder on first
 * use, Linux x64 only), or from CHROMIUM_PATH on other platforms. A missing browser fails the
 * run, it never skips it.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { createClient } from "@libsql/client";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { createDatabase } from "../../src/db/client";
import { migrateDatabase } from "../../src/db/node";
import { createApp } from "../../src/http/app";
import { createTestLogger, type TestDeps, testPorts } from "./test-app";

/**
 * The browser to drive: CHROMIUM_PATH (a local Chrome or Chromium) first, then the packaged one
 * on Linux x64; anything else throws, saying how to get one.
 */
export async function resolveChromium(
  env: NodeJS.ProcessEnv = process.env,
  platform: string = `${process.platform}-${process.arch}`,
): Promise<string> {
  const local = env.CHROMIUM_PATH;
  if (local) {
    if (!existsSync(local)) throw new Error(`CHROMIUM_PATH=${local}: no such file.`);
    return local;
  }
  if (platform === "linux-x64") {
    const { default: packaged } = await import("@sparticuz/chromium");
    return packaged.executablePath();
  }
  throw new Error(
    `No Chromium for ${platform}: the packaged one (@sparticuz/chromium) is Linux x64 only. ` +
      "Set CHROMIUM_PATH to a local Chrome or Chromium, e.g. " +
      "CHROMIUM_PATH='/Applications/Google Chrome.app/Contents/MacOS/Google Chrome' npm test",
  );
}
/** Screenshots and PDFs of the browser tests (gitignored). */
export const ARTIFACTS = join(process.cwd(), "test-artifacts", "pages");

/** The flags this machine needs: no network but loopback, so nothing in the background. */
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface BrowserHarness {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<BrowserHarness> {
  const executablePath = await resolveChromium();
  await mkdir(ARTIFACTS, { recursive: true });
  // A fresh profile per run: nothing cached from an earlier run can hide a stale page.
  const profile = await mkdtemp(join(tmpdir(), "catan-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: FLAGS,
    viewport: { width: 1280, height: 720 },
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/**
 * A Chromium for tests that need several devices at once: each `newContext()` is a device with
 * its own cookies and storage. Closed with the returned function.
 */
export async function launchChromium() {
  const browser = await chromium.launch({
    executablePath: await resolveChromium(),
    headless: true,
    args: FLAGS,
  });
  await mkdir(ARTIFACTS, { recursive: true });
  return browser;
}

export interface ServedApp {
  app: ReturnType<typeof createApp>;
  db: ReturnType<typeof createDatabase>;
  base: string;
  /** The database's URL, for the CLI (`DATABASE_URL`). */
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * The real Node server on 127.0.0.1 and a random port, over a migrated database in a temporary
 * folder; `deps` changes the app's ports group by group, as createTestApp's (the /docs bundle, …).
 */
export async function serveTemporaryApp(deps: TestDeps = {}): Promise<ServedApp> {
  const dir = await mkdtemp(join(tmpdir(), "catan-pages-"));
  const databaseUrl = `file:${join(dir, "catan.db")}`;
  const client = createClient({ url: databaseUrl });
  const db = createDatabase(client);
  await migrateDatabase(db);
  const app = createApp(testPorts(db, createTestLogger(), deps));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    app,
    db,
    base: `http://127.0.0.1:${port}`,
    databaseUrl,
    async close() {
      // Open change feeds would keep the server alive: drop every connection.
      (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      await new Promise((resolve) => server.close(resolve));
      client.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** axe-core in the page; the serious and critical violations, as "rule: target" lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const axe = await import("axe-core");
  // Evaluated by the browser's protocol, not as a <script>: the pages' policy refuses those.
  await page.evaluate(axe.default.source);
  const results = await page.evaluate(() =>
    (
      window as unknown as {
        axe: {
          run(): Promise<{ violations: { id: string; impact: string; nodes: { target: unknown }[] }[] }>;
        };
      }
    ).axe.run(),
  );
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(" ")}`);
}
