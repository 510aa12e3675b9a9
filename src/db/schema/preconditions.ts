import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Compare-and-set for a whole batch. A batch that was computed from what it read earlier (a
 * playoff seating from the qualification) starts with one insert here whose `holds` says whether
 * what it read is still current; the trigger of migration 0009 aborts the batch when it is not
 * and drops the row when it is, so the table stays empty. See `src/db/preconditions.ts`.
 */
export const writePreconditions = sqliteTable("write_preconditions", {
  holds: integer("holds", { mode: "boolean" }).notNull(),
  what: text("what").notNull(),
});
