import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { type NodeServer, startNodeServer } from "../helpers/node-server";

// Node in production, as docs/deploy/node-production.md has it: `npm run build` in the full
// checkout, then the checkout without node_modules elsewhere, `npm ci --omit=dev` there (from
// npm's cache where it can: --prefer-offline), and the built server started as `start:prod` says,
// with production dependencies only. It must find its migrations and the /docs script, and answer
// the API. Every step has a time limit, so a stuck install fails the test instead of hanging it.
const run = promisify(execFile);
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const ROOT = resolve(import.meta.dirname, "../..");
/** Not part of a checkout that is deployed: installs, builds, local data and test output. */
const LEFT_OUT = new Set([
  "node_modules",
  "dist",
  "data",
  "public",
  ".git",
  ".wrangler",
  "test-artifacts",
  "reports",
  "coverage",
  ".stryker-tmp",
]);

const work = mkdtempSync(join(tmpdir(), "catan-prod-"));
const app = join(work, "app");
let server: NodeServer | undefined;

// The install is thousands of files: removing them takes a while on a busy machine.
afterAll(async () => {
  await server?.kill();
  await rm(work, { recursive: true, force: true });
}, 300_000);

describe("the production build", () => {
  it("runs with `npm ci --omit=dev`: health, the docs script, a token and an API call, the CLI", async () => {
    cpSync(ROOT, app, {
      recursive: true,
      filter: (source) => !LEFT_OUT.has(relative(ROOT, source).split("/")[0]!),
    });
    await run(npm, ["run", "-s", "build", "--", "--outdir", join(app, "dist")], {
      cwd: ROOT,
      timeout: 120_000,
    });
    await run(npm, ["ci", "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund"], {
      cwd: app,
      timeout: 600_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    // Development tools really are absent: the server cannot be leaning on them.
    for (const dev of ["tsx", "typescript", "vitest", "wrangler", "drizzle-kit", "@scalar/api-reference"]) {
      expect(existsSync(join(app, "node_modules", dev)), dev).toBe(false);
    }

    // `start:prod` run as npm would, minus npm itself (killing npm would leave its node running).
    const { scripts } = JSON.parse(readFileSync(join(app, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    const [command, ...args] = scripts["start:prod"]!.split(/\s+/);
    expect(command).toBe("node");
    server = await startNodeServer(
      { DATABASE_URL: `file:${join(work, "data", "catan.db")}` },
      { firstStart: true, command: { cwd: app, args }, startTimeoutMs: 120_000 },
    );
    expect(await (await fetch(`${server.url}/health`)).json()).toMatchObject({
      status: "ok",
      database: "ok",
    });
    const script = await fetch(`${server.url}/docs/scalar.js`);
    expect(script.status).toBe(200);
    expect((await script.text()).length).toBeGreaterThan(100_000);

    const { clientId, clientSecret } = server.admin!;
    const token = await fetch(`${server.url}/v1/auth/token`, {
      method: "POST",
      headers: { authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}` },
      body: new URLSearchParams({ grant_type: "client_credentials" }),
    });
    const { access_token } = (await token.json()) as { access_token: string };
    const org = await fetch(`${server.url}/v1/orgs`, {
      method: "POST",
      headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Würfelglück Graz", kind: "store" }),
    });
    expect(org.status).toBe(201);

    const cli = await run(
      process.execPath,
      ["dist/cli.js", "create-org", "--name", "Store North", "--kind", "store", "--json"],
      {
        cwd: app,
        env: { ...process.env, DATABASE_URL: `file:${join(work, "data", "catan.db")}` },
        timeout: 60_000,
      },
    );
    expect(JSON.parse(cli.stdout)).toMatchObject({ orgId: expect.stringMatching(/^org_/) });
    const { stdout: size } = await run("du", ["-sh", "node_modules"], { cwd: app });
    console.log(`production install: ${size.trim()}`);
  }, 900_000);
});
