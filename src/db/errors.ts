/**
 * What went wrong in the database, read from the driver's error codes (`LibsqlError.code` and
 * `extendedCode`) rather than its wording. Drizzle wraps the driver's error (DrizzleQueryError),
 * so the whole `cause` chain is searched.
 *
 * What each client gives: a local file, `:memory:` and an embedded replica's local reads give
 * the primary code (`SQLITE_CONSTRAINT`) and the extended one (`SQLITE_CONSTRAINT_UNIQUE`); over
 * Hrana (a remote URL, an embedded replica's writes, the Workers client) `code` is whatever the
 * server sends: sqld sends the primary code only, the test server in tools/ the extended one, and
 * `extendedCode` is never set.
 */

/** Primary SQLite result codes this project acts on (the part before an extended suffix). */
const PRIMARY_CODES = [
  "SQLITE_CONSTRAINT",
  "SQLITE_FULL",
  "SQLITE_READONLY",
  "SQLITE_IOERR",
  "SQLITE_CANTOPEN",
] as const;

function primaryOf(code: string) {
  return PRIMARY_CODES.find((p) => code === p || code.startsWith(`${p}_`));
}

/**
 * The first SQLite result code in the error's cause chain, undefined when there is none: its
 * primary code (`SQLITE_CONSTRAINT`; undefined for one this project ignores), its extended code
 * (`SQLITE_CONSTRAINT_UNIQUE`) when the driver gave one, and the engine's own message, for what
 * no code says (which trigger refused).
 */
export function driverCode(error: unknown) {
  for (let e: unknown = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, extendedCode, message } = e as {
      code?: unknown;
      extendedCode?: unknown;
      message?: unknown;
    };
    if (typeof code !== "string" || !code.startsWith("SQLITE_")) continue;
    const most = typeof extendedCode === "string" ? extendedCode : code;
    const primary = primaryOf(most) ?? primaryOf(code);
    return { primary, extended: most !== primary ? most : undefined, message: String(message ?? "") };
  }
  return undefined;
}

const UNIQUENESS = new Set([
  "SQLITE_CONSTRAINT_UNIQUE",
  "SQLITE_CONSTRAINT_PRIMARYKEY",
  "SQLITE_CONSTRAINT_ROWID",
]);

/**
 * A foreign key naming a row that is gone: a player merged or a round removed by another request
 * between this one's read and its write.
 */
export function isReferenceError(error: unknown): boolean {
  const found = driverCode(error);
  if (found?.primary !== "SQLITE_CONSTRAINT") return false;
  if (found.extended) return found.extended === "SQLITE_CONSTRAINT_FOREIGNKEY";
  return /\bFOREIGN KEY constraint failed\b/.test(found.message);
}

/** A uniqueness or primary-key violation: how racing writers find out they lost. */
export function isConstraintError(error: unknown): boolean {
  const found = driverCode(error);
  if (found?.primary !== "SQLITE_CONSTRAINT") return false;
  if (found.extended) return UNIQUENESS.has(found.extended);
  // sqld's Hrana answer names only the primary code: SQLite's own wording for a UNIQUE or
  // PRIMARY KEY violation is then the only thing that tells it from a CHECK or a trigger.
  return /\bUNIQUE constraint failed\b/.test(found.message);
}

/**
 * The message of a trigger's RAISE(ABORT, …): the driver's code says a trigger refused
 * (SQLITE_CONSTRAINT_TRIGGER, or SQLITE_CONSTRAINT over sqld), only the message says which.
 */
function raisedMessage(error: unknown): string | undefined {
  const found = driverCode(error);
  if (found?.primary !== "SQLITE_CONSTRAINT") return undefined;
  if (found.extended && found.extended !== "SQLITE_CONSTRAINT_TRIGGER") return undefined;
  return found.message;
}

/**
 * The tournament rule a database trigger refused (migrations/0001_result_rules.sql raises
 * `rule_1_3_6: …`), as "1.3.6"; null for any other error.
 */
export function ruleRaisedByDatabase(error: unknown): string | null {
  const match = /rule_(\d+)_(\d+)_(\d+)/.exec(raisedMessage(error) ?? "");
  return match ? `${match[1]}.${match[2]}.${match[3]}` : null;
}

/**
 * A database trigger refused the write: `phase_locked` (a later phase is seated from this result,
 * migrations/0009_phase_lock_guards.sql) or `stale_read` (a batch precondition no longer held,
 * src/db/preconditions.ts).
 */
export function guardRaisedByDatabase(error: unknown): "phase_locked" | "stale_read" | null {
  const match = /\b(phase_locked|stale_read):/.exec(raisedMessage(error) ?? "");
  return (match?.[1] as "phase_locked" | "stale_read" | undefined) ?? null;
}

/**
 * The database cannot take the request now, through no fault of it: full (disk or
 * `max_page_count`), read-only (file mode, `query_only`, a replica cut off from its primary), or
 * an I/O failure (a removed folder, a failing disk). Null for anything else.
 */
export function storageFailure(error: unknown): "full" | "read-only" | "unavailable" | null {
  switch (driverCode(error)?.primary) {
    case "SQLITE_FULL":
      return "full";
    case "SQLITE_READONLY":
      return "read-only";
    case "SQLITE_IOERR":
    case "SQLITE_CANTOPEN":
      return "unavailable";
    default:
      return null;
  }
}
