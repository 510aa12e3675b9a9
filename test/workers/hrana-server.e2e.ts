import { type Client, createClient } from "@libsql/client/web";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HranaServer, startHranaServer } from "../../src/dev/hrana-server";

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
