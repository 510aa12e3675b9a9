import { z } from "@hono/zod-openapi";
import { playerIdInput, TimestampSchema } from "../../openapi/common-schemas";
import { pageSchema } from "../../pagination";

const PLAYER_ID = "ply_01JDQ70A8M6R2S4T6V8X0Z2B4D";

const PlayerRefSchema = z.object({
  id: z.string().openapi({ example: PLAYER_ID }),
  name: z.string().openapi({ example: "Rūta Kazlauskienė" }),
});

/** A rule of the championship rules by its number (`2.0.3`, `3.0.15`, `1.3.6`). */
const RuleNumberSchema = z
  .string()
  .regex(/^\d{1,2}\.\d{1,2}\.\d{1,2}$/, { message: "a rule number such as 2.0.3 or 3.0.15" })
  .openapi({ description: "The rule broken, by its number in the championship rules.", example: "3.0.15" });

export const RecordWarningSchema = z
  .object({
    playerId: playerIdInput("A player seated at this table."),
    rule: RuleNumberSchema,
    note: z.string().trim().min(1).max(1000).openapi({
      description: "What happened, in the referee's words.",
      example: "Offered free resources twice",
    }),
  })
  .strict()
  .openapi("RecordWarning", {
    example: { playerId: PLAYER_ID, rule: "3.0.15", note: "Offered free resources twice" },
  });

export const WarningSchema = z
  .object({
    id: z.string().openapi({ example: "wrn_01JDQ7M2P4R6T8V0X2Z4B6D8F0" }),
    eventId: z.string(),
    tableId: z.string(),
    roundId: z.string(),
    player: PlayerRefSchema,
    rule: z.string().openapi({ example: "3.0.15" }),
    note: z.string().openapi({ example: "Offered free resources twice" }),
    recordedBy: z.string().openapi({ description: "The API client that recorded it." }),
    createdAt: TimestampSchema.openapi({ description: "When it was recorded." }),
  })
  .openapi("Warning", {
    description:
      "A referee's warning to a player at a table (rules 2.0.3, 3.0.15; docs/rules.md#sanctions): visible to the event's staff and the organisations above it only.",
  });

export const WarningListSchema = pageSchema(WarningSchema, "Warning");

/** The first day the player may register again (after today where the organisation is: the service checks). */
const UntilSchema = z.iso.date().openapi({
  description:
    "The first day the player may register again (YYYY-MM-DD), a calendar day in the organisation's time zone (UTC without one); after today there.",
  example: "2027-06-01",
});

export const CreateExclusionSchema = z
  .object({
    playerId: playerIdInput("A player of the organisation's tree."),
    until: UntilSchema,
    reason: z
      .string()
      .trim()
      .min(1)
      .max(1000)
      .openapi({ example: "Repeated free-resource deals (rule 3.0.14)" }),
  })
  .strict()
  .openapi("CreateExclusion", {
    example: {
      playerId: PLAYER_ID,
      until: "2027-06-01",
      reason: "Repeated free-resource deals (rule 3.0.14)",
    },
  });

export const ExclusionSchema = z
  .object({
    id: z.string().openapi({ example: "exc_01JDQ7N3Q5S7U9W1Y3A5C7E9G1" }),
    orgId: z
      .string()
      .openapi({ description: "The organisation whose programme the player is excluded from." }),
    player: PlayerRefSchema,
    until: z
      .string()
      .openapi({ description: "The first day the player may register again.", example: "2027-06-01" }),
    reason: z.string(),
    recordedBy: z.string().openapi({ description: "The API client that recorded it." }),
    createdAt: TimestampSchema,
    liftedAt: TimestampSchema.nullable().openapi({
      description: "When it was lifted early; null while it runs its course.",
    }),
  })
  .openapi("Exclusion", {
    description:
      "A player excluded from an organisation's whole programme until a date (docs/rules.md#sanctions): registration in any event of its tree is refused until then; nothing already played changes.",
  });

export const ExclusionListSchema = pageSchema(ExclusionSchema, "Exclusion");

export const CreatedExclusionSchema = ExclusionSchema.extend({
  effects: z
    .object({
      withdrawnFrom: z.array(z.string()).openapi({
        description: "Sessions of the tree whose games had not started: the registration is withdrawn.",
      }),
      sessions: z
        .array(
          z.object({
            sessionId: z.string(),
            droppedAfterGame: z
              .number()
              .int()
              .openapi({ description: "The last game the player has a result in (0: none)." }),
            reseatedRounds: z.array(z.string()).openapi({
              description: "Seated games re-seated without the player (print their slips again).",
            }),
            stillSeatedAt: z.array(z.string()).openapi({
              description:
                "Tables of seated games that could not be re-seated (in play, snake-seated, too few players left): a sheet scoring the player there is refused; the referee disqualifies them at the table, or the game is removed while it has no result and seated again.",
            }),
          }),
        )
        .openapi({ description: "Sessions under way: the player leaves as for a drop." }),
    })
    .openapi({ description: "What the exclusion changed at once (docs/rules.md#sanctions)." }),
}).openapi("CreatedExclusion");
