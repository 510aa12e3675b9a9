/**
 * What of an error may go into a log line. Drizzle's query errors carry the SQL and its bound
 * parameters (player names, membership numbers, secrets' hashes) in their message and stack, so
 * for those only the database's own message is kept; it names tables and constraints, never
 * values. Other errors are bugs: their message and stack are what fixes them.
 */
export function loggableError(error: unknown): { error: string; stack?: string } {
  if (!(error instanceof Error)) return { error: typeof error };
  if (error.name === "DrizzleQueryError" || "params" in error || /^Failed query:/.test(error.message)) {
    const cause = error.cause instanceof Error ? `${error.cause.name}: ${error.cause.message}` : "no cause";
    return { error: `database query failed (${cause})` };
  }
  return { error: `${error.name}: ${error.message}`, stack: error.stack };
}
