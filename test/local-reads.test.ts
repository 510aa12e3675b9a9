/**
 * Node on a local file reads a ranking's scope through kept statements on a second connection
 * (src/db/local-reads.ts). It must stay exactly as correct as the client it bypasses: every
 * write committed before a read is seen by that read, whoever wrote it, and the reader never
 * holds a lock that would stall a writer.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Client, createClient } from "@libsql/client";
import { sql } from "drizzle-orm";
import Libsql from "libsql";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createDatabase, type Database } from "../src/db/client";
import { type LocalReads, localReadPath, openLocalReads } from "../src/db/local-reads";
import { migrateDatabase } from "../src/db/node";
import type { App } from "../src/http/app";
import { createOrgClient, type OrgClient } from "./helpers/auth";
import { seeder } from "./helpers/seed-results";
import { createTestApp } from "./helpers/test-app";

let dir: string;
let file: string;
let client: Client;
let db: Database;
let reads: LocalReads;
let app: App;
let store: OrgClient;
let mainCalls = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "local-reads-"));
  file = join(dir, "reads.db");
  client = createClient({ url: `file:${file}` });
  // Counts what reaches the main client, to show which reads the kept statements answered.
  const counting = new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (prop === "execute" || prop === "batch") mainCalls++;
        return value.apply(target, args);
      };
    },
  }) as Client;
  db = createDatabase(counting);
  await migrateDatabase(db);
  reads = openLocalReads(file, 5000);
  ({ app } = await createTestApp({ db, reads }));
  store = await createOrgClient(app, db);
});

afterAll(() => {
  reads?.close();
  client?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function eventWithResults(visibility: "public" | "private" = "public") {
  const s = seeder(db, store.orgId);
  const evt = await s.event({ visibility });
  const ids = await s.players(4);
  const ses = await s.session(evt.id, ids);
  await s.round(evt.id, { sessionId: ses, tables: [{ players: ids, vp: [10, 8, 6, 4] }] });
  return { eventId: evt.id, sessionId: ses, path: `/v1/events/${evt.id}/qualification` };
}

/** Bumps the event's results version from another OS process, as the CLI would write. */
function bumpFromAnotherProcess(eventId: string): void {
  // timeout 0: if a read had left a lock on the file, this write would fail at once (BUSY).
  const script = `const D = require("libsql"); const d = new D(process.argv[1], { timeout: 0 });
    d.prepare("update events set results_version = results_version + 1 where id = ?").run(process.argv[2]);
    d.close();`;
  execFileSync(process.execPath, ["-e", script, file, eventId], { cwd: process.cwd() });
}

describe("ranking scope on the kept statements of a local file", () => {
  it("answers a 304 and a cache hit without the main client", async () => {
    const { path, sessionId } = await eventWithResults();
    const first = await app.request(path);
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    await (await app.request(`/v1/sessions/${sessionId}/standings`)).arrayBuffer();
    const before = mainCalls;
    expect((await app.request(path, { headers: { "if-none-match": etag } })).status).toBe(304);
    expect((await app.request(path)).status).toBe(200);
    expect((await app.request(`/v1/sessions/${sessionId}/standings`)).status).toBe(200);
    expect(mainCalls - before).toBe(0);
  });

  it("sees a write of the main client on the very next read", async () => {
    const { eventId, path } = await eventWithResults();
    const etag = (await app.request(path)).headers.get("etag")!;
    await client.execute({
      sql: "update events set results_version = results_version + 1 where id = ?",
      args: [eventId],
    });
    const next = await app.request(path, { headers: { "if-none-match": etag } });
    expect(next.status).toBe(200);
    expect(next.headers.get("etag")).not.toBe(etag);
  });

  it("sees a write of another process on the very next read, and never blocks it", async () => {
    const { eventId, path } = await eventWithResults();
    const etag = (await app.request(path)).headers.get("etag")!;
    // Right after a read (a 304 and a 200 on the reader): the writer gets the file at once.
    expect((await app.request(path, { headers: { "if-none-match": etag } })).status).toBe(304);
    bumpFromAnotherProcess(eventId);
    const next = await app.request(path, { headers: { "if-none-match": etag } });
    expect(next.status).toBe(200);
    const newTag = next.headers.get("etag")!;
    expect(newTag).not.toBe(etag);
    bumpFromAnotherProcess(eventId);
    expect((await app.request(path, { headers: { "if-none-match": newTag } })).status).toBe(200);
  });

  it("still authorises on the reader: a private event is a 404 without its token", async () => {
    const { path, sessionId } = await eventWithResults("private");
    expect((await app.request(path)).status).toBe(404);
    expect((await app.request(`/v1/sessions/${sessionId}/standings`)).status).toBe(404);
    expect((await app.request(path, { headers: store.auth })).status).toBe(200);
  });

  it("cannot write through the reader (query_only)", () => {
    let refusal: unknown;
    try {
      reads.db.run(sql`delete from events`);
    } catch (error) {
      refusal = (error as { cause?: unknown }).cause ?? error;
    }
    expect(String(refusal)).toMatch(/readonly|query_only|attempt to write/i);
    expect(reads.db.get<{ n: number }>(sql`select count(*) as n from events`).n).toBeGreaterThan(0);
  });
});

describe("scope rows kept until the next commit", () => {
  it("a repeated poll runs no statement; any commit, even elsewhere, makes the next one read again", async () => {
    const { path } = await eventWithResults();
    const etag = (await app.request(path)).headers.get("etag")!;
    const statement = Object.getPrototypeOf(new Libsql(":memory:").prepare("select 1"));
    const get = vi.spyOn(statement, "get");
    try {
      for (let i = 0; i < 3; i++)
        expect((await app.request(path, { headers: { "if-none-match": etag } })).status).toBe(304);
      expect(get).not.toHaveBeenCalled();
      // A write to another table, by the main client: a commit all the same. (An UPDATE that
      // leaves a row as it was writes no page: it commits nothing and moves no stamp.)
      await client.execute(
        "update organizations set name = name || '.' where id = (select min(id) from organizations)",
      );
      expect((await app.request(path, { headers: { "if-none-match": etag } })).status).toBe(304);
      expect(get).toHaveBeenCalledTimes(1);
    } finally {
      get.mockRestore();
    }
  });

  it("the stamp moves with every commit, by this process or another, and stays put otherwise", async () => {
    const { eventId } = await eventWithResults();
    const first = reads.commitStamp();
    expect(first).toBeTypeOf("number");
    expect(reads.commitStamp()).toBe(first);
    await client.execute({ sql: "update events set name = name || '.' where id = ?", args: [eventId] });
    const second = reads.commitStamp();
    expect(second).not.toBe(first);
    bumpFromAnotherProcess(eventId);
    expect(reads.commitStamp()).not.toBe(second);
  });

  it("has no stamp for a database in WAL mode (its counter does not follow commits) or a file of another kind", () => {
    const wal = join(dir, "wal.db");
    const writer = new Libsql(wal);
    writer.exec("pragma journal_mode = wal; create table t (x)");
    const walReads = openLocalReads(wal, 0);
    const junk = join(dir, "junk.db");
    writeFileSync(junk, "not a database, but long enough to have a header of 28 bytes");
    const junkFd = openLocalReads(junk, 0);
    try {
      expect(walReads.commitStamp()).toBeUndefined();
      expect(junkFd.commitStamp()).toBeUndefined();
    } finally {
      walReads.close();
      junkFd.close();
      writer.close();
    }
  });
});

describe("which databases get a local reader", () => {
  it("plain local files only: not :memory:, not an embedded replica, not a remote URL", () => {
    expect(localReadPath("file:./data/catan.db")).toBe("./data/catan.db");
    expect(localReadPath("file:/var/lib/catan.db")).toBe("/var/lib/catan.db");
    expect(localReadPath("file::memory:")).toBeNull();
    expect(localReadPath(":memory:")).toBeNull();
    expect(localReadPath("file:./data/replica.db", { replica: true })).toBeNull();
    expect(localReadPath("libsql://db.turso.io")).toBeNull();
    expect(localReadPath("http://127.0.0.1:8080")).toBeNull();
    expect(localReadPath("file:./x.db?mode=ro")).toBeNull();
  });
});
