/**
 * Local date-times in IANA time zones (docs/rules.md#sessions-in-time): a session starts at a
 * local time where it is played. Only the runtime's Intl (the same tz database on Node and on
 * Workers) converts them; no time zone library is needed for this.
 */

/** `YYYY-MM-DDTHH:mm`, the form sessions store (a local time to the minute, no offset). */
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** An IANA zone name such as `Europe/Vilnius` or `UTC` (not an offset: a place has rules). */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** The canonical spelling of an IANA time zone the runtime knows, or null. */
export function canonicalTimeZone(name: string): string | null {
  if (!ZONE_NAME.test(name)) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The fields of a `YYYY-MM-DDTHH:mm` that names a real calendar day and time, or null. */
export function parseLocalDateTime(value: string): LocalDateTime | null {
  const m = LOCAL_DATE_TIME.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const probe = new Date(Date.UTC(year, month - 1, day, hour, minute));
  if (
    probe.getUTCFullYear() !== year ||
    probe.getUTCMonth() !== month - 1 ||
    probe.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59
  ) {
    return null;
  }
  return { year, month, day, hour, minute };
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formats.set(zone, format);
  }
  return format;
}

/** The wall-clock time in `zone` at instant `ms`, read as if it were UTC (ms). */
function wallClock(ms: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatIn(zone).formatToParts(new Date(ms))) parts[p.type] = Number(p.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The zone's offset from UTC at instant `ms`, in ms (east positive). */
function offsetAt(ms: number, zone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallClock(whole, zone) - whole;
}

const DAY_MS = 86_400_000;

type ZonedInstant =
  | { kind: "exact" | "ambiguous"; instant: Date }
  /** The clocks jump over this local time (the spring change): it never happens there. */
  | { kind: "skipped" };

/**
 * The instant a local time in `zone` names. A time the autumn change repeats is `ambiguous`
 * and gives its first occurrence (as RFC 5545 does for DTSTART).
 */
export function zonedInstant(local: LocalDateTime, zone: string): ZonedInstant {
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  // Offsets in force a day either side cover every transition a day can hold.
  const offsets = [...new Set([offsetAt(wall - DAY_MS, zone), offsetAt(wall + DAY_MS, zone)])];
  const matches = offsets
    .map((offset) => wall - offset)
    .filter((ms) => offsetAt(ms, zone) === wall - ms)
    .sort((a, b) => a - b);
  if (matches.length === 0) return { kind: "skipped" };
  return { kind: matches.length > 1 ? "ambiguous" : "exact", instant: new Date(matches[0]!) };
}

/** The calendar day (`YYYY-MM-DD`) it is in `zone` at `instant`; UTC without a zone. */
export function calendarDayIn(instant: Date, zone: string | null): string {
  const wall = zone ? new Date(wallClock(instant.getTime(), zone)) : instant;
  return wall.toISOString().slice(0, 10);
}
