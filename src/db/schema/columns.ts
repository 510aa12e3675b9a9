import { text } from "drizzle-orm/sqlite-core";

/** Timestamps are ISO-8601 strings in UTC: sortable as text and readable in a SQL shell. */
const timestamp = (name: string) =>
  text(name)
    .notNull()
    .$defaultFn(() => new Date().toISOString());

export const createdAt = () => timestamp("created_at");
export const updatedAt = () => timestamp("updated_at");
