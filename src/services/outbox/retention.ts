import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";

/** How long notifications stay replayable by the change feed and export (and retried deliveries last). */
const OUTBOX_RETENTION_MS = 7 * 24 * 3_600_000;
export const PRUNED_THROUGH_KEY = "outbox_pruned_through";

/**
 * Drops notifications older than the retention window with their deliveries, and remembers the
 * highest seq dropped so a feed resumed from before it can say that it missed something. A
 * delivery still pending after the window (its subscription disabled or paused that long, or
 * its lane held back by a receiver that fails slowly) goes with its notification: waiting for
 * it would keep every tenant's notifications for as long as one subscription stays paused.
 */
export async function pruneOutbox(
  db: Database,
  now: Date,
  retentionMs = OUTBOX_RETENTION_MS,
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionMs).toISOString();
  const [row] = await db.all<{ seq: number | null }>(sql`
    select max(o.seq) as seq from outbox o where o.created_at < ${cutoff}`);
  const through = row?.seq ?? null;
  if (through === null) return 0;
  const [, , , deleted] = await db.batch([
    db.run(sql`insert into push_state (key, value) values (${PRUNED_THROUGH_KEY}, ${through})
               on conflict (key) do update set value = max(value, excluded.value)`),
    db.run(sql`delete from webhook_deliveries where outbox_seq <= ${through}`),
    // Found from the pruned notifications' ancestries (before they go), key by key: a range on
    // seq alone would read the whole index, every tenant's window, on every prune.
    db.run(sql`delete from outbox_orgs where (org_id, seq) in
               (select a.value, o.seq from outbox o, json_each(o.ancestry) a where o.seq <= ${through})`),
    db.run(sql`delete from outbox where seq <= ${through}`),
  ]);
  return deleted.rowsAffected;
}
