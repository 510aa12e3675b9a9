/**
 * The local recipe of docs/deploy/embedded-replicas.md, as a developer runs it: `npm run dev:primary`
 * (the local primary, with the sync protocol), the CLI's first organisation on it, then
 * `npm start` as a replica of it; a write through the replica is on the primary, and a read
 * right after it on the replica has it. Files go to a temporary folder; ports are free ones.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import Database from "libsql";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { freePort } from "../helpers/free-port";

const ROOT = resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

/** Starts `npm run <script>` in its own process group and waits for `ready` in its output. */
async function start(script: string, env: Record<string, string>, ready: RegExp, output: string[]) {
  const child = spawn("npm", ["run", "-s", script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`${script} not ready:\n${output.join("")}`)), 60_000);
    const seen = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (ready.test(output.join(""))) {
        clearTimeout(timer);
        done();
      }
    };
    child.stdout!.on("data", seen);
    child.stderr!.on("data", seen);
    child.on("exit", (code) => fail(new Error(`${script} exited (${code}):\n${output.join("")}`)));
  });
  return child;
}

function stop(child: ChildProcess | undefined) {
  if (child?.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}

let dir: string;
let primaryUrl: string;
let api: string;
let primary: ChildProcess;
interface Owner {
  orgId: string;
  clientId: string;
  clientSecret: string;
}
let owner: Owner;
let replica: ChildProcess;
const output: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "dev-primary-"));
  const dbPort = await freePort();
  primaryUrl = `http://127.0.0.1:${dbPort}`;
  primary = await start(
    "dev:primary",
    { DEV_DB_PORT: String(dbPort), DEV_DB_PATH: join(dir, "primary.db") },
    /\[dev:primary\] ready/,
    output,
  );
  // The recipe's order: the first organisation on the primary, then the replica starts from it.
  const { stdout } = await run(
    "npm",
    ["run", "-s", "cli", "--", "create-org", "--name", "My Store", "--kind", "store", "--json"],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: primaryUrl } },
  );
  owner = JSON.parse(stdout) as Owner;
  const httpPort = await freePort();
  api = `http://127.0.0.1:${httpPort}`;
  replica = await start(
    "start",
    {
      PORT: String(httpPort),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${join(dir, "replica.db")}`,
      DATABASE_SYNC_URL: primaryUrl,
      JWT_SECRET: "a-local-secret-of-at-least-32-bytes!",
    },
    /listening on/,
    output,
  );
}, 150_000);

afterAll(() => {
  stop(replica);
  stop(primary);
  rmSync(dir, { recursive: true, force: true });
});

describe("npm run dev:primary and npm start as its replica", () => {
  it("a write through the replica is on the primary and read back at once from the replica", async () => {
    onTestFailed(() => console.error(output.join("")));

    const token = await fetch(`${api}/v1/auth/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        grant_type: "client_credentials",
        client_id: owner.clientId,
        client_secret: owner.clientSecret,
      }),
    });
    // Made on the primary before the replica started: its first pull brought it.
    expect(token.status, await token.clone().text()).toBe(200);
    const auth = {
      authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}`,
    };

    const created = await fetch(`${api}/v1/orgs/${owner.orgId}/events`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ name: "Replica Open", startsOn: "2026-12-12", visibility: "public" }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const event = (await created.json()) as { id: string };

    const read = await fetch(`${api}/v1/events/${event.id}`, { headers: auth });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ id: event.id, name: "Replica Open" });

    const onPrimary = new Database(join(dir, "primary.db"), { readonly: true });
    try {
      expect(onPrimary.prepare("select name from events where id = ?").get(event.id)).toMatchObject({
        name: "Replica Open",
      });
    } finally {
      onPrimary.close();
    }
  });
});
