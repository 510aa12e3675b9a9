import { sql } from "drizzle-orm";
import { assertOrgReadable } from "../access";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { prunedThrough } from "./retention";

/** One notification as the change feed and the export show it. */
export interface OrgChange {
  seq: number;
  id: string;
  type: string;
  orgId: string;
  eventId: string | null;
  timestamp: string;
  data: unknown;
}

interface Row {
  seq: number;
  id: string;
  type: string;
  org_id: string;
  event_id: string | null;
  data: string;
  created_at: string;
}

const toChange = (r: Row): OrgChange => ({
  seq: r.seq,
  id: r.id,
  type: r.type,
  orgId: r.org_id,
  eventId: r.event_id,
  timestamp: r.created_at,
  data: JSON.parse(r.data),
});

export interface OrgChangeFeed {
  /** The newest seq now (where a fresh feed starts). */
  latest(): Promise<number>;
  /** Notifications of the organisation tree after `seq`, oldest first. */
  after(seq: number, limit: number): Promise<OrgChange[]>;
  /** Everything at or below this seq may have been pruned. */
  prunedThrough(): Promise<number>;
}

/**
 * The change feed of an organisation and its descendants: members of the organisation or
 * of an ancestor. Ids are the outbox seq: monotonic, so `Last-Event-ID` resumes exactly.
 */
export async function openOrgChanges(ctx: ServiceContext, orgId: string): Promise<OrgChangeFeed> {
  await assertOrgReadable(ctx, orgId);
  return {
    async latest() {
      const [row] = await ctx.db.all<{ seq: number | null }>(sql`select max(seq) as seq from outbox`);
      return Math.max(row?.seq ?? 0, await prunedThrough(ctx.db));
    },
    async after(seq, limit) {
      const rows = await ctx.db.all<Row>(sql`
        select seq, id, type, org_id, event_id, data, created_at from outbox
        where seq > ${seq} and exists (select 1 from json_each(outbox.ancestry) a where a.value = ${orgId})
        order by seq limit ${limit}`);
      return rows.map(toChange);
    },
    prunedThrough: () => prunedThrough(ctx.db),
  };
}

const CURSOR_PREFIX = "x1:";

/** The export cursor: the last notification seen and when the export started. */
export interface ExportCursor {
  seq: number;
  at: string;
}

export function encodeExportCursor(cursor: ExportCursor): string {
  return btoa(`${CURSOR_PREFIX}${cursor.seq}:${cursor.at}`)
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export function decodeExportCursor(raw: string): ExportCursor {
  let text = "";
  try {
    text = atob(raw.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    // reported below
  }
  const match = /^x1:(\d+):(\d{4}-\d{2}-\d{2}T[\d:.]+Z)$/.exec(text);
  if (!match) {
    throw new ServiceError(
      "invalid",
      "invalid_cursor",
      "`since` is not a cursor this API produced (take it from the last line of an export).",
      {
        issues: [{ path: "since", message: "not an export cursor" }],
      },
    );
  }
  return { seq: Number(match[1]), at: match[2]! };
}

/** Refuses a cursor from before the retention window: the changes in between are gone. */
export async function assertCursorRetained(feed: OrgChangeFeed, cursor: ExportCursor): Promise<void> {
  const pruned = await feed.prunedThrough();
  if (cursor.seq < pruned) {
    throw new ServiceError(
      "gone",
      "cursor_expired",
      `Changes up to ${pruned} are past the retention window and this cursor stops at ${cursor.seq}: run a full export (without since) and continue from its cursor.`,
    );
  }
}
