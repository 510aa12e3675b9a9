import { eq, sql } from "drizzle-orm";
import { events } from "../db/schema";
import { canReadEvent, readableEvent } from "./access";
import type { ServiceContext } from "./context";
import { PRUNED_THROUGH_KEY } from "./webhooks";

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

export interface ChangeFeed {
  /** The results version when the feed opened. */
  resultsVersion: number;
  /**
   * The version now, one primary-key read cheap enough to poll; undefined once the event is
   * gone or the caller may no longer read it (it turned private), which ends the feed.
   */
  poll(): Promise<number | undefined>;
  /**
   * Outbox positions for resuming: `after` is right after `version` was committed (the seq of
   * its `standings.changed`, 0 for version 0), or null when the outbox no longer holds it (past
   * the retention window, or committed before versions were announced) and cannot say what came
   * after; `latest` is the event's newest notification (where a feed without a past starts).
   */
  position(version: number): Promise<{ after: number | null; latest: number }>;
  /** The versions committed after outbox position `seq`, oldest first (at most `limit` rows read). */
  changesAfter(seq: number, limit: number): Promise<ResultsChange[]>;
}

// Every batch that bumps resultsVersion writes these, `standings.changed` last (standings-notice.ts).
const RESULT_TYPES = [
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

/** Rows of one event's batches, grouped into versions; a group cut by the page's end is left for the next read. */
function group(rows: readonly Row[]): ResultsChange[] {
  const out: ResultsChange[] = [];
  let types: string[] = [];
  let tableId: string | null = null;
  for (const row of rows) {
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

/** Authorises a change feed on an event the caller may read. */
export async function openChangeFeed(ctx: ServiceContext, eventId: string): Promise<ChangeFeed> {
  const event = await readableEvent(ctx, eventId);
  return {
    resultsVersion: event.resultsVersion,
    async poll() {
      const [row] = await ctx.db
        .select({ version: events.resultsVersion, visibility: events.visibility })
        .from(events)
        .where(eq(events.id, eventId));
      // The organisation tree never changes; only the visibility can take the event away.
      return row && canReadEvent(ctx.actor, { ...event, visibility: row.visibility })
        ? row.version
        : undefined;
    },
    async position(version) {
      const [row] = await ctx.db.all<{
        seq: number | null;
        pruned: number | null;
        first: number | null;
        latest: number | null;
      }>(sql`
        select (select seq from outbox where event_id = ${eventId} and type = 'standings.changed'
                  and json_extract(data, '$.resultsVersion') = ${version}
                order by seq desc limit 1) as seq,
               (select value from push_state where key = ${PRUNED_THROUGH_KEY}) as pruned,
               (select min(seq) from outbox where event_id = ${eventId}) as first,
               (select max(seq) from outbox where event_id = ${eventId}) as latest`);
      const latest = row?.latest ?? 0;
      if (row?.seq != null) return { after: row.seq, latest };
      if (version !== 0) return { after: null, latest };
      // Version 0 is the event before any result: all of its notifications follow, unless some were pruned.
      const pruned = row?.pruned ?? 0;
      const intact = pruned === 0 || (row?.first != null && row.first > pruned);
      return { after: intact ? 0 : null, latest };
    },
    async changesAfter(seq, limit) {
      const rows = await ctx.db.all<Row>(sql`
        select seq, type,
               json_extract(data, '$.resultsVersion') as version,
               json_extract(data, '$.sessionId') as session_id,
               json_extract(data, '$.tableId') as table_id
        from outbox
        where event_id = ${eventId} and seq > ${seq}
          and type in (${sql.join(
            RESULT_TYPES.map((t) => sql`${t}`),
            sql`, `,
          )})
        order by seq limit ${limit}`);
      return group(rows);
    },
  };
}
