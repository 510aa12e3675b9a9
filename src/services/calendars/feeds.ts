/**
 * Calendar feeds (RFC 5545; docs/rules.md#sessions-in-time): every prelim session of an event,
 * or every session a player is registered in, as calendar apps subscribe to them. A session
 * with a start time is an entry at that instant; one with only a date is a whole day on it.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import ical, { escape as escapeText, type ICalEventData } from "ical-generator";
import { orgAncestryJson } from "../../db/ancestry";
import { calendarLinks, events, players, registrations, sessions } from "../../db/schema";
import { fnv1a } from "../../db/tree";
import {
  type ClientActor,
  canReadEvent,
  canReadOrg,
  readableEvent,
  type ScopedEvent,
  scopedEventColumns,
  toScopedEvent,
} from "../access";
import type { ServiceContext } from "../context";
import { notFound, ServiceError } from "../errors";
import { startInstant } from "../events";
import { unknownPlayer } from "../players";
import { sha256Hex } from "../secrets";

type SessionRow = typeof sessions.$inferSelect;

/**
 * The iCalendar text (CRLF lines, folded at 75 octets), a weak ETag part (the same feed twice is
 * the same bytes), and whether it shows a private event (then no shared cache may keep it).
 */
export type CalendarFeed = ReturnType<typeof feed>;

const HOUR_MS = 3_600_000;
/**
 * A session has no planned end: a timed entry lasts this long, about three games and the breaks
 * between them (docs/rules.md#sessions-in-time); a whole day ends the next day.
 */
const SESSION_HOURS = 4;

/**
 * One session as a calendar entry. A timed entry is written in UTC (`DTSTART:…Z`): RFC 5545
 * would need a VTIMEZONE block for every `TZID`, which ical-generator only gets from a generator
 * fed with tz data, while a UTC time needs none and every calendar app shows it in the reader's
 * own zone. The session's local time and zone are in the description. A day without a time is
 * a DATE value: one whole day.
 */
function entryOf(session: SessionRow, event: ScopedEvent, origin: string): ICalEventData | null {
  const at = startInstant(session);
  const date = session.date ?? event.startsOn;
  if (!at && !date) return null;
  const local =
    session.startsAt && session.timeZone
      ? `${session.startsAt.replace("T", " ")} (${session.timeZone})`
      : null;
  return {
    id: `${session.id}@${new URL(origin).host}`,
    summary: `${event.name} — ${session.name}`,
    description: [
      `Prelim session of ${event.name}.`,
      local ? `Starts ${local}.` : null,
      `Seating, results and standings: ${origin}/e/${event.id}`,
    ]
      .filter((line) => line !== null)
      .join("\n"),
    location: session.venue ?? event.venue,
    url: `${origin}/e/${event.id}`,
    // When the entry was first written (DTSTAMP): fixed, so an unchanged feed is byte-identical.
    stamp: new Date(session.createdAt),
    ...(at
      ? { start: at, end: new Date(at.getTime() + SESSION_HOURS * HOUR_MS) }
      : {
          start: new Date(`${date}T00:00:00Z`),
          end: new Date(Date.parse(`${date}T00:00:00Z`) + 24 * HOUR_MS),
          allDay: true,
        }),
  };
}

function feed(name: string, items: { session: SessionRow; event: ScopedEvent }[], origin: string) {
  // ical-generator 10.2 writes the calendar's NAME unescaped (it escapes event texts only): a
  // comma or semicolon in an event's name would break the TEXT value (RFC 5545 §3.3.11).
  const calendar = ical({
    name: escapeText(name, false),
    prodId: { company: "catan-tournament-api", product: "calendar" },
  });
  for (const { session, event } of items) {
    const entry = entryOf(session, event, origin);
    if (entry) calendar.createEvent(entry);
  }
  const body = calendar.toString();
  return {
    body,
    tag: `cal:${fnv1a(body)}:${body.length}`,
    private: items.some((i) => i.event.visibility === "private"),
  };
}

/** GET /v1/events/{id}/calendar.ics: every session of an event the caller may read. */
export async function eventCalendar(
  ctx: ServiceContext,
  eventId: string,
  origin: string,
): Promise<CalendarFeed> {
  const event = await readableEvent(ctx, eventId);
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(eq(sessions.eventId, eventId))
    .orderBy(sql`${sessions.date} is null`, asc(sessions.date), asc(sessions.startsAt), asc(sessions.id));
  return feed(
    event.name,
    rows.map((session) => ({ session, event })),
    origin,
  );
}

/**
 * GET /v1/players/{id}/calendar.ics: the sessions the player is registered in, in the events
 * the caller may read. As for the player's history, someone outside the player's organisation
 * tree learns of the player only through an event they may read (404 otherwise).
 */
export async function playerCalendar(
  ctx: ServiceContext,
  playerId: string,
  origin: string,
): Promise<CalendarFeed> {
  const [[player], rows] = await ctx.db.batch([
    ctx.db
      .select({ name: players.name, ancestry: orgAncestryJson(players.orgId) })
      .from(players)
      .where(eq(players.id, playerId)),
    ctx.db
      .select({ session: sessions, ...scopedEventColumns })
      .from(registrations)
      .innerJoin(sessions, eq(sessions.id, registrations.sessionId))
      .innerJoin(events, eq(events.id, sessions.eventId))
      .where(eq(registrations.playerId, playerId))
      .orderBy(sql`${sessions.date} is null`, asc(sessions.date), asc(sessions.startsAt), asc(sessions.id)),
  ]);
  if (!player) {
    // A subscription to a merged player follows the kept one (301), as the player's reads do.
    throw await unknownPlayer(ctx, playerId, "/calendar.ics");
  }
  const member = canReadOrg(ctx.actor, JSON.parse(player.ancestry) as string[]);
  const visible = rows
    .map((row) => ({ session: row.session, event: toScopedEvent(row) }))
    .filter(({ event }) => canReadEvent(ctx.actor, event));
  if (!member && visible.length === 0) throw notFound("player", playerId);
  return feed(player.name, visible, origin);
}

/**
 * GET /v1/calendars/{secret}.ics: a player's feed for apps that cannot send a token. It reads
 * as a reader of the organisation that made the link, so it shows what that organisation's
 * staff could hand out and nothing more; a revoked or unknown secret is a 404.
 */
export async function secretCalendar(
  ctx: ServiceContext,
  secret: string,
  origin: string,
): Promise<CalendarFeed> {
  const [link] = await ctx.db
    .select({ id: calendarLinks.id, playerId: calendarLinks.playerId, orgId: calendarLinks.orgId })
    .from(calendarLinks)
    .where(and(eq(calendarLinks.secretHash, await sha256Hex(secret)), isNull(calendarLinks.revokedAt)));
  if (!link) {
    throw new ServiceError(
      "not_found",
      "calendar_not_found",
      "No calendar has this address: it was revoked, or never existed. Ask the organiser for a new one.",
    );
  }
  const reader: ClientActor = {
    kind: "client",
    clientId: `calendar-link:${link.id}`,
    orgId: link.orgId,
    role: "reader",
  };
  return playerCalendar({ ...ctx, actor: reader }, link.playerId, origin);
}
