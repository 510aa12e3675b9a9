import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openNodeDatabase } from "../../src/db/node";

// Two processes on one local database file, as the docs have it: `npm start` serving while
// `npm run demo` or the CLI writes from another shell. A write that meets the other process's
// write lock waits for it (SQLite's busy timeout) instead of failing at once with SQLITE_BUSY,
// which the server answered as a 500 (found by test/e2e/readme-commands.test.ts).
const dir = mkdtempSync(join(tmpdir(), "catan-writers-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HOLDER = `
const Database = require("libsql");
const db = new Database(process.argv[1]);
db.exec("BEGIN IMMEDIATE");
db.exec("INSERT INTO t VALUES ('other process')");
console.log("locked");
setTimeout(() => { db.exec("COMMIT"); db.close(); }, 400);
`;

describe("a local database file written by two processes", () => {
  it("waits for the other process's write lock instead of failing with SQLITE_BUSY", async () => {
    const path = join(dir, "catan.db");
    const { client } = openNodeDatabase(`file:${path}`);
    try {
      await client.execute("CREATE TABLE t (who TEXT)");
      const holder = spawn(process.execPath, ["-e", HOLDER, path], { stdio: ["ignore", "pipe", "inherit"] });
      const exited = new Promise((done) => holder.on("exit", done));
      await new Promise<void>((locked) =>
        holder.stdout.on("data", (d) => String(d).includes("locked") && locked()),
      );
      await client.execute("INSERT INTO t VALUES ('this process')");
      await exited;
      const rows = await client.execute("SELECT who FROM t ORDER BY rowid");
      expect(rows.rows.map((r) => r.who)).toEqual(["other process", "this process"]);
    } finally {
      client.close();
    }
  });
});
