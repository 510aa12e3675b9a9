import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import Database from "libsql";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { parseDevVars } from "../../tools/dev-vars";
import { freePort } from "../helpers/free-port";

// `npm run dev:worker` as a developer runs it: the local libSQL endpoint, drizzle-kit's
// migrations, .dev.vars, wrangler dev (offline), then the CLI's first organisation, a token and
// a protected call through wrangler dev, and Ctrl-C. Files go to a temporary folder.
const ROOT = resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

let dir: string;
let dbPort: number;
let api: string;
let child: ChildProcess;
const output: string[] = [];
let exitCode: Promise<number | null>;

/** Whether every process of the group (npm, the script, wrangler, workerd) has ended in time. */
async function groupGone(pgid: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return true;
    }
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, 200));
  }
}

function showOutputOnFailure() {
  onTestFailed(() => console.error(`npm run dev:worker output:\n${output.join("")}`));
}

async function waitForHealth(deadlineMs: number): Promise<Response> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    try {
      const res = await fetch(`${api}/health`);
      if (res.status === 200) return res;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`dev:worker did not answer /health:\n${output.join("")}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "dev-worker-"));
  dbPort = await freePort();
  const httpPort = await freePort();
  api = `http://127.0.0.1:${httpPort}`;
  child = spawn("npm", ["run", "dev:worker", "--", "--port", String(httpPort), "--ip", "127.0.0.1"], {
    cwd: ROOT,
    env: {
      ...process.env,
      DEV_DB_PORT: String(dbPort),
      DEV_DB_PATH: join(dir, "worker-dev.db"),
      DEV_VARS: join(dir, ".dev.vars"),
    },
    // Its own process group, so the test can send Ctrl-C's SIGINT to all of it, as a terminal does.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => output.push(String(d)));
  child.stderr!.on("data", (d) => output.push(String(d)));
  exitCode = new Promise((done) => child.on("exit", (code) => done(code)));
  await waitForHealth(100_000);
}, 120_000);

afterAll(async () => {
  // A failed test may leave it running: end the whole group, whatever is left of it.
  if (child?.pid && !(await groupGone(child.pid, 0))) process.kill(-child.pid, "SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

describe("npm run dev:worker", () => {
  it("wrote .dev.vars with a 32-byte JWT_SECRET and the local endpoint as DATABASE_URL", () => {
    showOutputOnFailure();
    const vars = parseDevVars(readFileSync(join(dir, ".dev.vars"), "utf8"));
    expect(vars.DATABASE_URL).toBe(`http://127.0.0.1:${dbPort}`);
    expect(Buffer.byteLength(vars.JWT_SECRET!, "utf8")).toBeGreaterThanOrEqual(32);
  });

  it("migrated through drizzle-kit: the journal lists every migration, the triggers exist", () => {
    showOutputOnFailure();
    const journal = JSON.parse(readFileSync(join(ROOT, "migrations/meta/_journal.json"), "utf8"));
    const db = new Database(join(dir, "worker-dev.db"), { readonly: true });
    try {
      const applied = db.prepare("select count(*) from __drizzle_migrations").raw(true).get([]) as number[];
      expect(applied[0]).toBe(journal.entries.length);
      const triggers = db.prepare("select name from sqlite_master where type = 'trigger'").all([]);
      expect(triggers.length).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  });

  it("serves /health, and a token and a protected call for the CLI's first organisation", async () => {
    showOutputOnFailure();
    expect(await (await fetch(`${api}/health`)).json()).toMatchObject({ status: "ok", database: "ok" });
    // `npm run -s`: stdout is the CLI's JSON alone, without npm's banner.
    const { stdout } = await run(
      "npm",
      ["run", "-s", "cli", "--", "create-org", "--name", "Dev Store", "--kind", "store", "--json"],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: `http://127.0.0.1:${dbPort}` },
      },
    );
    const created = JSON.parse(stdout) as { orgId: string; clientId: string; clientSecret: string };
    const token = await fetch(`${api}/v1/auth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: created.clientId,
        client_secret: created.clientSecret,
      }),
    });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const org = await fetch(`${api}/v1/orgs/${created.orgId}`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(org.status).toBe(200);
    expect(await org.json()).toMatchObject({ id: created.orgId, name: "Dev Store" });
  });

  it("stops on Ctrl-C: wrangler dev and the local endpoint are gone", async () => {
    showOutputOnFailure();
    process.kill(-child.pid!, "SIGINT");
    await exitCode; // npm itself ends by the signal (no exit code), as in a terminal
    expect(output.join("")).toContain("[dev:worker] stopped");
    expect(await groupGone(child.pid!, 15_000)).toBe(true);
    await expect(fetch(`http://127.0.0.1:${dbPort}/v2`)).rejects.toThrow();
    await expect(fetch(`${api}/health`)).rejects.toThrow();
  });

  it("refuses a .dev.vars it cannot use, naming the setting and the fix, before starting anything", async () => {
    const bad = join(dir, "bad.dev.vars");
    writeFileSync(bad, "JWT_SECRET=short\nDATABASE_URL=libsql://catan-acme.turso.io\n");
    const failed = await run(process.execPath, ["--import", "tsx", "scripts/dev-worker.ts"], {
      cwd: ROOT,
      env: {
        ...process.env,
        DEV_DB_PORT: String(dbPort),
        DEV_VARS: bad,
        DEV_DB_PATH: join(dir, "unused.db"),
      },
    }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain("JWT_SECRET is 5 bytes, HS256 needs at least 32");
    expect(failed?.stderr).toContain(`set DATABASE_URL=http://127.0.0.1:${dbPort}`);
    await expect(fetch(`http://127.0.0.1:${dbPort}/v2`)).rejects.toThrow();
  });
});
