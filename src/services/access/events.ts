import { eq, sql } from "drizzle-orm";
import { orgAncestryJson, qualified } from "../../db/ancestry";
import { events, type sessions } from "../../db/schema";
import type { ServiceContext } from "../context";
import { notFound, ServiceError } from "../errors";
import {
  type Actor,
  assertWithinLimit,
  type ClientActor,
  isMember,
  type Permission,
  readOnlyAncestor,
  requireClient,
  requirePermission,
} from "./permissions";

type EventRow = typeof events.$inferSelect;
export interface ScopedEvent extends EventRow {
  /** The owning organisation and its ancestors: who may read a private event. */
  ancestry: string[];
  /** Organisations hosting one of its sessions (stores of a chain): they read the event too. */
  hosts: string[];
}

/** What deciding who reads an event needs of it. */
type ReadScope = Pick<ScopedEvent, "id" | "visibility" | "ancestry" | "hosts">;

/** The session a write is about, when it is about one: its host may change it. */
type SessionTarget = Pick<typeof sessions.$inferSelect, "id" | "hostOrgId">;

/** Members of the owning organisation tree above the event, and stores hosting one of its sessions. */
function isInsider(actor: Actor, event: Pick<ScopedEvent, "ancestry" | "hosts">): boolean {
  return (
    isMember(actor, event.ancestry) ||
    (actor.kind === "client" && actor.orgId !== null && event.hosts.includes(actor.orgId))
  );
}

export function canReadEvent(actor: Actor, event: ReadScope): boolean {
  if (event.visibility === "public") return true;
  // A client limited to one event reads no other private event.
  if (actor.kind === "client" && actor.limit && actor.limit.eventId !== event.id) return false;
  return isInsider(actor, event);
}

/**
 * Authorises a read: unknown ids and private events of other organisations are both 404, so
 * another tenant cannot even learn that an id exists.
 */
export function assertEventReadable<E extends ReadScope>(
  actor: Actor,
  event: E | undefined,
  eventId: string,
): E {
  if (!event || !canReadEvent(actor, event)) throw notFound("event", eventId);
  return event;
}

/**
 * Authorises a write to the event, or (with `session`) to one of its sessions:
 * - anonymous → 401; an organisation outside the event (even one reading a public event) → 404;
 * - an ancestor of the event's organisation → 403 `read_only_ancestor`;
 * - a store hosting another session, or writing the event itself or its playoffs → 403
 *   `not_session_host` (it reads the event, so the 403 tells it nothing new);
 * - a client limited to another event or session → 403 `outside_client_scope`;
 * - inside, the role (and the token's scopes) must carry the permission → 403.
 * The event's organisation (and the platform admin) may change everything of the event; the
 * session's host organisation may change that session.
 */
export function assertEventWritable(
  actor: Actor,
  event: ScopedEvent | undefined,
  eventId: string,
  permission: Permission,
  session?: SessionTarget,
): { event: ScopedEvent; actor: ClientActor } {
  const client = requireClient(actor);
  if (!event) throw notFound("event", eventId);
  const owner = client.role === "admin" || client.orgId === event.orgId;
  const host = session?.hostOrgId != null && client.orgId === session.hostOrgId;
  if (!owner && !host) {
    if (!isInsider(client, event)) throw notFound("event", eventId);
    if (isMember(client, event.ancestry)) {
      throw readOnlyAncestor();
    }
    throw new ServiceError(
      "forbidden",
      "not_session_host",
      session
        ? "This session is hosted by another organisation: a store changes only the sessions it hosts."
        : "A store hosting a session changes only that session; the event, its other sessions and its playoffs belong to the event's organisation.",
    );
  }
  // A limited client learns nothing of the private events outside its limit, not even by writing.
  if (!canReadEvent(client, event)) throw notFound("event", eventId);
  assertWithinLimit(client, { eventId: event.id, sessionId: session?.id ?? null });
  return { event, actor: requirePermission(client, permission) };
}

/**
 * Authorises a read of the event's staff records (its audit log, which covers every session):
 * members of the organisation tree above the event, not stores hosting one of its sessions;
 * anyone else 404. A client limited to one session gets 403 (the record spans the event), and
 * the role and the token must carry `permission` (403).
 */
export function assertEventRecordsReadable(
  actor: Actor,
  event: ScopedEvent | undefined,
  eventId: string,
  permission: Permission,
): ClientActor {
  const client = requireClient(actor);
  if (!event || !canReadEvent(client, event) || !isMember(client, event.ancestry)) {
    throw notFound("event", eventId);
  }
  assertWithinLimit(client, { eventId: event.id, sessionId: null }, "read nothing beyond it");
  return requirePermission(client, permission);
}

/** The JSON array of the organisations hosting a session of the event (select it joined to `events`). */
const sessionHostsJson = sql<string>`(select json_group_array(distinct s.host_org_id) from sessions s
  where s.event_id = ${qualified(events.id)} and s.host_org_id is not null)`;

/** Select these (joined to `events`) to load a resource together with its event's authorisation data. */
export const scopedEventColumns = {
  event: events,
  ancestry: orgAncestryJson(events.orgId),
  hosts: sessionHostsJson,
};

/** A JSON array of ids; `[]` (what a public event's ranking scope selects) without a parse. */
const idList = (json: string): string[] => (json === "[]" ? [] : (JSON.parse(json) as string[]));

export function toScopedEvent(row: { event: EventRow; ancestry: string; hosts: string }): ScopedEvent {
  return { ...row.event, ancestry: idList(row.ancestry), hosts: idList(row.hosts) };
}

export async function loadScopedEvent(ctx: ServiceContext, eventId: string) {
  const [row] = await ctx.db.select(scopedEventColumns).from(events).where(eq(events.id, eventId));
  return row ? toScopedEvent(row) : undefined;
}

export async function readableEvent(ctx: ServiceContext, eventId: string): Promise<ScopedEvent> {
  return assertEventReadable(ctx.actor, await loadScopedEvent(ctx, eventId), eventId);
}

export async function writableEvent(ctx: ServiceContext, eventId: string, permission: Permission) {
  return assertEventWritable(ctx.actor, await loadScopedEvent(ctx, eventId), eventId, permission);
}
