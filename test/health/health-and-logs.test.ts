import { createClient } from "@libsql/client";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../src/db/client";
import { migrateDatabase } from "../../src/db/node";
import { createOrgClient, fetchToken } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { jsonRequest } from "../helpers/workflow";

/** A migrated database whose connection then refuses every write, as a read-only file does. */
async function readOnlyDatabase() {
  const client = createClient({ url: ":memory:" });
  const db = createDatabase(client);
  await migrateDatabase(db);
  return { db, readOnly: () => client.execute("PRAGMA query_only = ON") };
}

describe("/health tells whether the database takes writes", () => {
  it("is 200 on a writable database", async () => {
    const { app } = await createTestApp();
    const res = await app.request("/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", database: "ok" });
  });

  it('is 503 database: "read-only" when reads work but writes fail', async () => {
    const { db, readOnly } = await readOnlyDatabase();
    const { app, logger } = await createTestApp({ storage: { db } });
    await readOnly();
    const res = await app.request("/health");
    expect(res.status).toBe(503);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(await res.json()).toMatchObject({
      status: 503,
      code: "database_read_only",
      database: "read-only",
    });
    expect(logger.lines.find((l) => l.message === "health check failed")?.fields).toMatchObject({
      database: "read-only",
    });
  });
});

describe("logs", () => {
  it("never carry SQL parameters: a failed write logs the database's message, not the player's name", async () => {
    const { db, readOnly } = await readOnlyDatabase();
    const { app, logger } = await createTestApp({ storage: { db } });
    const store = await createOrgClient(app, db);
    await readOnly();
    const res = await jsonRequest(app, store.auth).post(`/v1/orgs/${store.orgId}/players`, {
      name: "Secretive Sigrún",
      externalId: "LT-SECRET-77",
    });
    expect(res.status).toBe(503);
    const logged = JSON.stringify(logger.lines);
    expect(logged).toContain("database refused the request");
    expect(logged).not.toMatch(/Sigrún|LT-SECRET-77|params/);
    expect(
      logger.lines.find((l) => l.message === "database refused the request")?.fields?.stack,
    ).toBeUndefined();
  });

  it("never carry secrets or tokens", async () => {
    const { app, db, logger } = await createTestApp();
    const store = await createOrgClient(app, db);
    const created = await jsonRequest(app, store.auth).post(`/v1/orgs/${store.orgId}/clients`, {
      name: "Bot",
      role: "reporter",
    });
    const token = await fetchToken(app, created.body.clientId, created.body.clientSecret);
    const logged = JSON.stringify(logger.lines);
    for (const secret of [store.clientSecret, store.token, created.body.clientSecret, token])
      expect(logged).not.toContain(secret);
  });

  it("log a wrong client secret at info, in one short line without a stack", async () => {
    const { app, db, logger } = await createTestApp();
    const store = await createOrgClient(app, db);
    logger.lines.length = 0;
    const res = await app.request("/v1/auth/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: store.clientId,
        client_secret: "cs_x",
      }),
    });
    expect(res.status).toBe(401);
    expect(logger.lines.filter((l) => l.level === "error")).toEqual([]);
    const line = logger.lines.find((l) => l.message === "token request refused");
    expect(line).toMatchObject({ level: "info", fields: { error: "invalid_client" } });
    expect(line?.fields?.stack).toBeUndefined();
    expect(JSON.stringify(line).length).toBeLessThan(200);
  });
});
