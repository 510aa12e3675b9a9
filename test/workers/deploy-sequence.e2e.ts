import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { type HranaServer, startHranaServer } from "../../tools/hrana-server";
import { type RunningWorker, startWorker } from "./worker-runtime";

// The deploy recipe of docs/deploy/workers-turso.md, step by step, with the local Hrana
// endpoint in Turso's place (same protocol, a token required as Turso does): an empty database,
// `npx drizzle-kit migrate`, `npm run -s cli -- create-org … --json` against it, then the built
// Worker on workerd with the three settings issues a token and answers protected calls.
const ROOT = resolve(import.meta.dirname, "../..");
const DB_TOKEN = "deploy-sequence-db-token";
const JWT_SECRET = "deploy-sequence-jwt-secret-0123456789abcdef";
const run = promisify(execFile);

let server: HranaServer;
let worker: RunningWorker | undefined;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  server = await startHranaServer({ authToken: DB_TOKEN }); // empty: no migrations applied
  env = { ...process.env, DATABASE_URL: server.url, DATABASE_AUTH_TOKEN: DB_TOKEN };
});

afterAll(async () => {
  await worker?.dispose();
  await server?.close();
});

describe("the deploy sequence against a remote libSQL database", () => {
  let created: { orgId: string; clientId: string; clientSecret: string };

  it("migrates with drizzle-kit: every journal entry recorded in __drizzle_migrations", async () => {
    await run("npx", ["drizzle-kit", "migrate"], { cwd: ROOT, env });
    const journal = JSON.parse(readFileSync(resolve(ROOT, "migrations/meta/_journal.json"), "utf8"));
    const applied = server.db
      .prepare("select count(*) from __drizzle_migrations")
      .raw(true)
      .get([]) as number[];
    expect(applied[0]).toBe(journal.entries.length);
  });

  it("creates the first organisation and owner client with the CLI, printing only JSON", async () => {
    const { stdout } = await run(
      "npm",
      ["run", "-s", "cli", "--", "create-org", "--name", "Würfelglück Graz", "--kind", "store", "--json"],
      { cwd: ROOT, env },
    );
    created = JSON.parse(stdout);
    expect(created).toEqual({
      orgId: expect.stringMatching(/^org_/),
      clientId: expect.stringMatching(/^cli_/),
      clientSecret: expect.stringMatching(/^cs_/),
    });
  });

  it("serves the Worker on workerd: a token for that client and protected calls", async () => {
    worker = await startWorker({ DATABASE_URL: server.url, DATABASE_AUTH_TOKEN: DB_TOKEN, JWT_SECRET });
    onTestFailed(() => console.error(`Worker output:\n${worker?.output()}`));
    const token = await worker.fetch("/v1/auth/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: created.clientId,
        client_secret: created.clientSecret,
      }).toString(),
    });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const auth = { authorization: `Bearer ${access_token}` };
    const org = await worker.fetch(`/v1/orgs/${created.orgId}`, { headers: auth });
    expect(org.status).toBe(200);
    expect(await org.json()).toMatchObject({ id: created.orgId, name: "Würfelglück Graz", kind: "store" });
    const player = await worker.fetch(`/v1/orgs/${created.orgId}/players`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ name: "Rūta K." }),
    });
    expect(player.status).toBe(201);
  });
});
