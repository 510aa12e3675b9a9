/**
 * Round trip 1 of every ranking read: the event (or the session joined to its event), its org
 * ancestry, N, the results version and a roster fingerprint, in ONE query. That is enough to
 * authorise the read and to answer a conditional GET with 304 before anything is computed.
 */
import { eq, sql } from "drizzle-orm";
import { events, sessions } from "../../db/schema";
import { assertEventReadable, type ScopedEvent, scopedEventColumns, toScopedEvent } from "../access";
import type { ServiceContext } from "../context";
import { notFound } from "../errors";
import { uniqueParticipantsSql } from "../events";

export type SessionRow = typeof sessions.$inferSelect;

export interface StandingsScope {
  event: ScopedEvent;
  /** N of rule 1.2.2 (registrations over all the event's sessions). */
  uniqueParticipants: number;
  /**
   * 8 hex digits that change when something a ranking shows changes without a result being
   * written (those bump `resultsVersion`): registrations and the zero-win cut (N, structure,
   * `qualified`, `eliminated`), player renames, new sessions, event edits (ruleset).
   */
  rosterTag: string;
}

export interface SessionStandingsScope extends StandingsScope {
  session: SessionRow;
}

/**
 * Registration count, unique players, eliminated count, newest registration, newest cut,
 * newest player edit, session count. Aggregates over the event's own registrations only.
 * The outer column is spelled out: in a single-table select Drizzle renders `${events.id}`
 * unqualified, which inside this subquery would mean `sessions.id` or `players.id`.
 */
const EVENT_ID = sql.raw('"events"."id"');
const rosterSql = sql<string>`(select count(*) || '.' || count(distinct reg.player_id) || '.' ||
    count(reg.eliminated_at) || '.' || coalesce(max(reg.created_at), '-') || '.' ||
    coalesce(max(reg.eliminated_at), '-') || '.' || coalesce(max(p.updated_at), '-')
  from registrations reg join sessions s on s.id = reg.session_id join players p on p.id = reg.player_id
  where s.event_id = ${EVENT_ID})
  || '.' || (select count(*) from sessions s2 where s2.event_id = ${EVENT_ID})`;

const scopeColumns = {
  ...scopedEventColumns,
  uniqueParticipants: uniqueParticipantsSql,
  roster: rosterSql,
};

/** FNV-1a, 32 bits: a short, stable tag for the ETag; not a security boundary. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

function toScope(row: {
  event: typeof events.$inferSelect;
  ancestry: string;
  hosts: string;
  uniqueParticipants: number;
  roster: string;
}): StandingsScope {
  const event = toScopedEvent(row);
  return {
    event,
    uniqueParticipants: Number(row.uniqueParticipants),
    rosterTag: fnv1a(`${row.roster}|${event.ruleset}|${event.updatedAt}`),
  };
}

/** The event, authorised for reading (404 for unknown ids and for private events of others). */
export async function loadEventStandingsScope(ctx: ServiceContext, eventId: string): Promise<StandingsScope> {
  const [row] = await ctx.db.select(scopeColumns).from(events).where(eq(events.id, eventId));
  const scope = row ? toScope(row) : undefined;
  assertEventReadable(ctx.actor, scope?.event, eventId);
  return scope!;
}

/** The session with its event, authorised for reading; hidden sessions are a 404 on the session. */
export async function loadSessionStandingsScope(
  ctx: ServiceContext,
  sessionId: string,
): Promise<SessionStandingsScope> {
  const [row] = await ctx.db
    .select({ session: sessions, ...scopeColumns })
    .from(sessions)
    .innerJoin(events, eq(events.id, sessions.eventId))
    .where(eq(sessions.id, sessionId));
  if (!row) throw notFound("session", sessionId);
  const scope = toScope(row);
  try {
    assertEventReadable(ctx.actor, scope.event, scope.event.id);
  } catch {
    throw notFound("session", sessionId);
  }
  return { ...scope, session: row.session };
}
