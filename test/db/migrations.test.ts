import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, migrateDatabase, openNodeDatabase } from "../../src/db/node";
import { orgFeedRowsStatement } from "../../src/services/outbox";

const EXPECTED_TABLES = [
  "api_clients",
  "audit_log",
  "avoid_pairs",
  "boards",
  "calendar_links",
  "conduct_warnings",
  "device_pairings",
  "device_sessions",
  "discord_guilds",
  "discord_link_requests",
  "discord_setup_codes",
  "disqualifications",
  "event_staff",
  "event_tags",
  "events",
  "game_tables",
  "heartbeats",
  "idempotency_keys",
  "organizations",
  "outbox",
  "outbox_orgs",
  "player_merges",
  "players",
  "programme_exclusions",
  "push_state",
  "registrations",
  "result_confirmations",
  "result_disputes",
  "result_revisions",
  "rounds",
  "seat_code_failures",
  "seats",
  "series",
  "sessions",
  "table_results",
  "table_timers",
  "webhook_deliveries",
  "webhook_subscriptions",
  "write_preconditions",
];

async function tableNames(db: ReturnType<typeof openNodeDatabase>["db"]): Promise<string[]> {
  const rows = await db.all<{ name: string }>(
    sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' order by name`,
  );
  return rows.map((r) => r.name);
}

const dir = mkdtempSync(join(tmpdir(), "catan-migrations-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("migrations", () => {
  it("apply to a fresh :memory: database", async () => {
    const { db } = openNodeDatabase(":memory:");
    await migrateDatabase(db);
    expect(await tableNames(db)).toEqual(EXPECTED_TABLES);
  });

  it("apply to a fresh file database, creating its folder, and are idempotent on restart", async () => {
    const url = `file:${join(dir, "nested", "catan.db")}`;
    const first = openNodeDatabase(url);
    await migrateDatabase(first.db);
    first.client.close();
    const second = openNodeDatabase(url);
    await migrateDatabase(second.db);
    expect(await tableNames(second.db)).toEqual(EXPECTED_TABLES);
    second.client.close();
  });

  it("let the database enforce a player at most once per round", async () => {
    const { db } = openNodeDatabase(":memory:");
    await migrateDatabase(db);
    await db.run(
      sql`insert into organizations (id, name, kind, created_at) values ('org_1', 'Store', 'store', 'x')`,
    );
    await db.run(
      sql`insert into players (id, org_id, root_org_id, name, created_at, updated_at) values ('ply_1', 'org_1', 'org_1', 'Ann', 'x', 'x')`,
    );
    await db.run(
      sql`insert into events (id, org_id, name, ruleset, visibility, lot_seed, created_at, updated_at) values ('evt_1', 'org_1', 'E', '2026', 'public', 's', 'x', 'x')`,
    );
    await db.run(
      sql`insert into sessions (id, event_id, name, created_at) values ('ses_1', 'evt_1', 'S', 'x')`,
    );
    await db.run(
      sql`insert into rounds (id, event_id, session_id, kind, number, method, created_at) values ('rnd_1', 'evt_1', 'ses_1', 'prelim', 1, 'generated', 'x')`,
    );
    await db.run(
      sql`insert into game_tables (id, round_id, number, created_at) values ('tbl_1', 'rnd_1', 1, 'x'), ('tbl_2', 'rnd_1', 2, 'x')`,
    );
    await db.run(
      sql`insert into seats (table_id, round_id, player_id, position) values ('tbl_1', 'rnd_1', 'ply_1', 1)`,
    );
    await expect(
      db.run(
        sql`insert into seats (table_id, round_id, player_id, position) values ('tbl_2', 'rnd_1', 'ply_1', 1)`,
      ),
    ).rejects.toThrow();
    await expect(
      db.run(
        sql`insert into players (id, org_id, root_org_id, name, created_at, updated_at) values ('ply_2', 'org_missing', 'org_missing', 'Bo', 'x', 'x')`,
      ),
    ).rejects.toThrow();
  });

  it("keep one organisation per Discord server: of two links of one server, the one changed last", async () => {
    // The migrations before the one that keys servers by their id alone.
    const before = join(dir, "before-one-discord-application");
    cpSync(MIGRATIONS_FOLDER, before, { recursive: true });
    const journalFile = join(before, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalFile, "utf8"));
    const at = journal.entries.findIndex((e: { tag: string }) => e.tag.endsWith("_one_discord_application"));
    expect(at).toBeGreaterThan(0);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    const { db } = openNodeDatabase(":memory:");
    await migrate(db, { migrationsFolder: before });
    await db.run(sql`insert into organizations (id, name, kind, created_at) values
      ('org_a', 'A', 'store', 'x'), ('org_b', 'B', 'store', 'x')`);
    await db.run(sql`insert into discord_guilds (org_id, guild_id, linked_by, created_at, updated_at) values
      ('org_a', '900', '1', '2026-01-01', '2026-03-01'),
      ('org_b', '900', '1', '2026-01-01', '2026-02-01'),
      ('org_b', '901', '1', '2026-01-01', '2026-01-01')`);
    await migrateDatabase(db);
    expect(await db.all(sql`select guild_id, org_id from discord_guilds order by guild_id`)).toEqual([
      { guild_id: "900", org_id: "org_a" },
      { guild_id: "901", org_id: "org_b" },
    ]);
  });

  it("file the notifications already in the outbox under every organisation of their ancestry", async () => {
    // The migrations before the change feeds' index of the outbox.
    const before = join(dir, "before-outbox-orgs");
    cpSync(MIGRATIONS_FOLDER, before, { recursive: true });
    const journalFile = join(before, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalFile, "utf8"));
    const at = journal.entries.findIndex((e: { tag: string }) => e.tag.endsWith("_outbox_orgs"));
    expect(at).toBeGreaterThan(0);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    const { db, client } = openNodeDatabase(":memory:");
    await migrate(db, { migrationsFolder: before });
    await db.run(sql`insert into outbox (id, type, org_id, ancestry, event_id, data, created_at) values
      ('msg_1', 'round.seated', 'org_a', '["org_a","org_fed"]', 'evt_a', '{}', 'x'),
      ('msg_2', 'round.seated', 'org_b', '["org_b"]', 'evt_b', '{}', 'x'),
      ('msg_3', 'result.submitted', 'org_a', '["org_a","org_fed"]', 'evt_a', '{}', 'x')`);
    await migrateDatabase(db);
    const feed = async (orgId: string) =>
      (await client.execute(orgFeedRowsStatement(orgId, 0, 10))).rows.map((r) => [r.seq, r.id]);
    expect(await feed("org_fed")).toEqual([
      [1, "msg_1"],
      [3, "msg_3"],
    ]);
    expect(await feed("org_a")).toEqual([
      [1, "msg_1"],
      [3, "msg_3"],
    ]);
    expect(await feed("org_b")).toEqual([[2, "msg_2"]]);
  });
});
