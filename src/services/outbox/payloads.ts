/**
 * The webhook payloads (the `data` of each message): one schema per event type. The types the
 * services build are inferred from them, and the OpenAPI `webhooks` section is generated from
 * them (src/http/routes/webhooks/webhook-docs.ts).
 */
import { z } from "@hono/zod-openapi";
import type { WebhookEventType } from "./event-types";

const RoundKindSchema = z.enum(["prelim", "semifinal", "final"]);

/** Where a table is: the one shape every notification about one table starts with. */
const tablePlace = {
  eventId: z.string(),
  sessionId: z.string().nullable(),
  roundId: z.string(),
  round: z.object({ kind: RoundKindSchema, number: z.number().int() }),
  tableId: z.string(),
  tableNumber: z.number().int(),
};

/** The fields of `tablePlace`, as the services give them. */
interface TablePlaceInput {
  eventId: string;
  round: { id: string; sessionId: string | null; kind: "prelim" | "semifinal" | "final"; number: number };
  table: { id: string; number: number };
}

/** Where a table is, built in one place for every payload that carries it. */
export const tablePlaceOf = ({ eventId, round, table }: TablePlaceInput) => ({
  eventId,
  sessionId: round.sessionId,
  roundId: round.id,
  round: { kind: round.kind, number: round.number },
  tableId: table.id,
  tableNumber: table.number,
});

/**
 * The round's kind beside `round`, as `seat.chosen` and `table.timer` first sent it: kept until
 * its sunset (docs/versioning.md), then gone.
 */
const flatKind = {
  kind: RoundKindSchema.openapi({
    deprecated: true,
    description:
      "Deprecated since 2026-12-04 (it may be removed after 2027-06-04): the same as `round.kind`, the shape every table's notification has.",
  }),
};

const SeatSchema = z.object({
  position: z.number().int().openapi({ description: "Turn order, 1–4." }),
  playerId: z.string(),
  name: z.string().nullable(),
  vp: z.number().int().nullable(),
  placement: z.number().int().nullable(),
});

export const TableResultSchema = z
  .object({
    ...tablePlace,
    version: z.number().int(),
    status: z.enum(["pending", "final"]),
    finalizedBy: z.string().nullable(),
    winnerId: z.string(),
    seats: z.array(SeatSchema),
  })
  .openapi("WebhookTableResult");

const RoundSeatedSchema = z
  .object({
    eventId: z.string(),
    sessionId: z.string().nullable(),
    roundId: z.string(),
    kind: RoundKindSchema,
    number: z.number().int(),
    method: z.string(),
    tables: z.array(
      z.object({
        tableId: z.string(),
        number: z.number().int(),
        seats: z.array(z.object({ position: z.number().int(), playerId: z.string() })),
      }),
    ),
  })
  .openapi("WebhookRoundSeated");

const StandingsChangedSchema = z
  .object({
    eventId: z.string(),
    sessionId: z.string().nullable(),
    resultsVersion: z
      .number()
      .int()
      .openapi({ description: "The event's new results version (the rankings' ETag)." }),
    top: z
      .array(
        z.object({
          rank: z.number().int().nullable(),
          playerId: z.string(),
          name: z.string(),
          wins: z.number().int(),
          vp: z.number().int(),
          vpPct: z.string(),
        }),
      )
      .openapi({
        description:
          "Top 8 of the session ranking (the event ranking for playoff tables) when first delivered.",
      }),
    urls: z.object({ session: z.string().nullable(), qualification: z.string(), event: z.string() }),
  })
  .openapi("WebhookStandingsChanged");

const SeatChosenSchema = z
  .object({
    ...tablePlace,
    ...flatKind,
    playerId: z.string().openapi({ description: "The player who just chose." }),
    seats: z
      .array(
        z.object({
          position: z.number().int().openapi({ description: "Turn order, 1–4." }),
          playerId: z.string(),
          name: z.string(),
          seedRank: z.number().int().nullable(),
          chair: z.number().int().nullable(),
          colour: z.enum(["red", "blue", "white", "orange"]).nullable(),
          chosen: z.boolean().openapi({
            description: "false: still to choose; the position is the free one by rank until then.",
          }),
        }),
      )
      .openapi({ description: "The table's seats in their new turn order." }),
  })
  .openapi("WebhookSeatChosen");

const TableTimerSchema = z
  .object({
    ...tablePlace,
    ...flatKind,
    timedTurns: z
      .boolean()
      .openapi({ description: "true: switched to timed turns; false: back to untimed." }),
    turnSeconds: z.number().int().nullable().openapi({ description: "Seconds per turn; null when untimed." }),
    requestedBy: z
      .string()
      .nullable()
      .openapi({ description: "The seated player who asked for timed turns, if one did." }),
    since: z.string().nullable().openapi({ description: "When timed turns started; null when untimed." }),
  })
  .openapi("WebhookTableTimer");

export const WEBHOOK_PAYLOADS = {
  "round.seated": {
    schema: RoundSeatedSchema,
    summary: "A prelim game was seated: tables and seats in turn order.",
  },
  "playoffs.seated": { schema: RoundSeatedSchema, summary: "The semifinals or the final were seated." },
  "result.submitted": {
    schema: TableResultSchema,
    summary: "A result sheet was submitted (pending) or replaced.",
  },
  "result.confirmed": { schema: TableResultSchema, summary: "A player confirmed a pending result." },
  "result.final": {
    schema: TableResultSchema,
    summary: "A table's result became final (placements included).",
  },
  "result.corrected": {
    schema: z
      .object({
        tableId: z.string(),
        eventId: z.string(),
        reason: z.string(),
        before: TableResultSchema,
        after: TableResultSchema,
      })
      .openapi("WebhookResultCorrected"),
    summary: "An organiser corrected a final result: before and after.",
  },
  "player.disqualified": {
    schema: z
      .object({
        eventId: z.string(),
        tableId: z.string(),
        playerId: z.string(),
        name: z.string().nullable(),
        reason: z.string(),
      })
      .openapi("WebhookPlayerDisqualified"),
    summary: "A player was disqualified from the event (rule 1.3.6).",
  },
  "standings.changed": {
    schema: StandingsChangedSchema,
    summary: "A ranking moved: the new resultsVersion, the top of the ranking and where to fetch it.",
  },
  "event.completed": {
    schema: z.object({ eventId: z.string(), final: TableResultSchema }).openapi("WebhookEventCompleted"),
    summary: "The final's result became final: the tournament is over.",
  },
  "seat.chosen": {
    schema: SeatChosenSchema,
    summary:
      "A player of a snake-seated table chose turn order, chair and colour (in rank order): the table's seats in their new order.",
  },
  "table.timer": {
    schema: TableTimerSchema,
    summary:
      "A referee switched a table to timed turns (rule 1.1.11), changed the turn length, or switched it back.",
  },
} satisfies Record<WebhookEventType, { schema: z.ZodType; summary: string }>;

/** The `data` of a notification of type T. */
export type WebhookPayload<T extends WebhookEventType> = z.infer<(typeof WEBHOOK_PAYLOADS)[T]["schema"]>;
/** A table's result as notifications carry it (also `before`/`after` of a correction). */
export type TableResultPayload = z.infer<typeof TableResultSchema>;
export type RoundSeatedPayload = z.infer<typeof RoundSeatedSchema>;
