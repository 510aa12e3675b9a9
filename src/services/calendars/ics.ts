import ical from "ical-generator";

/** One session as a calendar entry: a start instant, or a whole day without one. */
export interface CalendarEntry {
  uid: string;
  summary: string;
  description: string;
  location: string | null;
  url: string;
  /** When the entry was first written (DTSTAMP): fixed, so an unchanged feed is byte-identical. */
  stamp: Date;
  start: { kind: "instant"; at: Date } | { kind: "day"; date: string };
}

const HOUR_MS = 3_600_000;
/**
 * A session has no planned end: a timed entry lasts this long, about three games and the breaks
 * between them (docs/rules.md#sessions-in-time); a whole day ends the next day.
 */
const SESSION_HOURS = 4;

/**
 * An RFC 5545 calendar built by ical-generator. Timed entries are written in UTC
 * (`DTSTART:…Z`): RFC 5545 would need a VTIMEZONE block for every `TZID`, which the library
 * only gets from a generator fed with tz data, while a UTC time needs none and every calendar
 * app shows it in the reader's own zone. The session's local time and zone are in the
 * description. A day without a time is a DATE value: one whole day.
 */
export function buildCalendar(name: string, entries: readonly CalendarEntry[]): string {
  // ical-generator 10.2 writes the calendar's NAME unescaped (it escapes event texts only): a
  // comma or semicolon in an event's name would break the TEXT value (RFC 5545 §3.3.11).
  const calendar = ical({
    name: escapeText(name),
    prodId: { company: "catan-tournament-api", product: "calendar" },
  });
  for (const entry of entries) {
    calendar.createEvent({
      id: entry.uid,
      summary: entry.summary,
      description: entry.description,
      location: entry.location,
      url: entry.url,
      stamp: entry.stamp,
      ...(entry.start.kind === "instant"
        ? { start: entry.start.at, end: new Date(entry.start.at.getTime() + SESSION_HOURS * HOUR_MS) }
        : {
            start: new Date(`${entry.start.date}T00:00:00Z`),
            end: new Date(Date.parse(`${entry.start.date}T00:00:00Z`) + 24 * HOUR_MS),
            allDay: true,
          }),
    });
  }
  return calendar.toString();
}

/** RFC 5545 §3.3.11 TEXT escaping: backslash, semicolon, comma, and line breaks as `\n`. */
function escapeText(text: string): string {
  return text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, "\\n");
}
