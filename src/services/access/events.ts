import { eq } from "drizzle-orm";
import { orgAncestryJson } from "../../db/ancestry";
import { events } from "../../db/schema";
import type { ServiceContext } from "../context";
import { notFound } from "../errors";
import { type Actor, assertWriteWithin, canReadOrg, type Permission, requireClient } from "./permissions";

export type EventRow = typeof events.$inferSelect;
export interface ScopedEvent extends EventRow {
  /** The owning organisation and its ancestors: who may read a private event. */
  ancestry: string[];
}

export function canReadEvent(actor: Actor, event: Pick<ScopedEvent, "visibility" | "ancestry">): boolean {
  return event.visibility === "public" || canReadOrg(actor, event.ancestry);
}

/**
 * Authorises a read: unknown ids and private events of other organisations are both 404, so
 * another tenant cannot even learn that an id exists.
 */
export function assertEventReadable(
  actor: Actor,
  event: ScopedEvent | undefined,
  eventId: string,
): ScopedEvent {
  if (!event || !canReadEvent(actor, event)) throw notFound("event", eventId);
  return event;
}

/**
 * Authorises a write: anonymous → 401; another organisation (even one that can read a public
 * event) → 404; an ancestor that reads the event → 403; the owning org without the role → 403.
 */
export function assertEventWritable(
  actor: Actor,
  event: ScopedEvent | undefined,
  eventId: string,
  permission: Permission,
) {
  if (!event) {
    requireClient(actor);
    throw notFound("event", eventId);
  }
  return {
    event,
    actor: assertWriteWithin(actor, event.orgId, event.ancestry, permission, { what: "event", id: eventId }),
  };
}

/** Select these (joined to `events`) to load a resource together with its event's authorisation data. */
export const scopedEventColumns = { event: events, ancestry: orgAncestryJson(events.orgId) };

export function toScopedEvent(row: { event: EventRow; ancestry: string }): ScopedEvent {
  return { ...row.event, ancestry: JSON.parse(row.ancestry) as string[] };
}

export async function loadScopedEvent(
  ctx: ServiceContext,
  eventId: string,
): Promise<ScopedEvent | undefined> {
  const [row] = await ctx.db.select(scopedEventColumns).from(events).where(eq(events.id, eventId));
  return row ? toScopedEvent(row) : undefined;
}

export async function readableEvent(ctx: ServiceContext, eventId: string): Promise<ScopedEvent> {
  return assertEventReadable(ctx.actor, await loadScopedEvent(ctx, eventId), eventId);
}

export async function writableEvent(ctx: ServiceContext, eventId: string, permission: Permission) {
  return assertEventWritable(ctx.actor, await loadScopedEvent(ctx, eventId), eventId, permission);
}
