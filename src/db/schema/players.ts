import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";
import { orgRef } from "./organizations";

export const players = sqliteTable(
  "players",
  {
    id: text("id").primaryKey(),
    orgId: orgRef(),
    name: text("name").notNull(),
    /** The name folded for search (NFKD, marks dropped, lower case): "RŪTA" and "ruta" find "Rūta". */
    searchName: text("search_name").notNull().default(""),
    /**
     * The root of the organisation's tree (a federation, or the store itself): organisations never
     * change trees, so this lets the database keep membership numbers unique per tree.
     */
    rootOrgId: orgRef("root_org_id"),
    /** Federation membership number: unique within the organisation tree. */
    externalId: text("external_id"),
    discordId: text("discord_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("players_tree_external_id_uq").on(t.rootOrgId, t.externalId),
    index("players_org_discord_idx").on(t.orgId, t.discordId),
    index("players_org_name_idx").on(t.orgId, t.name),
  ],
);

/** A required reference to a player. */
export const playerRef = (name = "player_id") =>
  text(name)
    .notNull()
    .references(() => players.id);
