import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";
import { eventRef } from "./events";
import { orgRef } from "./organizations";
import { playerRef } from "./players";

/**
 * A circuit (season) of events of an organisation tree, ranked with its own scoring policy.
 * The selection and the policy are JSON validated by the API schemas; the standings are
 * computed on read from the events' final standings, never stored.
 */
export const series = sqliteTable(
  "series",
  {
    id: text("id").primaryKey(),
    orgId: orgRef(),
    name: text("name").notNull(),
    /** `{ kind: "events", eventIds }` or `{ kind: "tag", tag, from, to }`. */
    selection: text("selection", { mode: "json" }).notNull(),
    policy: text("policy", { mode: "json" }).notNull(),
    /** Public seed of the series' own lots (the last tiebreak), like an event's lotSeed. */
    lotSeed: text("lot_seed").notNull(),
    /** Bumped by every PATCH: part of the standings' ETag. */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("series_org_idx").on(t.orgId)],
);

/**
 * Tags an event's own organisation puts on it (e.g. `national-2026`): a series of a parent
 * organisation picks events up by tag, so a member store joins a circuit without giving the
 * federation any write access to its events.
 */
export const eventTags = sqliteTable(
  "event_tags",
  {
    eventId: eventRef(),
    tag: text("tag").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.tag] }), index("event_tags_tag_idx").on(t.tag)],
);

/**
 * Players merged into another one: the merged id keeps answering, with a redirect to the kept
 * player (301 on reads, 410 on writes). No foreign key to the merged player, whose row is gone.
 */
export const playerMerges = sqliteTable("player_merges", {
  mergedPlayerId: text("merged_player_id").primaryKey(),
  intoPlayerId: playerRef("into_player_id"),
  mergedName: text("merged_name").notNull(),
  actorClientId: text("actor_client_id").notNull(),
  createdAt: createdAt(),
});
