/**
 * A database that cannot take writes (full, read-only, failing) is answered as what it is: 503
 * with a stable code and Retry-After on every request it refuses, and /health says so before
 * the first write fails. A full database is simulated with `PRAGMA max_page_count` (SQLite
 * answers SQLITE_FULL exactly as on a full disk), a read-only one with `PRAGMA query_only`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../src/db/client";
import { freeDiskBytes, migrateDatabase } from "../../src/db/node";
import { createOrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { jsonRequest } from "../helpers/workflow";

async function database() {
  const client = createClient({ url: ":memory:" });
  const db = createDatabase(client);
  await migrateDatabase(db);
  return {
    db,
    /** No page left to grow into: the next write that needs one fails with SQLITE_FULL. */
    fill: async () => {
      const { rows } = await client.execute("select page_count from pragma_page_count()");
      await client.execute(`pragma max_page_count = ${Number(rows[0]![0])}`);
    },
    readOnly: () => client.execute("pragma query_only = 1"),
  };
}

describe("a full database", () => {
  it("makes /health answer 503 database_full, with Retry-After", async () => {
    const { db, fill } = await database();
    const { app, logger } = await createTestApp({ storage: { db } });
    expect((await app.request("/health")).status).toBe(200);
    await fill();
    const res = await app.request("/health");
    expect(res.status).toBe(503);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await res.json()).toMatchObject({ code: "database_full", database: "full" });
    expect(logger.lines.find((l) => l.message === "health check failed")?.fields).toMatchObject({
      database: "full",
    });
  });

  it("answers a write that needs space 503 database_full with Retry-After, not a 500", async () => {
    const { db, fill } = await database();
    const { app } = await createTestApp({ storage: { db } });
    const store = await createOrgClient(app, db);
    const api = jsonRequest(app, store.auth);
    await fill();
    let refused: Awaited<ReturnType<typeof api.post>> | undefined;
    for (let i = 0; i < 500 && !refused; i++) {
      const res = await api.post(`/v1/orgs/${store.orgId}/players`, {
        name: `Player ${i} ${"x".repeat(150)}`,
      });
      if (res.status !== 201) refused = res;
    }
    expect(refused?.status).toBe(503);
    expect(refused?.headers.get("content-type")).toBe("application/problem+json");
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused?.body).toMatchObject({ status: 503, code: "database_full" });
    // Reads go on.
    expect((await api.get(`/v1/orgs/${store.orgId}/players?limit=1`)).status).toBe(200);
  });

  it("is detected from the file system's free space under the reserve", async () => {
    const { db } = await database();
    const tight = await createTestApp({ storage: { db, diskFreeBytes: async () => 10 * 2 ** 20 } });
    const res = await tight.app.request("/health");
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: "database_full", database: "full" });
    const roomy = await createTestApp({ storage: { db, diskFreeBytes: async () => 10 * 2 ** 30 } });
    expect((await roomy.app.request("/health")).status).toBe(200);
  });

  it("reads the free space of a database file's file system on Node, and none for other URLs", async () => {
    const dir = mkdtempSync(join(tmpdir(), "catan-free-"));
    try {
      expect(await freeDiskBytes(`file:${join(dir, "catan.db")}`)()).toBeGreaterThan(0);
      expect(await freeDiskBytes(":memory:")()).toBeUndefined();
      expect(await freeDiskBytes("libsql://db.example.turso.io")()).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a read-only database", () => {
  it("answers writes 503 database_read_only with Retry-After; reads go on", async () => {
    const { db, readOnly } = await database();
    const { app } = await createTestApp({ storage: { db } });
    const store = await createOrgClient(app, db);
    const api = jsonRequest(app, store.auth);
    await readOnly();
    const res = await api.post(`/v1/orgs/${store.orgId}/players`, { name: "Rūta" });
    expect(res.status).toBe(503);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(res.body).toMatchObject({ code: "database_read_only" });
    expect((await api.get(`/v1/orgs/${store.orgId}/players`)).status).toBe(200);
    const health = await app.request("/health");
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ code: "database_read_only", database: "read-only" });
  });
});
