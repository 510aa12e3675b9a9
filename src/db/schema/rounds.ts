import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { eventRef, sessions } from "./events";
import { playerRef, players } from "./players";

/** A game played by every table at once: a prelim game of a session, the semifinals or the final. */
export const rounds = sqliteTable(
  "rounds",
  {
    id: text("id").primaryKey(),
    eventId: eventRef(),
    /** Null for semifinals and the final, which belong to the event. */
    sessionId: text("session_id").references(() => sessions.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["prelim", "semifinal", "final"] }).notNull(),
    number: integer("number").notNull(),
    /** How the seating was made: generated (with seed), snake by rank, or by hand. */
    method: text("method", { enum: ["generated", "snake", "manual"] }).notNull(),
    seed: text("seed"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("rounds_session_number_uq").on(t.sessionId, t.number).where(sql`${t.kind} = 'prelim'`),
    uniqueIndex("rounds_event_playoff_uq").on(t.eventId, t.kind).where(sql`${t.kind} <> 'prelim'`),
    check("rounds_prelim_has_session", sql`(${t.kind} = 'prelim') = (${t.sessionId} IS NOT NULL)`),
    index("rounds_event_idx").on(t.eventId),
  ],
);

export const gameTables = sqliteTable(
  "game_tables",
  {
    id: text("id").primaryKey(),
    roundId: text("round_id")
      .notNull()
      .references(() => rounds.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    /**
     * Staff waived the players' choices by rank here (docs/rules.md#choices): when, and why. The
     * final's sheet otherwise waits until every finalist has chosen.
     */
    choicesWaivedAt: text("choices_waived_at"),
    choicesWaiver: text("choices_waiver"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("game_tables_round_number_uq").on(t.roundId, t.number)],
);

/** A required reference to a table: its rows go with it. */
export const tableRef = () =>
  text("table_id")
    .notNull()
    .references(() => gameTables.id, { onDelete: "cascade" });

/**
 * A player's chair at a table. `position` is the turn order (1 plays first). The current
 * reported VP and placement are copied here in the same batch as the result they come from,
 * for the table views; rankings score the sheets themselves.
 */
export const seats = sqliteTable(
  "seats",
  {
    tableId: tableRef(),
    /** Repeated from the table so the database can forbid a player twice in one round. */
    roundId: text("round_id")
      .notNull()
      .references(() => rounds.id, { onDelete: "cascade" }),
    playerId: playerRef(),
    position: integer("position").notNull(),
    /** Rank that placed the player here in snake seating; null for prelim games 1–3. */
    seedRank: integer("seed_rank"),
    vp: integer("vp"),
    placement: integer("placement"),
    /**
     * The player's short code on the result sheet: with it, the player confirms or disputes the
     * table's result from their own phone (no token). Shown only to staff who may enter results.
     */
    confirmationCode: text("confirmation_code"),
    /**
     * Snake-seated games (docs/rules.md#choices): the chair (1–4) and colour the player chose,
     * in rank order; `position` is then the turn order they chose. Null until they choose.
     */
    chair: integer("chair"),
    colour: text("colour", { enum: ["red", "blue", "white", "orange"] }),
    chosenAt: text("chosen_at"),
  },
  (t) => [
    primaryKey({ columns: [t.tableId, t.position] }),
    uniqueIndex("seats_round_player_uq").on(t.roundId, t.playerId),
    uniqueIndex("seats_table_chair_uq").on(t.tableId, t.chair).where(sql`${t.chair} is not null`),
    uniqueIndex("seats_table_colour_uq").on(t.tableId, t.colour).where(sql`${t.colour} is not null`),
    check("seats_position_range", sql`${t.position} BETWEEN 1 AND 4`),
    index("seats_player_idx").on(t.playerId),
  ],
);

/** One board per round (rule 2.0.1): every table of the round plays it. */
export const boards = sqliteTable("boards", {
  roundId: text("round_id")
    .primaryKey()
    .references(() => rounds.id, { onDelete: "cascade" }),
  kind: text("kind", { enum: ["random", "built"] }).notNull(),
  seed: text("seed"),
  hexes: text("hexes", { mode: "json" }).notNull(),
  createdAt: createdAt(),
});

/**
 * A table switched to timed turns by a referee (rule 1.1.11 option 2; docs/rules.md#timers): no
 * row, untimed. The Lithuanian text lets a player ask for it after the opening placements.
 */
export const tableTimers = sqliteTable("table_timers", {
  tableId: text("table_id")
    .primaryKey()
    .references(() => gameTables.id, { onDelete: "cascade" }),
  turnSeconds: integer("turn_seconds").notNull(),
  /** The seated player who asked for it, when one did. */
  requestedBy: text("requested_by").references(() => players.id),
  actorClientId: text("actor_client_id").notNull(),
  since: text("since").notNull(),
});
