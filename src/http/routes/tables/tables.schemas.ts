import { z } from "@hono/zod-openapi";
import { COLOURS } from "../../../domain/choices";
import { playerIdInput, readableText, TimestampSchema } from "../../openapi/common-schemas";

const PLAYER_ID = "ply_01JDQ70A8M6R2S4T6V8X0Z2B4D";

const ScoreSchema = z
  .object({
    playerId: z.string().min(1).max(64),
    vp: z.number().int().openapi({
      description:
        "Victory points on the sheet (integer, 0–20): the winner ≥ 10, the others ≥ 2 unless disqualified; a non-winner may have 10 or more (late victory declaration, rule 3.0.17). Ranking counts at most 10.",
      example: 8,
    }),
  })
  .strict()
  .openapi("Score");

/** A four-player sheet, the example of every body that carries one. */
const SAMPLE_SHEET = {
  scores: [
    { playerId: "ply_01JDQ70A8M6R2S4T6V8X0Z2B4D", vp: 10 },
    { playerId: "ply_01JDQ70B1N7S3T5V7X9Z1B3D5F", vp: 8 },
    { playerId: "ply_01JDQ70C4P8T4V6X8Z0B2D4F6H", vp: 7 },
    { playerId: "ply_01JDQ70D7Q9V5X7Z9B1D3F5H7K", vp: 5 },
  ],
  winnerId: "ply_01JDQ70A8M6R2S4T6V8X0Z2B4D",
};

const sheetFields = {
  scores: z.array(ScoreSchema).min(3).max(4).openapi({ description: "One entry per seated player." }),
  winnerId: playerIdInput("The player who reached 10 VP on their turn."),
};

export const SubmitResultSchema = z
  .object({
    ...sheetFields,
    signed: z.boolean().optional().openapi({
      description:
        "true: the paper sheet is signed by all players, so the result is final at once (rule 1.3.4).",
    }),
  })
  .strict()
  .openapi("SubmitResult", { example: SAMPLE_SHEET });

export const CorrectResultSchema = z
  .object({
    ...sheetFields,
    reason: readableText(500, 3).openapi({ example: "Transcription error: seat 3 had 7 VP, not 5." }),
  })
  .strict()
  .openapi("CorrectResult", {
    example: { ...SAMPLE_SHEET, reason: "Transcription error: seat 3 had 7 VP, not 5." },
  });

const SeatCodeSchema = z
  .string()
  .min(1)
  .max(20)
  .openapi({
    description:
      "The player's code printed next to their name on the result sheet (10 characters; case, spaces and dashes ignored). " +
      "With it, no token is needed: the player acts from their own phone.",
    example: "K7M2QX",
  });

export const ConfirmResultSchema = z
  .object({
    playerId: playerIdInput(),
    code: SeatCodeSchema.optional(),
  })
  .strict()
  .openapi("ConfirmResult", { example: { playerId: PLAYER_ID, code: "K7M2QX" } });

export const DisputeResultSchema = z
  .object({
    playerId: playerIdInput(),
    code: SeatCodeSchema.optional().openapi({
      description: "The player's seat code; staff with a token may omit it.",
    }),
    reason: readableText(500, 3).openapi({ example: "I had 8 VP, not 6: the longest road was mine." }),
  })
  .strict()
  .openapi("DisputeResult", {
    example: { playerId: PLAYER_ID, code: "K7M2QX", reason: "I had 8 VP, not 6: the longest road was mine." },
  });

export const FinalizeResultSchema = z
  .object({
    reason: readableText(500, 0)
      .nullish()
      .openapi({ example: "Seat 2 refused to sign; the referee checked the board." }),
  })
  .strict()
  .openapi("FinalizeResult", {
    example: { reason: "Seat 2 refused to sign; the referee checked the board." },
  });

export const DisqualifySchema = z
  .object({
    playerId: playerIdInput("A player seated at this table."),
    reason: readableText(500, 3).openapi({ example: "Unsporting conduct after two warnings (rule 1.3.6)." }),
  })
  .strict()
  .openapi("Disqualify", {
    example: { playerId: PLAYER_ID, reason: "Unsporting conduct after two warnings (rule 1.3.6)." },
  });

export const WaiveChoicesSchema = z
  .object({
    reason: readableText(500, 3).openapi({ example: "The finalists agreed their seats at the table." }),
  })
  .strict()
  .openapi("WaiveChoices", { example: { reason: "The finalists agreed their seats at the table." } });

export const ChooseSchema = z
  .object({
    playerId: playerIdInput("The player choosing: the best ranked of the table who has not chosen yet."),
    position: z
      .number()
      .int()
      .min(1)
      .max(4)
      .openapi({ description: "The turn position chosen (1 plays first), free at the table.", example: 3 }),
    chair: z.number().int().min(1).max(4).optional().openapi({
      description:
        "The chair, numbered clockwise around the table. The first player to choose picks it (default: the chair numbered as their turn position); for the others it follows from their turn position, since turns pass clockwise: leave it out, or send the chair the table answers with.",
      example: 2,
    }),
    colour: z
      .enum(COLOURS)
      .openapi({ description: "A colour of the base game not taken at the table.", example: "blue" }),
  })
  .strict()
  .openapi("Choose", { example: { playerId: PLAYER_ID, position: 3, chair: 2, colour: "blue" } });

export const TimerSchema = z
  .object({
    turnSeconds: z.number().int().min(10).max(120).optional().openapi({
      description:
        "Seconds per turn: the event's turn time (its `timers.turn` when it publishes 2-minute turns after one hour, else the rule's 120) unless the referee gives a shorter one to keep the schedule; never longer (rule 1.1.11, 422 `turn_longer_than_event`).",
      example: 120,
    }),
    requestedBy: z.string().min(1).max(64).nullish().openapi({
      description: "The seated player who asked for timed turns (after the opening placements), if one did.",
      example: PLAYER_ID,
    }),
  })
  .strict()
  .openapi("TimedTurns", { example: { turnSeconds: 120, requestedBy: PLAYER_ID } });

const SeatSchema = z
  .object({
    position: z.number().int().openapi({
      description:
        "Turn order: 1 plays first. At a snake-seated table, the chosen turn position once `chosenAt` is set; until then the free positions by rank.",
      example: 1,
    }),
    seedRank: z.number().int().nullable().openapi({
      description: "The rank that placed the player here (snake-seated games); null for prelim games 1–3.",
    }),
    player: z.object({ id: z.string(), name: z.string() }),
    vp: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "VP on the current result, null before one is submitted." }),
    placement: z.number().int().nullable().openapi({ description: "1–4; equal VP share the higher place." }),
    confirmed: z
      .boolean()
      .openapi({ description: "This player agreed to the current scores (digital scoring)." }),
    confirmedVia: z.enum(["player", "staff"]).nullable().openapi({
      description:
        "`player`: with their seat code from their phone; `staff`: a client confirmed on their behalf.",
    }),
    disqualified: z.boolean().openapi({
      description:
        "Disqualified at this table (rule 1.3.6): placed last here. A player disqualified later, at another table, keeps the placement signed here (docs/rules.md#people-and-results).",
    }),
    chair: z.number().int().nullable().openapi({
      description:
        "Snake-seated tables: the chair chosen (numbered clockwise), null until the player chooses (docs/rules.md#choices).",
      example: 2,
    }),
    colour: z.enum(COLOURS).nullable().openapi({
      description: "Snake-seated tables: the colour chosen, null until the player chooses.",
      example: "blue",
    }),
    chosenAt: TimestampSchema.nullable().openapi({
      description: "When the player chose turn order, chair and colour (snake-seated tables); null before.",
    }),
    confirmationCode: z.string().nullable().optional().openapi({
      description:
        "The seat's code, personal to its player (handed to them alone, e.g. on their seat slip): only in answers to staff who may enter this table's results, never public.",
      example: "K7M2QXW9RD",
    }),
  })
  .openapi("Seat");

const TableResultSchema = z
  .object({
    status: z.enum(["pending", "final"]).openapi({
      description:
        "`pending` awaits confirmations; `final` counts in the rankings and changes only by correction.",
    }),
    version: z
      .number()
      .int()
      .openapi({ description: "Increases on every change; send it back in If-Match.", example: 1 }),
    winnerId: z.string(),
    scores: z.array(ScoreSchema),
    finalizedBy: z.enum(["signed", "confirmations", "referee", "correction"]).nullable(),
    awaitingConfirmation: z
      .array(z.string())
      .openapi({ description: "Players who have not confirmed yet (pending only)." }),
    disputes: z
      .array(
        z.object({
          playerId: z.string(),
          reason: z.string(),
          via: z.enum(["player", "staff"]),
          createdAt: TimestampSchema,
        }),
      )
      .openapi({
        description:
          "Open disputes of the pending sheet: confirmations cannot make it final until a referee finalizes it or the sheet is replaced.",
      }),
    updatedAt: TimestampSchema,
  })
  .openapi("TableResult");

export const TableSchema = z
  .object({
    id: z.string().openapi({ example: "tbl_01JDQ7F3M1X5Z7B9D1F3H5K7M9" }),
    roundId: z.string(),
    eventId: z.string(),
    sessionId: z.string().nullable(),
    kind: z.enum(["prelim", "semifinal", "final"]),
    number: z.number().int().openapi({ example: 3 }),
    seats: z.array(SeatSchema),
    choicesWaived: z.object({ reason: z.string(), at: TimestampSchema }).nullable().openapi({
      description:
        "Staff waived the players' choices by rank here (docs/rules.md#choices): why and when; null otherwise.",
    }),
    nextToChoose: z.string().nullable().openapi({
      description:
        "Snake-seated tables without a result: the player who chooses turn order, chair and colour next (the best ranked who has not chosen); null otherwise.",
    }),
    timer: z
      .object({
        turnSeconds: z.number().int().openapi({ example: 120 }),
        requestedBy: z
          .string()
          .nullable()
          .openapi({ description: "The seated player who asked for timed turns, if one did." }),
        since: TimestampSchema,
      })
      .nullable()
      .openapi({
        description:
          "Timed turns switched on by a referee (rule 1.1.11, docs/rules.md#timers); null: the table plays untimed (or on the event's tournament timer).",
      }),
    result: TableResultSchema.nullable(),
  })
  .openapi("Table");

export const AuditEntrySchema = z
  .object({
    id: z.string(),
    action: z.string().openapi({ example: "result.correction" }),
    entityType: z.string().openapi({ example: "table" }),
    entityId: z.string(),
    actorClientId: z.string(),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
    reason: z.string().nullable(),
    createdAt: TimestampSchema,
  })
  .openapi("AuditEntry");
