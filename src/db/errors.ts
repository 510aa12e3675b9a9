function errorText(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error; e && parts.length < 8; e = (e as { cause?: unknown }).cause) {
    parts.push(String((e as { code?: string }).code ?? ""), String((e as Error).message ?? ""));
  }
  return parts.join(" ");
}

/** A uniqueness, primary-key or check violation: how racing writers find out they lost. */
export function isConstraintError(error: unknown): boolean {
  return /SQLITE_CONSTRAINT|UNIQUE constraint|PRIMARY KEY|constraint failed/i.test(errorText(error));
}

/**
 * The tournament rule a database trigger refused (migrations/0001_result_rules.sql raises
 * `rule_1_3_6: …`), as "1.3.6"; null for any other error.
 */
export function ruleRaisedByDatabase(error: unknown): string | null {
  const match = /rule_(\d+)_(\d+)_(\d+)/.exec(errorText(error));
  return match ? `${match[1]}.${match[2]}.${match[3]}` : null;
}

/**
 * A database trigger refused the write: `phase_locked` (a later phase is seated from this result,
 * migrations/0009_phase_lock_guards.sql) or `stale_read` (a batch precondition no longer held,
 * src/db/preconditions.ts).
 */
export function guardRaisedByDatabase(error: unknown): "phase_locked" | "stale_read" | null {
  const match = /\b(phase_locked|stale_read):/.exec(errorText(error));
  return (match?.[1] as "phase_locked" | "stale_read" | undefined) ?? null;
}
