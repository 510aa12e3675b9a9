import { asc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { orgAncestryJson, qualified } from "../../db/ancestry";
import { newId } from "../../db/ids";
import { events, organizations, sessions } from "../../db/schema";
import type { Ruleset } from "../../domain/game-score";
import { canonicalTimeZone, parseLocalDateTime, zonedInstant } from "../../domain/local-time";
import { sessionGameCount } from "../../domain/structure";
import {
  assertEventWritable,
  canReadEvent,
  type Permission,
  readableEvent,
  type ScopedEvent,
  scopedEventColumns,
  toScopedEvent,
  writableEvent,
} from "../access";
import { auditInsert, patchAudit } from "../audit";
import type { ServiceContext } from "../context";
import { notFound, ServiceError } from "../errors";

type SessionRow = typeof sessions.$inferSelect;

const sessionDtoColumns = {
  session: sessions,
  playerCount: sql<number>`(select count(*) from registrations r where r.session_id = ${qualified(sessions.id)})`,
  roundCount: sql<number>`(select count(*) from rounds r where r.session_id = ${qualified(sessions.id)})`,
  /** No-shows are not participants: they do not count for the number of games (docs/rules.md#drops). */
  participantCount: sql<number>`(select count(*) from registrations r where r.session_id = ${qualified(sessions.id)} and r.no_show_at is null)`,
  /** The event's ruleset decides the number of games (legacy: always 3). */
  ruleset: sql<Ruleset>`(select e.ruleset from events e where e.id = ${qualified(sessions.eventId)})`,
};
type SessionDtoRow = Awaited<ReturnType<typeof sessionDtoQuery>>[number];

/** A row of sessionDtoColumns as the API's session. */
function toSessionDto({ session: row, ruleset, ...counts }: SessionDtoRow) {
  const playerCount = Number(counts.playerCount);
  return {
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    date: row.date,
    startsAt: row.startsAt,
    timeZone: row.timeZone,
    /** The instant `startsAt` names in `timeZone` (docs/rules.md#sessions-in-time). */
    startsAtUtc: startInstant(row)?.toISOString() ?? null,
    venue: row.venue,
    hostOrgId: row.hostOrgId,
    playerCount,
    /** 4 with the zero-win cut when the session itself has 80+ players (docs/rules.md#structure; legacy: 3). */
    gamesPlanned: sessionGameCount(Number(counts.participantCount), ruleset),
    roundsGenerated: Number(counts.roundCount),
    createdAt: row.createdAt,
  };
}
export type SessionDto = ReturnType<typeof toSessionDto>;

/** When a session starts, or null without a start time (what is stored was checked when written). */
export function startInstant(row: Pick<SessionRow, "startsAt" | "timeZone">): Date | null {
  const local = row.startsAt ? parseLocalDateTime(row.startsAt) : null;
  if (!local || !row.timeZone) return null;
  const zoned = zonedInstant(local, row.timeZone);
  return zoned.kind === "skipped" ? null : zoned.instant;
}

type SessionTimes = Pick<SessionRow, "date" | "startsAt" | "timeZone">;

const invalidTime = (code: string, path: string, message: string) =>
  new ServiceError("invalid", code, message, { issues: [{ path, message }] });

/**
 * A start needs its own zone (a local time means nothing without one) and must happen there;
 * the day of play is the start's day, filled in when not given and refused when it differs.
 */
function checkedTimes(times: SessionTimes): SessionTimes {
  const timeZone = times.timeZone === null ? null : (canonicalTimeZone(times.timeZone) ?? times.timeZone);
  if (times.startsAt === null) return { ...times, timeZone };
  if (timeZone === null) {
    throw invalidTime(
      "time_zone_required",
      "timeZone",
      "A start time is local to where the session is played: give its IANA time zone (e.g. Europe/Vilnius).",
    );
  }
  const local = parseLocalDateTime(times.startsAt);
  if (!local) throw invalidTime("invalid_start", "startsAt", "not a local date and time YYYY-MM-DDTHH:mm");
  if (zonedInstant(local, timeZone).kind === "skipped") {
    throw invalidTime(
      "nonexistent_local_time",
      "startsAt",
      `${times.startsAt} does not happen in ${timeZone}: the clocks skip that hour (a summer-time change).`,
    );
  }
  const day = times.startsAt.slice(0, 10);
  if (times.date !== null && times.date !== day) {
    throw invalidTime(
      "start_date_mismatch",
      "date",
      `The session's date ${times.date} is not the day of its start ${times.startsAt}.`,
    );
  }
  return { date: day, startsAt: times.startsAt, timeZone };
}

interface SessionInput {
  name: string;
  date?: string | null;
  /** Local date and time (`YYYY-MM-DDTHH:mm`) in `timeZone`. */
  startsAt?: string | null;
  timeZone?: string | null;
  venue?: string | null;
  /** The store running the session: the event's organisation or one of its descendants. */
  hostOrgId?: string | null;
}

function sessionDtoQuery(ctx: ServiceContext, sessionId: string) {
  return ctx.db.select(sessionDtoColumns).from(sessions).where(eq(sessions.id, sessionId));
}

export async function createSession(
  ctx: ServiceContext,
  eventId: string,
  input: SessionInput,
): Promise<SessionDto> {
  const [{ event }, [host]] = await Promise.all([
    writableEvent(ctx, eventId, "events:write"),
    input.hostOrgId
      ? ctx.db
          .select({ ancestry: orgAncestryJson(organizations.id) })
          .from(organizations)
          .where(eq(organizations.id, input.hostOrgId))
      : [],
  ]);
  // A host belongs to the event's organisation tree, below (or at) the event's organisation.
  if (input.hostOrgId && !(host && (JSON.parse(host.ancestry) as string[]).includes(event.orgId))) {
    throw new ServiceError(
      "invalid",
      "invalid_host",
      `Organisation '${input.hostOrgId}' cannot host a session of this event: the host is the event's organisation or one of its descendants (a store of the chain).`,
      { issues: [{ path: "hostOrgId", message: "not the event's organisation or a descendant of it" }] },
    );
  }
  const times = checkedTimes({
    date: input.date ?? null,
    startsAt: input.startsAt ?? null,
    timeZone: input.timeZone ?? null,
  });
  const now = ctx.clock();
  const id = newId("ses", now.getTime());
  const row = {
    id,
    eventId,
    name: input.name,
    ...times,
    venue: input.venue ?? null,
    hostOrgId: input.hostOrgId ?? null,
    createdAt: now.toISOString(),
  };
  return writeSession(ctx, id, [
    ctx.db.insert(sessions).values(row),
    sessionAudit(ctx, event, id, {
      action: "session.create",
      after: row,
    }),
  ]);
}

/** The write and its audit row, and the session read back in the same batch. */
async function writeSession(
  ctx: ServiceContext,
  sessionId: string,
  statements: [BatchItem<"sqlite">, BatchItem<"sqlite">],
) {
  const [, , [row]] = await ctx.db.batch([...statements, sessionDtoQuery(ctx, sessionId)]);
  if (!row) throw notFound("session", sessionId);
  return toSessionDto(row);
}

/** PATCH /v1/sessions/{id}: the event's organisation, or the store hosting the session. */
export async function updateSession(
  ctx: ServiceContext,
  sessionId: string,
  patch: Partial<Omit<SessionInput, "hostOrgId">>,
): Promise<SessionDto> {
  const { session, event } = await writableSession(ctx, sessionId, "events:write");
  const times = checkedTimes({
    date: patch.date !== undefined ? patch.date : session.date,
    startsAt: patch.startsAt !== undefined ? patch.startsAt : session.startsAt,
    timeZone: patch.timeZone !== undefined ? patch.timeZone : session.timeZone,
  });
  const changes = { name: patch.name, venue: patch.venue, ...times };
  return writeSession(ctx, sessionId, [
    ctx.db.update(sessions).set(changes).where(eq(sessions.id, sessionId)),
    sessionAudit(ctx, event, sessionId, { action: "session.update", ...patchAudit(session, changes) }),
  ]);
}

/** All sessions of an event by date: a bounded list, sent whole (`nextCursor` is always null). */
export async function listSessions(
  ctx: ServiceContext,
  eventId: string,
): Promise<{ data: SessionDto[]; nextCursor: null }> {
  await readableEvent(ctx, eventId);
  const rows = await ctx.db
    .select(sessionDtoColumns)
    .from(sessions)
    .where(eq(sessions.eventId, eventId))
    .orderBy(asc(sessions.date), asc(sessions.id));
  return { data: rows.map(toSessionDto), nextCursor: null };
}

/** Loads a session with its event (and the event's org ancestry) for authorisation, in one query. */
export async function loadSessionScope(
  ctx: ServiceContext,
  sessionId: string,
): Promise<{ session: SessionRow; event: ScopedEvent }> {
  const [row] = await ctx.db
    .select({ session: sessions, ...scopedEventColumns })
    .from(sessions)
    .innerJoin(events, eq(events.id, sessions.eventId))
    .where(eq(sessions.id, sessionId));
  if (!row) throw notFound("session", sessionId);
  return { session: row.session, event: toScopedEvent(row) };
}

export async function getSession(ctx: ServiceContext, sessionId: string): Promise<SessionDto> {
  const { event } = await loadSessionScope(ctx, sessionId);
  if (!canReadEvent(ctx.actor, event)) throw notFound("session", sessionId);
  const [row] = await sessionDtoQuery(ctx, sessionId);
  if (!row) throw notFound("session", sessionId);
  return toSessionDto(row);
}

/** An audit row about a session, in its event's trail. */
export function sessionAudit(
  ctx: ServiceContext,
  event: Pick<ScopedEvent, "id" | "orgId">,
  sessionId: string,
  entry: Omit<Parameters<typeof auditInsert>[1], "orgId" | "eventId" | "entityType" | "entityId">,
) {
  return auditInsert(ctx, {
    orgId: event.orgId,
    eventId: event.id,
    entityType: "session",
    entityId: sessionId,
    ...entry,
  });
}

/**
 * A session the caller may change with `permission`: the event's organisation, or the store
 * hosting the session (see assertEventWritable for every refusal).
 */
export async function writableSession(ctx: ServiceContext, sessionId: string, permission: Permission) {
  const { session, event } = await loadSessionScope(ctx, sessionId);
  try {
    return { session, ...assertEventWritable(ctx.actor, event, session.eventId, permission, session) };
  } catch (error) {
    if (error instanceof ServiceError && error.kind === "not_found") throw notFound("session", sessionId);
    throw error;
  }
}
