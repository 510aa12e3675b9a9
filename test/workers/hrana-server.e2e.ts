import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Client, createClient } from "@libsql/client/web";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HranaServer, startHranaServer } from "../../tools/hrana-server";

// The harness must behave like Turso for the client the Worker uses, or the Worker test proves
// nothing: these run @libsql/client/web from Node against it.
let server: HranaServer;
let client: Client;

beforeAll(async () => {
  server = await startHranaServer({ authToken: "harness-token" });
  client = createClient({ url: server.url, authToken: "harness-token" });
  await client.execute("create table t (id integer primary key, name text unique, score real, data blob)");
});

afterAll(async () => {
  client?.close();
  await server?.close();
});

describe("Hrana-over-HTTP test harness", () => {
  it("round-trips every value type and reports writes", async () => {
    const big = 9007199254740993n; // above 2^53: must stay exact
    const insert = await client.execute({
      sql: "insert into t (id, name, score, data) values (?, ?, ?, ?)",
      args: [big, "Å ä 🎲", 1.5, new Uint8Array([0, 255, 7])],
    });
    expect(insert.rowsAffected).toBe(1);
    expect(insert.lastInsertRowid).toBe(big);
    const exact = createClient({ url: server.url, authToken: "harness-token", intMode: "bigint" });
    const named = await exact.execute({
      sql: "select id, name, score, data, null as empty from t where name = :name",
      args: { name: "Å ä 🎲" },
    });
    expect(named.columns).toEqual(["id", "name", "score", "data", "empty"]);
    const row = named.rows[0]!;
    exact.close();
    expect(row.id).toBe(big);
    expect(row.name).toBe("Å ä 🎲");
    expect(row.score).toBe(1.5);
    expect([...new Uint8Array(row.data as ArrayBuffer)]).toEqual([0, 255, 7]);
    expect(row.empty).toBeNull();
    const returning = await client.execute("update t set score = 2 returning name");
    expect(returning.rowsAffected).toBe(1);
  });

  it("runs a batch atomically: a failing statement rolls back the ones before it", async () => {
    await expect(
      client.batch(
        [
          { sql: "insert into t (id, name) values (?, ?)", args: [1, "first"] },
          { sql: "insert into t (id, name) values (?, ?)", args: [2, "Å ä 🎲"] }, // unique violation
        ],
        "write",
      ),
    ).rejects.toMatchObject({ code: expect.stringMatching(/^SQLITE_CONSTRAINT/) });
    expect((await client.execute("select count(*) as n from t where id = 1")).rows[0]!.n).toBe(0);
    const results = await client.batch(
      [
        { sql: "insert into t (id, name) values (?, ?)", args: [1, "first"] },
        "select name from t order by id",
      ],
      "write",
    );
    expect(results[1]!.rows.map((r) => r.name)).toEqual(["first", "Å ä 🎲"]);
  });

  it("runs interactive transactions over batons and executeMultiple", async () => {
    const tx = await client.transaction("write");
    await tx.execute({ sql: "insert into t (id, name) values (?, ?)", args: [3, "in tx"] });
    // One writer: another stream waits its turn (here: is refused) while the transaction is open.
    await expect(client.execute("select 1")).rejects.toMatchObject({ code: "SQLITE_BUSY" });
    await tx.rollback();
    expect((await client.execute("select count(*) as n from t where id = 3")).rows[0]!.n).toBe(0);
    await client.executeMultiple(
      "insert into t (id, name) values (4, 'a'); insert into t (id, name) values (5, 'b');",
    );
    expect((await client.execute("select count(*) as n from t")).rows[0]!.n).toBe(4);
  });

  it("refuses a wrong token", async () => {
    const intruder = createClient({ url: server.url, authToken: "wrong" });
    await expect(intruder.execute("select 1")).rejects.toThrow();
    intruder.close();
  });
});

// The replication routes an embedded replica pulls from (hrana-sync.ts), read as the libsql
// client reads them: 4120-byte frames, a commit frame's size field, the end as a 400.
describe("Hrana test harness: embedded-replica sync routes", () => {
  let dir: string;
  let primary: HranaServer;
  let writer: Client;
  const FRAME = 24 + 4096;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "hrana-sync-"));
    primary = await startHranaServer({ path: join(dir, "primary.db"), sync: true });
    writer = createClient({ url: primary.url });
    await writer.execute("create table t (id integer primary key, name text)");
  });

  afterAll(async () => {
    writer?.close();
    await primary?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (path: string) => fetch(`${primary.url}${path}`);
  const frames = async (path: string) => Buffer.from(await (await get(path)).arrayBuffer());

  it("serves the generation, its snapshot, and the committed frames up to a 400 with the generation", async () => {
    expect(await (await get("/info")).json()).toEqual({ current_generation: 1 });
    const snapshot = await frames("/export/1");
    expect(snapshot.subarray(0, 16).toString("latin1")).toBe("SQLite format 3\0");
    expect(snapshot[18]).toBe(2); // WAL mode, so the replica opens its copy in WAL mode too

    const first = await frames("/sync/1/1/129");
    expect(first.length % FRAME).toBe(0);
    const count = first.length / FRAME;
    expect(first.readUInt32BE((count - 1) * FRAME + 4)).toBeGreaterThan(0); // ends on a commit
    const end = await get(`/sync/1/${count + 1}/${count + 129}`);
    expect(end.status).toBe(400);
    expect(await end.json()).toEqual({ generation: 1 });

    await writer.execute({ sql: "insert into t (name) values (?)", args: ["next"] });
    const next = await frames(`/sync/1/${count + 1}/${count + 129}`);
    expect(next.length).toBeGreaterThanOrEqual(FRAME);
    // The range's end is exclusive: one frame asked for, one served.
    expect((await frames("/sync/1/1/2")).length).toBe(FRAME);
  });

  it("does not serve the frames of a transaction that has not committed", async () => {
    const before = (await frames("/sync/1/1/100000")).length / FRAME;
    const walBytes = () => statSync(join(dir, "primary.db-wal")).size;
    const walBefore = walBytes();
    const tx = await writer.transaction("write");
    // Enough rows to spill pages into the WAL before the commit.
    await tx.execute({
      sql: "insert into t (name) select printf('%0500d', value) from generate_series(1, 20000)",
      args: [],
    });
    expect(walBytes()).toBeGreaterThan(walBefore); // its pages are in the WAL file…
    expect((await get(`/sync/1/${before + 1}/${before + 100000}`)).status).toBe(400); // …not served
    await tx.commit();
    expect((await frames(`/sync/1/${before + 1}/${before + 100000}`)).length).toBeGreaterThan(0);
  });

  it("refuses a primary without a file", async () => {
    await expect(startHranaServer({ sync: true })).rejects.toThrow(/needs a database file/);
  });
});
