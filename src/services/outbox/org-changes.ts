import type { InStatement } from "@libsql/client";
import { sql } from "drizzle-orm";
import { base64url } from "jose";
import { assertOrgReadable } from "../access";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { PRUNED_THROUGH_KEY } from "./retention";

interface Row {
  seq: number;
  id: string;
  type: string;
  org_id: string;
  event_id: string | null;
  data: string;
  created_at: string;
}

const toChange = (r: Row) => ({
  seq: r.seq,
  id: r.id,
  type: r.type,
  orgId: r.org_id,
  eventId: r.event_id,
  timestamp: r.created_at,
  data: JSON.parse(r.data) as unknown,
});

/** One notification as the change feed and the export show it. */
export type OrgChange = ReturnType<typeof toChange>;

/**
 * The change feed of an organisation and its descendants: members of the organisation or
 * of an ancestor. Ids are the outbox seq: monotonic, so `Last-Event-ID` resumes exactly.
 * Where the outbox stood is read in the same wave as the authorisation (it tells nothing by
 * itself), so opening a feed costs one round trip.
 */
export async function openOrgChanges(ctx: ServiceContext, orgId: string) {
  const [, [row]] = await Promise.all([
    assertOrgReadable(ctx, orgId),
    ctx.db.all<{ latest: number | null; pruned: number | null }>(sql`
      select (select max(seq) from outbox) as latest,
             (select value from push_state where key = ${PRUNED_THROUGH_KEY}) as pruned`),
  ]);
  const prunedThrough = row?.pruned ?? 0;
  return {
    /** The newest seq (where a fresh feed starts); everything at or below `prunedThrough` may have been pruned. */
    position: { latest: Math.max(row?.latest ?? 0, prunedThrough), prunedThrough },
    /** Notifications of the organisation tree after `seq`, oldest first. */
    async after(seq: number, limit: number): Promise<OrgChange[]> {
      const result = await ctx.db.$client.execute(orgFeedRowsStatement(orgId, seq, limit));
      return orgChangesOf(result.rows);
    },
  };
}

/**
 * The statement reading an organisation tree's notifications after outbox position `seq`: a
 * range of the organisation's keys in `outbox_orgs`, already in seq order, then each row by its
 * seq. Its work follows the page, however many notifications other tenants have. `cross join`
 * keeps that order: walking the outbox by seq and probing the keys would read every tenant's rows.
 */
export function orgFeedRowsStatement(orgId: string, seq: number, limit: number): InStatement {
  return {
    sql: `select o.seq, o.id, o.type, o.org_id, o.event_id, o.data, o.created_at
          from outbox_orgs m cross join outbox o on o.seq = m.seq
          where m.org_id = ? and m.seq > ?
          order by m.seq limit ?`,
    args: [orgId, seq, limit],
  };
}

/** The rows `orgFeedRowsStatement` read, as the feed shows them. */
export function orgChangesOf(rows: readonly Record<string, unknown>[]): OrgChange[] {
  return (rows as unknown as Row[]).map(toChange);
}

/** The export cursor: the last notification seen and when the export started. */
interface ExportCursor {
  seq: number;
  at: string;
}

export const encodeExportCursor = (cursor: ExportCursor) => base64url.encode(`x1:${cursor.seq}:${cursor.at}`);

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
export function assertCursorRetained(
  feed: Awaited<ReturnType<typeof openOrgChanges>>,
  cursor: ExportCursor,
): void {
  const pruned = feed.position.prunedThrough;
  if (cursor.seq < pruned) {
    throw new ServiceError(
      "gone",
      "cursor_expired",
      `Changes up to ${pruned} are past the retention window and this cursor stops at ${cursor.seq}: run a full export (without since) and continue from its cursor.`,
    );
  }
}
