/**
 * A database created before the ranking versions existed upgrades in place. The
 * migration adds `roster_version`/`names_version` at 0 on every existing event (its first
 * tag names the data as it stands) and from then on the triggers move them, so the tags of
 * an upgraded database follow writes exactly as those of a fresh one.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, migrateDatabase, openNodeDatabase } from "../../src/db/node";
import { createTestApp } from "../helpers/test-app";

interface Journal {
  entries: { idx: number; tag: string }[];
}

const dir = mkdtempSync(join(tmpdir(), "catan-upgrade-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The migrations folder as it was just before the ranking versions (found by tag, not number). */
function migrationsBeforeRankingVersions(): string {
  const journal = JSON.parse(
    readFileSync(join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8"),
  ) as Journal;
  const at = journal.entries.findIndex((e) => e.tag.endsWith("_ranking_versions"));
  expect(at).toBeGreaterThan(0);
  const before = journal.entries.slice(0, at);
  mkdirSync(join(dir, "meta"), { recursive: true });
  writeFileSync(join(dir, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: before }));
  for (const e of before) copyFileSync(join(MIGRATIONS_FOLDER, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
  return dir;
}

describe("upgrading a database created before the ranking versions", () => {
  it("starts every event at version 0 and the triggers move the tags from there", async () => {
    const { db } = openNodeDatabase(":memory:");
    await migrate(db, { migrationsFolder: migrationsBeforeRankingVersions() });
    await db.run(
      sql`insert into organizations (id, name, kind, created_at) values ('org_1', 'Store', 'store', 'x')`,
    );
    for (const [id, name] of [
      ["ply_1", "Ann"],
      ["ply_2", "Bo"],
      ["ply_3", "Cy"],
    ])
      await db.run(
        sql`insert into players (id, org_id, root_org_id, name, created_at, updated_at) values (${id}, 'org_1', 'org_1', ${name}, 'x', 'x')`,
      );
    await db.run(
      sql`insert into events (id, org_id, name, ruleset, visibility, lot_seed, results_version, created_at, updated_at) values ('evt_1', 'org_1', 'E', '2026', 'public', 's', 3, 'x', 'x')`,
    );
    await db.run(
      sql`insert into sessions (id, event_id, name, created_at) values ('ses_1', 'evt_1', 'S', 'x')`,
    );
    await db.run(
      sql`insert into registrations (session_id, player_id, created_at) values ('ses_1', 'ply_1', 'x'), ('ses_1', 'ply_2', 'x')`,
    );

    await migrateDatabase(db);
    const versions = async () =>
      (
        await db.all<{ results: number; roster: number; names: number }>(
          sql`select results_version as results, roster_version as roster, names_version as names from events where id = 'evt_1'`,
        )
      )[0];
    expect(await versions()).toEqual({ results: 3, roster: 0, names: 0 });

    const { app } = await createTestApp({ storage: { db } });
    const path = "/v1/sessions/ses_1/standings";
    const first = await app.request(path);
    expect(first.status).toBe(200);
    const playerCount = async (res: Response) => ((await res.json()) as { playerCount: number }).playerCount;
    expect(await playerCount(first)).toBe(2);
    const tag = first.headers.get("etag")!;
    expect((await app.request(path, { headers: { "if-none-match": tag } })).status).toBe(304);

    await db.run(
      sql`insert into registrations (session_id, player_id, created_at) values ('ses_1', 'ply_3', 'x')`,
    );
    expect(await versions()).toEqual({ results: 3, roster: 1, names: 0 });
    const second = await app.request(path, { headers: { "if-none-match": tag } });
    expect(second.status).toBe(200);
    expect(await playerCount(second)).toBe(3);

    expect(
      (await app.request(path, { headers: { "if-none-match": second.headers.get("etag")! } })).status,
    ).toBe(304);
    await db.run(sql`update players set name = 'Ann B' where id = 'ply_1'`);
    expect(await versions()).toEqual({ results: 3, roster: 1, names: 1 });
    const renamed = second.headers.get("etag")!;
    expect((await app.request(path, { headers: { "if-none-match": renamed } })).status).toBe(200);
  });
});
