/**
 * What an organisation's change feed reads (the SSE and live feeds, the export): its page of
 * notifications is found through an index of (organisation, seq), so the work follows the
 * reader's own rows, not every tenant's in the outbox. A notification still belongs to each
 * organisation of the ancestry it was written with, and pruning takes its index rows with it.
 */
import type { InArgs } from "@libsql/client";
import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { orgChangesOf, orgFeedRowsStatement, outboxStatements, pruneOutbox } from "../../src/services/outbox";
import { systemContext } from "../helpers/auth";
import { createTestDatabase } from "../helpers/test-app";

const DAY = 24 * 3_600_000;

let db: Database;

beforeEach(async () => {
  db = await createTestDatabase();
});

/** Records one notification per entry, through the outbox statements every write uses. */
async function record(entries: { orgId: string; ancestry: string[]; at?: Date }[]) {
  const statements: BatchItem<"sqlite">[] = [];
  for (const { orgId, ancestry, at } of entries) {
    const ctx = systemContext(db, () => at ?? new Date());
    statements.push(
      ...outboxStatements(ctx, {
        type: "result.submitted",
        orgId,
        ancestry,
        data: { tableId: `tbl_${orgId}` },
      }),
    );
  }
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

async function feed(orgId: string, after = 0, limit = 200) {
  const result = await db.$client.execute(orgFeedRowsStatement(orgId, after, limit));
  return orgChangesOf(result.rows).map((c) => ({ seq: c.seq, orgId: c.orgId }));
}

describe("an organisation's change feed statement", () => {
  it("finds its page through the organisation's index, without walking other tenants' outbox rows", async () => {
    const busy = Array.from({ length: 50 }, () => ({ orgId: "org_busy", ancestry: ["org_busy"] }));
    await record([...busy, { orgId: "org_quiet", ancestry: ["org_quiet", "org_fed"] }, ...busy]);

    const stmt = orgFeedRowsStatement("org_quiet", 0, 200) as { sql: string; args: InArgs };
    const plan = await db.$client.execute({ sql: `explain query plan ${stmt.sql}`, args: stmt.args });
    const details = plan.rows.map((r) => String(r.detail));
    const text = details.join("\n");
    // One range of the index, for this organisation after the position, already in seq order.
    expect(text).toMatch(/^SEARCH \w+ USING (COVERING INDEX \w+|PRIMARY KEY) \(org_id=\? AND seq>\?\)$/m);
    // Every other read is one outbox row by its seq: no scan, no json_each, no sort of a whole range.
    const others = details.filter((d) => !/\(org_id=\? AND seq>\?\)$/.test(d));
    expect(
      others.every((d) => /^SEARCH \w+ USING INTEGER PRIMARY KEY \(rowid=\?\)$/.test(d)),
      text,
    ).toBe(true);

    expect(await feed("org_quiet")).toEqual([{ seq: 51, orgId: "org_quiet" }]);
  });

  it("gives each organisation of a notification's recorded ancestry that notification, in seq order, resuming by seq", async () => {
    await record([
      { orgId: "org_a", ancestry: ["org_a", "org_fed"] },
      { orgId: "org_b", ancestry: ["org_b"] },
      { orgId: "org_fed", ancestry: ["org_fed"] },
      // Written while org_a belonged to another federation: it stays that tree's.
      { orgId: "org_a", ancestry: ["org_a", "org_old"] },
      { orgId: "org_a", ancestry: ["org_a", "org_fed"] },
    ]);
    expect(await feed("org_fed")).toEqual([
      { seq: 1, orgId: "org_a" },
      { seq: 3, orgId: "org_fed" },
      { seq: 5, orgId: "org_a" },
    ]);
    expect(await feed("org_fed", 1, 1)).toEqual([{ seq: 3, orgId: "org_fed" }]);
    expect(await feed("org_a", 1)).toEqual([
      { seq: 4, orgId: "org_a" },
      { seq: 5, orgId: "org_a" },
    ]);
    expect(await feed("org_old")).toEqual([{ seq: 4, orgId: "org_a" }]);
    expect(await feed("org_b")).toEqual([{ seq: 2, orgId: "org_b" }]);
    expect(await feed("org_none")).toEqual([]);
  });

  it("loses what pruning drops, index rows included, and keeps the rest", async () => {
    const old = new Date(Date.now() - 8 * DAY);
    await record([
      { orgId: "org_a", ancestry: ["org_a", "org_fed"], at: old },
      { orgId: "org_b", ancestry: ["org_b"], at: old },
      { orgId: "org_a", ancestry: ["org_a", "org_fed"] },
    ]);
    expect(await pruneOutbox(db, new Date())).toBe(2);
    expect(await feed("org_fed")).toEqual([{ seq: 3, orgId: "org_a" }]);
    expect(await feed("org_b")).toEqual([]);
    const index = await db.all<{ org_id: string; seq: number }>(
      sql`select org_id, seq from outbox_orgs order by org_id, seq`,
    );
    expect(index).toEqual([
      { org_id: "org_a", seq: 3 },
      { org_id: "org_fed", seq: 3 },
    ]);
  });
});
