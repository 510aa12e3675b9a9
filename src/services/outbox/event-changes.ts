import type { InStatement } from "@libsql/client";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { PRUNED_THROUGH_KEY } from "./retention";

/** One results version of an event as the per-event feed replays it. */
export interface ResultsChange {
  resultsVersion: number;
  /** The session whose ranking moved (null: the event's, e.g. playoffs or a merge). */
  sessionId: string | null;
  /** The table of the change (null for a drop, a no-show or a merge). */
  tableId: string | null;
  /** The notification types of the change, in order, ending with `standings.changed`. */
  types: string[];
  /** Outbox position of the version's `standings.changed`: where the next read starts. */
  seq: number;
}

/**
 * The notification types the per-event feed shows. Every batch that bumps resultsVersion writes
 * some of these, `standings.changed` last (standings-notice.ts): to show a new kind of change in
 * the feed, write its notification with `outboxStatements` (webhooks) in the change's own batch,
 * with the event's id, and list its type here. Writers need nothing else: the live feeds of both
 * runtimes read the outbox (and on Workers the batch's notices wake the event's object).
 */
const EVENT_FEED_TYPES = [
  "result.submitted",
  "result.confirmed",
  "result.final",
  "result.corrected",
  "player.disqualified",
  "event.completed",
  "standings.changed",
];

interface Row {
  seq: number;
  type: string;
  version: number | null;
  session_id: string | null;
  table_id: string | null;
}

/**
 * Where one event's feed resumes at `version`: right after `version` was committed (the seq of
 * its `standings.changed`, 0 for version 0), or null when the outbox no longer holds it (past
 * the retention window, or committed before versions were announced) and cannot say what came
 * after.
 */
export async function eventFeedPosition(
  db: Database,
  eventId: string,
  version: number,
): Promise<number | null> {
  const [row] = await db.all<{ seq: number | null; pruned: number | null; first: number | null }>(sql`
    select (select seq from outbox where event_id = ${eventId} and type = 'standings.changed'
              and json_extract(data, '$.resultsVersion') = ${version}
            order by seq desc limit 1) as seq,
           (select value from push_state where key = ${PRUNED_THROUGH_KEY}) as pruned,
           (select min(seq) from outbox where event_id = ${eventId}) as first`);
  if (row?.seq != null) return row.seq;
  if (version !== 0) return null;
  // Version 0 is the event before any result: all of its notifications follow, unless some were pruned.
  const pruned = row?.pruned ?? 0;
  return pruned === 0 || (row?.first != null && row.first > pruned) ? 0 : null;
}

/** The statement reading one event's feed rows after outbox position `seq` (at most `limit`). */
export function eventFeedRowsStatement(eventId: string, seq: number, limit: number): InStatement {
  return {
    sql: `select seq, type,
                 json_extract(data, '$.resultsVersion') as version,
                 json_extract(data, '$.sessionId') as session_id,
                 json_extract(data, '$.tableId') as table_id
          from outbox
          where event_id = ? and seq > ? and type in (${EVENT_FEED_TYPES.map(() => "?").join(", ")})
          order by seq limit ?`,
    args: [eventId, seq, ...EVENT_FEED_TYPES, limit],
  };
}

/**
 * The versions among rows read by `eventFeedRowsStatement`, oldest first: rows of one event's
 * batches grouped by the `standings.changed` that ends each; a group cut by the page's end is
 * left for the next read.
 */
export function eventFeedChanges(rows: readonly Record<string, unknown>[]): ResultsChange[] {
  const out: ResultsChange[] = [];
  let types: string[] = [];
  let tableId: string | null = null;
  for (const row of rows as unknown as Row[]) {
    types.push(row.type);
    tableId ??= row.table_id;
    if (row.type === "standings.changed" && row.version !== null) {
      out.push({ resultsVersion: row.version, sessionId: row.session_id, tableId, types, seq: row.seq });
      types = [];
      tableId = null;
    }
  }
  return out;
}
