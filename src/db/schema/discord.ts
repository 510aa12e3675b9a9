import { sql } from "drizzle-orm";
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";
import { events } from "./events";
import { orgRef } from "./organizations";
import { players } from "./players";

/**
 * One-time codes that let `/setup` link a Discord server to the organisation: without one, anyone
 * who adds the application to their own server could read the organisation's private data.
 * Only a SHA-256 of the code is kept.
 */
export const discordSetupCodes = sqliteTable(
  "discord_setup_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    orgId: orgRef(),
    /** The event the server follows once linked (null: none yet). */
    eventId: text("event_id").references(() => events.id, { onDelete: "cascade" }),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    usedByGuildId: text("used_by_guild_id"),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("discord_setup_codes_org_idx").on(t.orgId)],
);

/**
 * A Discord server linked to an organisation, optionally following one of its events. The
 * deployment has one Discord application, so a server is linked to one organisation at most.
 */
export const discordGuilds = sqliteTable(
  "discord_guilds",
  {
    guildId: text("guild_id").primaryKey(),
    orgId: orgRef(),
    eventId: text("event_id").references(() => events.id, { onDelete: "set null" }),
    /** Discord role id → the organisation role its members act with (staff commands). */
    staffRoles: text("staff_roles", { mode: "json" }).$type<Record<string, string>>().notNull().default({}),
    /** The Discord user who ran `/setup` last. */
    linkedBy: text("linked_by").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("discord_guilds_org_idx").on(t.orgId)],
);

/** `/link member-number`: a Discord user asks to be a player; staff approve or reject. */
export const discordLinkRequests = sqliteTable(
  "discord_link_requests",
  {
    id: text("id").primaryKey(),
    orgId: orgRef(),
    guildId: text("guild_id").notNull(),
    discordUserId: text("discord_user_id").notNull(),
    /** The Discord user name when asked, for the staff who decide. */
    discordUsername: text("discord_username").notNull(),
    playerId: text("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "approved", "rejected"] }).notNull(),
    decidedBy: text("decided_by"),
    decidedAt: text("decided_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("discord_link_requests_org_idx").on(t.orgId, t.status, t.id),
    // One open request per Discord user and organisation: asking again replaces it.
    uniqueIndex("discord_link_requests_pending_uq")
      .on(t.orgId, t.discordUserId)
      .where(sql`status = 'pending'`),
  ],
);
