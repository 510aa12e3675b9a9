import { text } from "drizzle-orm/sqlite-core";

/** Timestamps are ISO-8601 strings in UTC: sortable as text and readable in a SQL shell. */
export const createdAt = () =>
  text("created_at")
    .notNull()
    .$defaultFn(() => new Date().toISOString());

export const updatedAt = () =>
  text("updated_at")
    .notNull()
    .$defaultFn(() => new Date().toISOString());
