import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";
import { organizations } from "./organizations";

export const players = sqliteTable(
  "players",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    /** Federation membership number: unique within an organisation (the service checks the whole tree). */
    externalId: text("external_id"),
    discordId: text("discord_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("players_org_external_id_uq").on(t.orgId, t.externalId),
    index("players_org_discord_idx").on(t.orgId, t.discordId),
    index("players_org_name_idx").on(t.orgId, t.name),
  ],
);
