import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { eventRef } from "./events";
import { playerRef } from "./players";
import { gameTables, tableRef } from "./rounds";

export type StoredScore = { playerId: string; vp: number };

/** The current result of a table: at most one per table. */
export const tableResults = sqliteTable(
  "table_results",
  {
    tableId: text("table_id")
      .primaryKey()
      .references(() => gameTables.id, { onDelete: "cascade" }),
    eventId: eventRef(),
    status: text("status", { enum: ["pending", "final"] }).notNull(),
    version: integer("version").notNull(),
    winnerId: text("winner_id").notNull(),
    scores: text("scores", { mode: "json" }).$type<StoredScore[]>().notNull(),
    /** How the result became final: a signed paper sheet, every player's confirmation, or a referee. */
    finalizedBy: text("finalized_by", { enum: ["signed", "confirmations", "referee", "correction"] }),
    submittedByClientId: text("submitted_by_client_id").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    check("table_results_final_has_way", sql`(${t.status} = 'final') = (${t.finalizedBy} IS NOT NULL)`),
    index("table_results_event_idx").on(t.eventId),
  ],
);

/**
 * Every state a result went through. The primary key (table, version) is what makes two
 * racing writers safe: both compute the same next version, so the second batch fails as a
 * whole and nothing is half-written.
 */
export const resultRevisions = sqliteTable(
  "result_revisions",
  {
    tableId: tableRef(),
    version: integer("version").notNull(),
    action: text("action", {
      enum: ["submit", "resubmit", "confirm", "finalize", "disqualify", "correction", "dispute"],
    }).notNull(),
    status: text("status", { enum: ["pending", "final"] }).notNull(),
    winnerId: text("winner_id").notNull(),
    scores: text("scores", { mode: "json" }).$type<StoredScore[]>().notNull(),
    actorClientId: text("actor_client_id").notNull(),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.version] })],
);

/**
 * Digital scoring (rule 1.3.4): each seated player agrees to the current scores. Rows are
 * deleted whenever the scores change, so a confirmation always refers to what is on record.
 */
export const resultConfirmations = sqliteTable(
  "result_confirmations",
  {
    tableId: tableRef(),
    /** The result version the player saw when confirming. */
    version: integer("version").notNull(),
    playerId: playerRef(),
    actorClientId: text("actor_client_id").notNull(),
    /** `player`: with the player's seat code, from their phone; `staff`: a client on their behalf. */
    via: text("via", { enum: ["player", "staff"] })
      .notNull()
      .default("staff"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.playerId] })],
);

/**
 * A player disputing a pending result: while one is open, confirmations cannot make
 * the result final; a referee's finalization or a replaced sheet settles it.
 */
export const resultDisputes = sqliteTable(
  "result_disputes",
  {
    id: text("id").primaryKey(),
    tableId: tableRef(),
    /** The result version disputed. */
    version: integer("version").notNull(),
    playerId: playerRef(),
    reason: text("reason").notNull(),
    via: text("via", { enum: ["player", "staff"] }).notNull(),
    actorClientId: text("actor_client_id").notNull(),
    createdAt: createdAt(),
    /** Set when a referee finalizes, the sheet is replaced, or the player confirms after all. */
    resolvedAt: text("resolved_at"),
    resolution: text("resolution", { enum: ["finalized", "replaced", "withdrawn"] }),
  },
  (t) => [index("result_disputes_table_idx").on(t.tableId)],
);

/** Wrong seat codes, per table and player: what the rate limit counts (and the audit trail shows). */
export const seatCodeFailures = sqliteTable(
  "seat_code_failures",
  {
    id: text("id").primaryKey(),
    tableId: tableRef(),
    playerId: text("player_id").notNull(),
    /**
     * Where the wrong code came from: a hash of the address (IPv6: its /64), so that one source's
     * guesses stop that source only and the player's own phone is still heard.
     */
    source: text("source").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("seat_code_failures_idx").on(t.tableId, t.playerId, t.createdAt)],
);

/** Rule 1.3.6: a disqualified player leaves the event's later seating, standings and qualification. */
export const disqualifications = sqliteTable(
  "disqualifications",
  {
    id: text("id").primaryKey(),
    eventId: eventRef(),
    tableId: tableRef(),
    playerId: playerRef(),
    reason: text("reason").notNull(),
    actorClientId: text("actor_client_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("disqualifications_event_player_uq").on(t.eventId, t.playerId)],
);
