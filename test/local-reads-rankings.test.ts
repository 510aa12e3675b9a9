/**
 * On a local file, a ranking's data batch runs on the reader's statements prepared once
 * (ReadConnection.selectBatch, db/local-reads.ts) instead of the client: the bodies must be the
 * very bytes the client path gives, for every ranking and every kind of table (stored scoring,
 * tables scored from their sheets, disqualifications, 3-player tables, the playoffs), and the
 * reader must see a write committed just before, by this process or the CLI.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Client, createClient } from "@libsql/client";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "../src/db/client";
import { type LocalReads, openLocalReads } from "../src/db/local-reads";
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
let viaReader: App;
let viaClient: App;
let store: OrgClient;
let paths: string[];
let correctable: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "local-reads-rankings-"));
  file = join(dir, "rankings.db");
  client = createClient({ url: `file:${file}` });
  db = createDatabase(client);
  await migrateDatabase(db);
  reads = openLocalReads(file, 5000);
  // Caches that keep nothing: every request builds its body.
  ({ app: viaReader } = await createTestApp({ db, reads, responseCacheBytes: 0 }));
  ({ app: viaClient } = await createTestApp({ db, responseCacheBytes: 0 }));
  store = await createOrgClient(viaReader, db);

  const s = seeder(db, store.orgId);
  const evt = await s.event();
  const p = await s.players(11);
  const first = await s.session(evt.id, p.slice(0, 7));
  const second = await s.session(evt.id, p.slice(4, 11));
  const r1 = await s.round(evt.id, {
    sessionId: first,
    tables: [
      { players: p.slice(0, 4), vp: [10, 8, 6, 4], status: "pending" },
      { players: p.slice(4, 7), vp: [7, 10, 5] },
    ],
  });
  await s.disqualify(evt.id, r1.tableIds[0]!, p[1]!);
  await s.setResult(evt.id, r1.tableIds[0]!, { players: p.slice(0, 4), vp: [10, 8, 6, 4] });
  const r2 = await s.round(evt.id, {
    sessionId: second,
    tables: [
      { players: p.slice(4, 8), vp: [9, 10, 3, 2] },
      { players: p.slice(8, 11), vp: [10, 2, 2] },
    ],
  });
  correctable = r2.tableIds[0]!;
  // A table scored from its sheet on read, beside the stored ones.
  await db.run(sql`update seats set scored = 0 where table_id = ${r2.tableIds[1]!}`);
  await db.run(sql`update table_results set scored_version = null where table_id = ${r2.tableIds[1]!}`);
  paths = [
    `/v1/sessions/${first}/standings`,
    `/v1/sessions/${second}/standings`,
    `/v1/events/${evt.id}/qualification`,
    `/v1/events/${evt.id}/standings`,
  ];
});

afterAll(() => {
  reads?.close();
  client?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function bodies(app: App): Promise<string[]> {
  return Promise.all(
    paths.map(async (path) => {
      const res = await app.request(path, { headers: store.auth });
      expect(res.status, path).toBe(200);
      return res.text();
    }),
  );
}

describe("ranking data on the local reader", () => {
  it("gives the very bytes of the client path for every ranking", async () => {
    const mine = await bodies(viaReader);
    expect(mine).toEqual(await bodies(viaClient));
    const qualification = JSON.parse(mine[2]!);
    expect(qualification.rows.length).toBeGreaterThan(5);
    expect(qualification.disqualified).toHaveLength(1);
  });

  it("sees a write committed just before, by this process", async () => {
    const before = await bodies(viaReader);
    // The zero-win cut of a registration: its row says `eliminated`.
    await db.run(sql`update registrations set eliminated_at = '2026-12-01T00:00:00.000Z'
      where player_id = (select player_id from seats where table_id = ${correctable} and position = 4)`);
    const after = await bodies(viaReader);
    expect(after).not.toEqual(before);
    expect(after).toEqual(await bodies(viaClient));
  });

  it("sees a write of another process (the CLI) on the next read", async () => {
    const [playerId] = (
      await db.all<{ player_id: string }>(
        sql`select player_id from seats where table_id = ${correctable} limit 1`,
      )
    ).map((r) => r.player_id);
    // timeout 0: a lock left by a read would make this write fail at once (BUSY).
    const script = `const D = require("libsql"); const d = new D(process.argv[1], { timeout: 0 });
      d.prepare("update players set name = 'Renamed Elsewhere' where id = ?").run(process.argv[2]);
      d.close();`;
    execFileSync(process.execPath, ["-e", script, file, playerId!], { cwd: process.cwd() });
    const mine = await bodies(viaReader);
    expect(mine[3]).toContain("Renamed Elsewhere");
    expect(mine).toEqual(await bodies(viaClient));
  });
});
