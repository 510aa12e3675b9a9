import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli";

let dir: string;
let databaseUrl: string;
let server: ChildProcess | undefined;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "catan-crash-"));
  databaseUrl = `file:${join(dir, "catan.db")}`;
});
afterAll(() => {
  server?.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** `npm start` on 127.0.0.1 and a random port; resolves with its base URL once it listens. */
function startServer(): Promise<string> {
  // Node itself with tsx's loader, not the tsx CLI: the CLI runs the server in a child process,
  // which a SIGKILL of the CLI leaves running (every test run leaked one server).
  const child = spawn(process.execPath, ["--import", "tsx", "src/node.ts"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: "0", HOST: "127.0.0.1", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server = child;
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    child.on("exit", (code) => reject(new Error(`server exited (${code}) before listening: ${out}`)));
  });
}

function killServer(): Promise<void> {
  const child = server!;
  return new Promise((resolve) => {
    child.on("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

async function quietCli(...args: string[]) {
  const lines: string[] = [];
  const log = console.log;
  console.log = (...parts: unknown[]) => void lines.push(parts.join(" "));
  try {
    await runCli(args, { DATABASE_URL: databaseUrl });
  } finally {
    console.log = log;
  }
  return JSON.parse(lines.join("\n")) as { orgId: string; clientId: string; clientSecret: string };
}

async function token(base: string, clientId: string, clientSecret: string): Promise<string> {
  const res = await fetch(`${base}/v1/auth/token`, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: clientId,
      client_secret: clientSecret,
    }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe("Idempotency-Key across a crash (server process killed mid-request)", () => {
  it("a retry after restart never sticks at 'in progress' and never mints a second client secret", async () => {
    const owner = await quietCli("create-org", "--name", "Crash Store", "--kind", "store", "--json");
    let base = await startServer();
    let auth = { authorization: `Bearer ${await token(base, owner.clientId, owner.clientSecret)}` };
    const create = () =>
      fetch(`${base}/v1/orgs/${owner.orgId}/clients`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json", "idempotency-key": "bot-1" },
        body: JSON.stringify({ name: "Discord bot", role: "reporter" }),
      });
    // The claim row appears as soon as the server starts on the request: kill it right then.
    const watcher = createClient({ url: databaseUrl });
    const first = create().catch(() => undefined);
    for (let i = 0; i < 2000; i++) {
      // SQLITE_BUSY means the server holds the write lock right now: as good a moment to die.
      const rows = await watcher.execute("select status from idempotency_keys where key = 'bot-1'").then(
        (r) => r.rows,
        () => [{}],
      );
      if (rows.length > 0) break;
      await new Promise((r) => setTimeout(r, 1));
    }
    await killServer();
    await first;

    base = await startServer();
    auth = { authorization: `Bearer ${await token(base, owner.clientId, owner.clientSecret)}` };
    watcher.close();
    // Bodies read before the server goes: a gzip body is chunked, its end may still be in flight.
    const retry = await create();
    const retryBody = (await retry.json()) as { clientId?: string; code?: string; detail?: string };
    const again = await create();
    const againBody = await again.json();
    await killServer();
    const reader = createClient({ url: databaseUrl });
    const created = await reader.execute("select id from api_clients where name = 'Discord bot'");
    reader.close();

    expect(created.rows).toHaveLength(1);
    const clientId = String(created.rows[0]!.id);
    // Either the crash came before the client was stored (the retry creates it, once) or after
    // (the retry names it); never "still in progress", never a second secret.
    expect([201, 409]).toContain(retry.status);
    if (retry.status === 201) expect(retryBody.clientId).toBe(clientId);
    else
      expect(retryBody).toMatchObject({
        code: "client_already_created",
        detail: expect.stringContaining(clientId),
      });
    expect(again.status).toBe(409);
    expect(againBody).toMatchObject({
      code: "client_already_created",
      detail: expect.stringContaining(clientId),
    });
    expect(again.headers.get("location")).toBe(`/v1/orgs/${owner.orgId}/clients/${clientId}`);
  }, 120_000);
});
