import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  bootstrapLocalAdmin,
  firstStartBanner,
  loadNodeAuthConfig,
  localSecretPath,
} from "../../src/bootstrap";
import { runCli } from "../../src/cli";
import { migrateDatabase, openNodeDatabase } from "../../src/db/node";
import { bearer, fetchToken } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";

let dir: string;
let databaseUrl: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "catan-cli-"));
  databaseUrl = `file:${join(dir, "catan.db")}`;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** Runs the CLI in-process and returns what it printed. */
async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, "log").mockImplementation((...parts) => void out.push(parts.join(" ")));
  vi.spyOn(console, "error").mockImplementation((...parts) => void err.push(parts.join(" ")));
  const code = await runCli(args, { DATABASE_URL: databaseUrl });
  vi.restoreAllMocks();
  return { code, out: out.join("\n"), err: err.join("\n") };
}

/** The app on the CLI's database, as `npm start` would serve it. */
async function appOnFile() {
  const { db, client } = openNodeDatabase(databaseUrl);
  const { app } = await createTestApp({ storage: { db } });
  return { app, db, close: () => client.close() };
}

describe("npm run cli", () => {
  it("create-org --json (the real command line) prints ids and a secret that gets a working token", async () => {
    const stdout = execFileSync(
      join("node_modules", ".bin", "tsx"),
      ["src/cli.ts", "create-org", "--name", "Würfelglück", "--kind", "store", "--json"],
      { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: "utf8" },
    );
    const printed = JSON.parse(stdout);
    expect(printed).toEqual({
      orgId: expect.stringMatching(/^org_/),
      clientId: expect.stringMatching(/^cli_/),
      clientSecret: expect.stringMatching(/^cs_/),
    });
    const { app, close } = await appOnFile();
    const token = await fetchToken(app, printed.clientId, printed.clientSecret);
    const res = await app.request(`/v1/orgs/${printed.orgId}`, { headers: bearer(token) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: "Würfelglück", kind: "store" });
    const clients = await app.request(`/v1/orgs/${printed.orgId}/clients`, { headers: bearer(token) });
    expect((await clients.json()).data).toMatchObject([{ clientId: printed.clientId, role: "owner" }]);
    close();
  }, 60_000);

  it("npm run -s cli -- … --json: stdout is the JSON alone (plain npm run prints its banner there)", async () => {
    const args = ["run", "cli", "--", "create-org", "--name", "Banner", "--kind", "club", "--json"];
    const env = { ...process.env, DATABASE_URL: databaseUrl };
    const quiet = execFileSync("npm", ["-s", ...args], { env, encoding: "utf8" });
    expect(JSON.parse(quiet)).toMatchObject({ orgId: expect.stringMatching(/^org_/) });
    // Why the docs say `npm run -s`: without it npm's "> catan-tournament-api@… cli" comes first.
    const loud = execFileSync("npm", args, { env, encoding: "utf8" });
    expect(() => JSON.parse(loud)).toThrow();
    expect(loud).toMatch(/^\s*> catan-tournament-api@/);
  }, 60_000);

  it("create-admin --json prints an admin client that can create organisations", async () => {
    const { code, out } = await cli("create-admin", "--json");
    expect(code).toBe(0);
    const admin = JSON.parse(out);
    expect(Object.keys(admin)).toEqual(["clientId", "clientSecret"]);
    const { app, close } = await appOnFile();
    const token = await fetchToken(app, admin.clientId, admin.clientSecret);
    const res = await app.request("/v1/orgs", {
      method: "POST",
      headers: bearer(token, true),
      body: JSON.stringify({ name: "Federation", kind: "federation" }),
    });
    expect(res.status).toBe(201);
    close();
  });

  it("create-org --parent and create-client build a tree; the parent's owner reads the child", async () => {
    const fed = JSON.parse((await cli("create-org", "--name", "Fed", "--kind", "federation", "--json")).out);
    const club = JSON.parse(
      (await cli("create-org", "--name", "Club", "--kind", "club", "--parent", fed.orgId, "--json")).out,
    );
    const referee = JSON.parse(
      (await cli("create-client", "--org", club.orgId, "--role", "referee", "--json")).out,
    );
    expect(referee.orgId).toBe(club.orgId);
    const { app, close } = await appOnFile();
    const fedToken = await fetchToken(app, fed.clientId, fed.clientSecret);
    expect((await app.request(`/v1/orgs/${club.orgId}`, { headers: bearer(fedToken) })).status).toBe(200);
    const refToken = await fetchToken(app, referee.clientId, referee.clientSecret);
    expect((await app.request(`/v1/orgs/${club.orgId}/clients`, { headers: bearer(refToken) })).status).toBe(
      403,
    );
    close();
  });

  it("without --json prints the secret once with a curl that gets a token", async () => {
    const { code, out } = await cli("create-org", "--name", "Plain", "--kind", "store");
    expect(code).toBe(0);
    expect(out).toMatch(/clientSecret +cs_/);
    expect(out).toMatch(
      /curl -s http:\/\/localhost:8787\/v1\/auth\/token -u 'cli_\w+:cs_[\w-]+' -d grant_type=client_credentials/,
    );
  });

  it("refuses bad input with exit code 2 and a message, creating nothing", async () => {
    for (const args of [
      ["create-org", "--kind", "store"],
      ["create-org", "--name", "x", "--kind", "castle"],
      ["create-org", "--name", "x", "--kind", "store", "--parent", "org_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A"],
      ["create-client", "--org", "org_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A", "--role", "reader"],
      ["create-client", "--org", "org_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A", "--role", "admin"],
      ["make-coffee"],
      ["create-org", "--bogus"],
    ]) {
      const { code, err, out } = await cli(...args);
      expect(code, args.join(" ")).toBe(2);
      expect(err).toMatch(/^error: /);
      expect(out).not.toContain("cs_");
    }
  });
});

describe("first start (npm start on an empty local database)", () => {
  it("creates one admin client, only when there is no client at all, and prints a ready curl", async () => {
    const url = `file:${join(dir, "fresh.db")}`;
    const { db, client } = openNodeDatabase(url);
    await migrateDatabase(db);
    const { app } = await createTestApp({ storage: { db } });
    const admin = await bootstrapLocalAdmin(db, url);
    expect(admin).toMatchObject({ role: "admin", orgId: null });
    expect(await bootstrapLocalAdmin(db, url)).toBeNull();
    const banner = firstStartBanner(admin!, "http://localhost:8787");
    expect(banner).toContain(`-u '${admin!.clientId}:${admin!.clientSecret}'`);
    expect((await fetchToken(app, admin!.clientId, admin!.clientSecret)).length).toBeGreaterThan(20);
    client.close();
  });

  it("never creates one on a remote database", async () => {
    const { db } = await createTestApp();
    expect(await bootstrapLocalAdmin(db, "libsql://example.turso.io")).toBeNull();
  });
});

describe("signing key configuration", () => {
  it("generates the local key once in the data folder with mode 0600 and reuses it", () => {
    const url = `file:${join(dir, "data", "catan.db")}`;
    const path = localSecretPath(url)!;
    expect(path).toBe(join(dir, "data", "jwt-secret"));
    const first = loadNodeAuthConfig({}, url);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, "utf8").trim()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(loadNodeAuthConfig({}, url).secret).toEqual(first.secret);
  });

  it("prefers JWT_SECRET, requires it for remote databases, and refuses short keys", () => {
    const secret = "s".repeat(40);
    expect(
      new TextDecoder().decode(loadNodeAuthConfig({ JWT_SECRET: secret }, "libsql://x.turso.io").secret),
    ).toBe(secret);
    expect(() => loadNodeAuthConfig({}, "libsql://x.turso.io")).toThrow(/JWT_SECRET is required/);
    expect(() => loadNodeAuthConfig({ JWT_SECRET: "short" }, databaseUrl)).toThrow(/at least 32 bytes/);
    expect(loadNodeAuthConfig({}, ":memory:").secret.byteLength).toBe(32);
  });

  it("wants JWT_ISSUER and JWT_AUDIENCE with JWKS_URL", () => {
    expect(() => loadNodeAuthConfig({ JWKS_URL: "https://idp.example/jwks" }, ":memory:")).toThrow(
      /JWT_ISSUER/,
    );
    const config = loadNodeAuthConfig(
      { JWKS_URL: "https://idp.example/jwks", JWT_ISSUER: "https://idp.example/", JWT_AUDIENCE: "catan" },
      ":memory:",
    );
    expect(config.external).toMatchObject({ issuer: "https://idp.example/", audience: "catan" });
  });
});
