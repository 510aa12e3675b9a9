import { eq } from "drizzle-orm";
import { newId } from "../db/ids";
import { auditLog } from "../db/schema";
import { assertEventRecordsReadable, loadScopedEvent, requireClient } from "./access";
import { actorClientId, type ServiceContext } from "./context";

import { type PageRequest, paginateRows } from "./pagination";

interface AuditEntry {
  orgId: string;
  eventId?: string | null;
  action: string;
  entityType: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  /** Who acted when it is not the request's client (a player confirming with their seat code). */
  actorId?: string;
}

/** An audit insert to put in the same batch as the change it records. */
export function auditInsert(ctx: ServiceContext, entry: AuditEntry) {
  const now = ctx.clock();
  return ctx.db.insert(auditLog).values({
    id: newId("aud", now.getTime()),
    orgId: entry.orgId,
    eventId: entry.eventId ?? null,
    actorClientId: entry.actorId ?? actorClientId(ctx),
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
    createdAt: now.toISOString(),
  });
}

/** What a patch changes and what those fields held: an audit entry's `before` and `after` (unset fields left out). */
export function patchAudit<T extends object>(row: T, changes: Partial<T>) {
  const after = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  return { before: Object.fromEntries(Object.keys(after).map((k) => [k, row[k as keyof T]])), after };
}

/** Who changed what, when and why: organisers, referees and owners of the event's organisation (or an ancestor). */
export async function listAudit(ctx: ServiceContext, eventId: string, page: PageRequest) {
  requireClient(ctx.actor);
  assertEventRecordsReadable(ctx.actor, await loadScopedEvent(ctx, eventId), eventId, "audit:read");
  return paginateRows(ctx.db, page, auditLog, eq(auditLog.eventId, eventId), (row) => ({
    id: row.id,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    actorClientId: row.actorClientId,
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.reason,
    createdAt: row.createdAt,
  }));
}
