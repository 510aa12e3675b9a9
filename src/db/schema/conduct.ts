import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { eventRef } from "./events";
import { orgRef } from "./organizations";
import { playerRef } from "./players";
import { tableRef } from "./rounds";

/**
 * A referee's warning to a player at a table (rules 2.0.3, 3.0.15; docs/rules.md#sanctions):
 * the first step before sanctions and disqualification. Never public.
 */
export const conductWarnings = sqliteTable(
  "conduct_warnings",
  {
    id: text("id").primaryKey(),
    eventId: eventRef(),
    tableId: tableRef(),
    playerId: playerRef(),
    /** The rule broken, by its number in the championship rules (e.g. `2.0.3`). */
    rule: text("rule").notNull(),
    note: text("note").notNull(),
    actorClientId: text("actor_client_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("conduct_warnings_event_player_idx").on(t.eventId, t.playerId),
    index("conduct_warnings_player_idx").on(t.playerId),
  ],
);

/**
 * A federation (the root of an organisation tree) excluding a player from its whole programme
 * until a date (docs/rules.md#sanctions): registration in the tree's events is refused until
 * then; nothing played changes. Lifting it early keeps the row.
 */
export const programmeExclusions = sqliteTable(
  "programme_exclusions",
  {
    id: text("id").primaryKey(),
    /** The root organisation whose programme the player is excluded from. */
    orgId: orgRef(),
    playerId: playerRef(),
    /** First day the player may register again (YYYY-MM-DD, UTC). */
    until: text("until").notNull(),
    reason: text("reason").notNull(),
    actorClientId: text("actor_client_id").notNull(),
    createdAt: createdAt(),
    liftedAt: text("lifted_at"),
  },
  (t) => [index("programme_exclusions_player_idx").on(t.playerId, t.orgId)],
);
