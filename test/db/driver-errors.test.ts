/**
 * Constraint violations, trigger refusals and storage failures are recognised by the driver's
 * error codes on every client the project uses: a local file, `:memory:`, a remote URL over
 * Hrana (the test server in tools/), the Workers' web client and an embedded replica (whose
 * writes go to its primary over Hrana).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, LibsqlError } from "@libsql/client";
import { createClient as createWebClient } from "@libsql/client/web";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "../../src/db/client";
import {
  driverCode,
  guardRaisedByDatabase,
  isConstraintError,
  ruleRaisedByDatabase,
  storageFailure,
} from "../../src/db/errors";
import { openNodeDatabase } from "../../src/db/node";
import { type HranaServer, startHranaServer } from "../../tools/hrana-server";
import { startHranaThread, type ThreadedHranaServer } from "../helpers/hrana-thread";

let dir: string;
let server: HranaServer;
let primary: ThreadedHranaServer;
const clients: { name: string; db: Database; close: () => void }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "catan-driver-errors-"));
  server = await startHranaServer({});
  primary = await startHranaThread({ path: join(dir, "primary.db"), sync: true });
  const replica = openNodeDatabase(`file:${join(dir, "replica.db")}`, undefined, {
    syncUrl: primary.url,
    syncIntervalSeconds: 3600,
  });
  await replica.client.sync();
  const local = (url: string) => createClient({ url });
  for (const [name, client] of [
    [":memory:", local(":memory:")],
    ["local file", local(`file:${join(dir, "local.db")}`)],
    ["remote (Hrana over HTTP)", local(server.url)],
    ["Workers web client", createWebClient({ url: server.url })],
    ["embedded replica", replica.client],
  ] as const) {
    clients.push({ name, db: createDatabase(client), close: () => client.close() });
  }
  // Both Hrana clients share the test server's database: one of them creates the tables.
  const created = new Set<string>();
  for (const { name, db } of clients) {
    const target = name.includes("Hrana") || name.includes("Workers") ? "server" : name;
    if (created.has(target)) continue;
    created.add(target);
    await db.batch([
      db.run(sql`create table probe (id text primary key, u text unique, n integer check (n > 0))`),
      db.run(
        sql`create trigger probe_guard before insert on probe when new.id = 'locked'
          begin select raise(abort, 'phase_locked: a later phase is seated'); end`,
      ),
      db.run(
        sql`create trigger probe_rule before insert on probe when new.id = 'final'
          begin select raise(abort, 'rule_1_3_5: the result is final'); end`,
      ),
      db.run(sql`insert into probe values ('a', 'a', 1)`),
    ]);
  }
}, 60_000);

afterAll(async () => {
  for (const { close } of clients) close();
  await server?.close();
  await primary?.close();
  rmSync(dir, { recursive: true, force: true });
});

const refusal = (run: Promise<unknown>) =>
  run.then(
    () => {
      throw new Error("the statement was accepted");
    },
    (error: unknown) => error,
  );

describe("database errors are recognised by the driver's codes", () => {
  it("on every client: a duplicate primary key or unique value is a constraint error, a CHECK is not", async () => {
    for (const { name, db } of clients) {
      const duplicateKey = await refusal(db.run(sql`insert into probe values ('a', 'x', 1)`));
      const duplicateInBatch = await refusal(db.batch([db.run(sql`insert into probe values ('b', 'a', 1)`)]));
      const check = await refusal(db.run(sql`insert into probe values ('c', 'c', 0)`));
      expect(driverCode(duplicateKey)?.primary, name).toBe("SQLITE_CONSTRAINT");
      expect(isConstraintError(duplicateKey), name).toBe(true);
      expect(isConstraintError(duplicateInBatch), name).toBe(true);
      expect(isConstraintError(check), name).toBe(false);
      expect(isConstraintError(new Error("UNIQUE constraint failed: probe.id")), name).toBe(false);
    }
  });

  it("on every client: a trigger's refusal names its guard or rule, and is not a lost race", async () => {
    for (const { name, db } of clients) {
      const locked = await refusal(db.run(sql`insert into probe values ('locked', 'l', 1)`));
      const final = await refusal(db.batch([db.run(sql`insert into probe values ('final', 'f', 1)`)]));
      expect(guardRaisedByDatabase(locked), name).toBe("phase_locked");
      expect(ruleRaisedByDatabase(final), name).toBe("1.3.5");
      expect(isConstraintError(locked), name).toBe(false);
      // The same words in an error that is not the database's are nobody's guard.
      expect(guardRaisedByDatabase(new Error("phase_locked: x")), name).toBeNull();
    }
  });

  it("reads sqld's answer, which names only the primary code, as the Hrana client builds it", () => {
    const sqld = (message: string) => new LibsqlError(message, "SQLITE_CONSTRAINT");
    expect(isConstraintError(sqld("UNIQUE constraint failed: probe.id"))).toBe(true);
    expect(isConstraintError(sqld("CHECK constraint failed: n > 0"))).toBe(false);
    expect(guardRaisedByDatabase(sqld("stale_read: seats of table t"))).toBe("stale_read");
    expect(storageFailure(new LibsqlError("database or disk is full", "SQLITE_FULL"))).toBe("full");
    expect(storageFailure(new LibsqlError("disk I/O error", "SQLITE_IOERR"))).toBe("unavailable");
  });

  it("on every client: a full database and a read-only one are storage failures", async () => {
    for (const { name, db } of clients) {
      if (name === "embedded replica") continue; // its writes are the remote client's: covered above
      const [{ pages }] = (await db.all(sql`select page_count as pages from pragma_page_count()`)) as [
        { pages: number },
      ];
      await db.run(sql.raw(`pragma max_page_count = ${pages}`));
      const full = await refusal(db.run(sql`insert into probe values ('big', randomblob(9000), 1)`));
      await db.run(sql`pragma max_page_count = 1073741823`);
      await db.run(sql`pragma query_only = 1`);
      const readOnly = await refusal(db.run(sql`update probe set n = 2 where id = 'a'`));
      await db.run(sql`pragma query_only = 0`);
      expect(storageFailure(full), name).toBe("full");
      expect(storageFailure(readOnly), name).toBe("read-only");
      expect(isConstraintError(full), name).toBe(false);
    }
  });
});
