import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";
import { organizations, orgRef } from "./organizations";
import { playerRef } from "./players";

export const events = sqliteTable(
  "events",
  {
    id: text("id").primaryKey(),
    orgId: orgRef(),
    name: text("name").notNull(),
    ruleset: text("ruleset", { enum: ["2026", "legacy"] }).notNull(),
    visibility: text("visibility", { enum: ["public", "private"] }).notNull(),
    /** Public seed of the reproducible lots (docs/rules.md#ranking-a-session): anyone can re-check the order. */
    lotSeed: text("lot_seed").notNull(),
    startsOn: text("starts_on"),
    timezone: text("timezone"),
    venue: text("venue"),
    timers: text("timers", { mode: "json" }),
    /** The CATAN edition every game uses (rule 1.1.2), as the organiser states it. */
    edition: text("edition"),
    /** The tournament language (rule 1.1.1), a BCP 47 tag such as `en`. */
    language: text("language"),
    /** Origins whose pages may embed the venue screen in a frame (CSP frame-ancestors); null: none. */
    screenEmbedOrigins: text("screen_embed_origins", { mode: "json" }).$type<string[]>(),
    /** Bumped in the same batch as every result change: the ETag of every ranking of the event. */
    resultsVersion: integer("results_version").notNull().default(0),
    /**
     * Bumped by database triggers (migrations/0008_ranking_versions.sql) in the statement that
     * changes what a ranking shows besides results: registrations and the zero-win cut (N,
     * structure, `eliminated`), sessions, seated or removed rounds (round progress).
     */
    rosterVersion: integer("roster_version").notNull().default(0),
    /** Bumped by a trigger when a player of the event is renamed: ranking rows show names. */
    namesVersion: integer("names_version").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("events_org_idx").on(t.orgId)],
);

/** A required reference to an event: its rows go with it. */
export const eventRef = () =>
  text("event_id")
    .notNull()
    .references(() => events.id, { onDelete: "cascade" });

/** Referees and organisers of an event; rule 1.3.2 forbids them to play in it. */
export const eventStaff = sqliteTable(
  "event_staff",
  {
    eventId: eventRef(),
    playerId: playerRef(),
    role: text("role", { enum: ["referee", "organizer"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.playerId] })],
);

/** Friends and family not to be seated together (rule 1.1.6); stored with playerA < playerB. */
export const avoidPairs = sqliteTable(
  "avoid_pairs",
  {
    eventId: eventRef(),
    playerA: playerRef("player_a"),
    playerB: playerRef("player_b"),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.playerA, t.playerB] }),
    check("avoid_pairs_ordered", sql`${t.playerA} < ${t.playerB}`),
  ],
);

/** Prelim sessions: one event may run several, on different dates and venues (rule 1.2). */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    eventId: eventRef(),
    name: text("name").notNull(),
    date: text("date"),
    /**
     * Local start (`YYYY-MM-DDTHH:mm`, no offset) in `timeZone`: stores of one championship may
     * be in several countries, and a local time is what their players are told.
     */
    startsAt: text("starts_at"),
    /** IANA name of the zone `startsAt` is in. */
    timeZone: text("time_zone"),
    venue: text("venue"),
    /**
     * The store running this session: the event's organisation or one of its descendants. Its
     * clients may change this session (registrations, seating, results) and nothing else of the
     * event. Null: the event's organisation itself.
     */
    hostOrgId: text("host_org_id").references(() => organizations.id),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_event_idx").on(t.eventId), index("sessions_host_idx").on(t.hostOrgId)],
);

export const registrations = sqliteTable(
  "registrations",
  {
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    playerId: playerRef(),
    /** Set by the zero-win cut before game 4 of an 80+ session. */
    eliminatedAt: text("eliminated_at"),
    /** Check-in at the venue: once anyone is checked in, game 1 seats only checked-in players. */
    checkedInAt: text("checked_in_at"),
    /**
     * Set when game 1 is seated with check-in and the player was not checked in: kept (not
     * deleted) so the record shows who did not come; not a participant (rule 1.2.2).
     */
    noShowAt: text("no_show_at"),
    /** The player left after this game (0: before game 1 was played): keeps the games played. */
    droppedAfterGame: integer("dropped_after_game"),
    droppedAt: text("dropped_at"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.playerId] }),
    index("registrations_player_idx").on(t.playerId),
  ],
);
