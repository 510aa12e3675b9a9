/**
 * Round trip 1 of every ranking read: the event (or the session joined to its event) by
 * primary key, with its org ancestry, in ONE query that scans nothing. That is enough to
 * authorise the read and to answer a conditional GET with 304 before anything is computed:
 * the event row carries the versions every ranking depends on (`resultsVersion` from the
 * services, `rosterVersion` and `namesVersion` from database triggers), so the tag costs the
 * same for an event of 10 sessions as for one of 200.
 *
 * It runs on every poll, so both queries are prepared once per database instead of being
 * built again for each request.
 */
import { eq, sql } from "drizzle-orm";
import { qualified } from "../../db/ancestry";
import type { Database } from "../../db/client";
import { events, sessions } from "../../db/schema";
import {
  assertEventReadable,
  type ScopedEvent,
  scopedEventColumns,
  sessionHostsJson,
  toScopedEvent,
} from "../access";
import type { ServiceContext } from "../context";
import { notFound } from "../errors";

export type SessionRow = typeof sessions.$inferSelect;

export interface StandingsScope {
  /** `ancestry` and `hosts` are loaded for a private event only: for a public one they authorise nothing. */
  event: ScopedEvent;
  /**
   * `<rosterVersion>.<namesVersion>.<ruleset>`: with `event.resultsVersion` (results and
   * disqualifications), it changes whenever anything a ranking of the event shows can change:
   * registrations, the zero-win cut, sessions and seating; player names; the ruleset.
   */
  rosterTag: string;
}

export interface SessionStandingsScope extends StandingsScope {
  session: SessionRow;
}

function toScope(row: {
  event: typeof events.$inferSelect;
  ancestry: string;
  hosts: string;
}): StandingsScope {
  const event = toScopedEvent(row);
  return {
    event,
    rosterTag: `${event.rosterVersion}.${event.namesVersion}.${event.ruleset}`,
  };
}

/**
 * The event with what authorises reading it. Anyone reads a public event (access/events.ts);
 * its organisation's ancestry and the hosts of its sessions authorise reading a PRIVATE one
 * only, so for a public event neither subquery runs (SQLite evaluates a CASE branch only when
 * it is taken): the recursive ancestry cost about as much as the event row itself, and the
 * hosts subquery over the event's sessions was the one part of a 304 growing with the event.
 */
const isPrivate = sql`${qualified(events.visibility)} = 'private'`;
const scopeColumns = {
  ...scopedEventColumns,
  ancestry: sql<string>`case when ${isPrivate} then ${scopedEventColumns.ancestry} else '[]' end`,
  hosts: sql<string>`case when ${isPrivate} then ${sessionHostsJson} else '[]' end`,
};

function prepareScopeQueries(db: Database) {
  return {
    event: db
      .select(scopeColumns)
      .from(events)
      .where(eq(events.id, sql.placeholder("id")))
      .prepare(),
    session: db
      .select({ session: sessions, ...scopeColumns })
      .from(sessions)
      .innerJoin(events, eq(events.id, sessions.eventId))
      .where(eq(sessions.id, sql.placeholder("id")))
      .prepare(),
  };
}

const prepared = new WeakMap<Database, ReturnType<typeof prepareScopeQueries>>();

function queriesOn(db: Database) {
  let queries = prepared.get(db);
  if (!queries) {
    queries = prepareScopeQueries(db);
    prepared.set(db, queries);
  }
  return queries;
}

async function eventScope(ctx: ServiceContext, eventId: string): Promise<StandingsScope | null> {
  const row = await queriesOn(ctx.db).event.get({ id: eventId });
  return row ? toScope(row) : null;
}

async function sessionScope(ctx: ServiceContext, sessionId: string): Promise<SessionStandingsScope | null> {
  const row = await queriesOn(ctx.db).session.get({ id: sessionId });
  return row ? { ...toScope(row), session: row.session } : null;
}

/** The event, authorised for reading (404 for unknown ids and for private events of others). */
export async function loadEventStandingsScope(ctx: ServiceContext, eventId: string): Promise<StandingsScope> {
  const scope = await eventScope(ctx, eventId);
  assertEventReadable(ctx.actor, scope?.event, eventId);
  return scope!;
}

/** The session with its event, authorised for reading; hidden sessions are a 404 on the session. */
export async function loadSessionStandingsScope(
  ctx: ServiceContext,
  sessionId: string,
): Promise<SessionStandingsScope> {
  const scope = await sessionScope(ctx, sessionId);
  if (!scope) throw notFound("session", sessionId);
  try {
    assertEventReadable(ctx.actor, scope.event, scope.event.id);
  } catch {
    throw notFound("session", sessionId);
  }
  return scope;
}
