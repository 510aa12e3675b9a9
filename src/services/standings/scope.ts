/**
 * Round trip 1 of every ranking read: the event (or the session joined to its event) by
 * primary key, with what authorises reading it, in ONE query that scans nothing. That is
 * enough to answer a conditional GET with 304 before anything is computed: the event row
 * carries the versions every ranking depends on (`resultsVersion` from the services,
 * `rosterVersion` and `namesVersion` from database triggers), so the tag costs the same for an
 * event of 10 sessions as for one of 200.
 *
 * It runs on every poll, and its cost grows with each selected column and subquery (the
 * client compiles the statement on every execution): so it selects only what a ranking, its
 * tag and its CSV file name use, as one JSON column, and an anonymous caller, who reads public
 * events only, gets the statement without the authorisation subqueries.
 */
import { Column, eq, is, type SQL, sql } from "drizzle-orm";
import { qualified } from "../../db/ancestry";
import type { Database } from "../../db/client";
import { events, sessions } from "../../db/schema";
import {
  type Actor,
  assertEventReadable,
  canReadEvent,
  type ScopedEvent,
  scopedEventColumns,
} from "../access";
import type { ServiceContext } from "../context";
import { notFound } from "../errors";

/** What a ranking reads of its event: its versions, seed and ruleset, and who may read it. */
export type RankingEvent = Pick<ScopedEvent, keyof typeof eventFields | "ancestry" | "hosts">;

/** A ranking's event; the series and player histories, which select whole events, keep their rows. */
export interface StandingsScope<E extends RankingEvent = RankingEvent> {
  /** `ancestry` and `hosts` are loaded for a private event only: for a public one they authorise nothing. */
  event: E;
  /**
   * `<rosterVersion>.<namesVersion>.<ruleset>`: with `event.resultsVersion` (results and
   * disqualifications), it changes whenever anything a ranking of the event shows can change:
   * registrations, the zero-win cut, sessions and seating; player names; the ruleset.
   */
  rosterTag: string;
}

export interface SessionStandingsScope extends StandingsScope {
  session: Pick<typeof sessions.$inferSelect, "id" | "name" | "eventId">;
}

const eventFields = {
  id: events.id,
  orgId: events.orgId,
  name: events.name,
  timezone: events.timezone,
  visibility: events.visibility,
  ruleset: events.ruleset,
  lotSeed: events.lotSeed,
  resultsVersion: events.resultsVersion,
  rosterVersion: events.rosterVersion,
  namesVersion: events.namesVersion,
};

/**
 * Its organisation's ancestry and the hosts of its sessions authorise reading a PRIVATE event
 * only, so for a public one neither subquery runs (SQLite evaluates a CASE branch only when it
 * is taken): the hosts subquery over the event's sessions would be the one part of a 304
 * growing with the event.
 */
const isPrivate = sql`${qualified(events.visibility)} = 'private'`;
const authorisation = {
  ancestry: sql`json(case when ${isPrivate} then ${scopedEventColumns.ancestry} else '[]' end)`,
  hosts: sql`json(case when ${isPrivate} then ${scopedEventColumns.hosts} else '[]' end)`,
};
const publicOnly = { ancestry: sql`json('[]')`, hosts: sql`json('[]')` };

/** The scope as ONE JSON column (see above; docs/performance.md#rankings). */
function scopeJson(fields: Record<string, SQL | Column>): SQL<string> {
  const pairs = Object.entries(fields).map(
    ([key, value]) => sql`'${sql.raw(key)}', ${is(value, Column) ? qualified(value) : value}`,
  );
  return sql<string>`json_object(${sql.join(pairs, sql`, `)})`;
}

function prepareScopeQueries(db: Database, auth: typeof authorisation) {
  return {
    event: db
      .select({ scope: scopeJson({ ...eventFields, ...auth }) })
      .from(events)
      .where(eq(events.id, sql.placeholder("id")))
      .prepare(),
    session: db
      .select({ scope: scopeJson({ ...eventFields, ...auth, sessionName: sessions.name }) })
      .from(sessions)
      .innerJoin(events, eq(events.id, sessions.eventId))
      .where(eq(sessions.id, sql.placeholder("id")))
      .prepare(),
  };
}

type ScopeQueries = ReturnType<typeof prepareScopeQueries>;
const prepared = new WeakMap<Database, { anonymous: ScopeQueries; client: ScopeQueries }>();

function queriesFor(db: Database, actor: Actor): ScopeQueries {
  let queries = prepared.get(db);
  if (!queries) {
    queries = {
      anonymous: prepareScopeQueries(db, publicOnly),
      client: prepareScopeQueries(db, authorisation),
    };
    prepared.set(db, queries);
  }
  return actor.kind === "anonymous" ? queries.anonymous : queries.client;
}

function toScope(event: RankingEvent): StandingsScope {
  return { event, rosterTag: `${event.rosterVersion}.${event.namesVersion}.${event.ruleset}` };
}

/** The event, authorised for reading (404 for unknown ids and for private events of others). */
export async function loadEventStandingsScope(ctx: ServiceContext, eventId: string): Promise<StandingsScope> {
  const row = await queriesFor(ctx.db, ctx.actor).event.get({ id: eventId });
  const event = row && (JSON.parse(row.scope) as RankingEvent);
  return toScope(assertEventReadable(ctx.actor, event, eventId));
}

/** The session with its event, authorised for reading; hidden sessions are a 404 on the session. */
export async function loadSessionStandingsScope(
  ctx: ServiceContext,
  sessionId: string,
): Promise<SessionStandingsScope> {
  const row = await queriesFor(ctx.db, ctx.actor).session.get({ id: sessionId });
  if (!row) throw notFound("session", sessionId);
  const { sessionName, ...event } = JSON.parse(row.scope) as RankingEvent & { sessionName: string };
  if (!canReadEvent(ctx.actor, event)) throw notFound("session", sessionId);
  return { ...toScope(event), session: { id: sessionId, name: sessionName, eventId: event.id } };
}
