import { z } from "@hono/zod-openapi";
import { COLOURS } from "../../../domain/choices";
import { onePageSchema, TimestampSchema } from "../../openapi/common-schemas";

const PLAYER_IDS = [
  ["ply_01JDQ70A8M6R2S4T6V8X0Z2B4D", "ply_01JDQ70B1N7S3T5V7X9Z1B3D5F", "ply_01JDQ70C4P8T4V6X8Z0B2D4F6H"],
  ["ply_01JDQ70D7Q9V5X7Z9B1D3F5H7K", "ply_01JDQ70E0R1X7Z9B1D3F5H7K9M", "ply_01JDQ70F3S2Z9B1D3F5H7K9M1P"],
];

export const CreateRoundsSchema = z
  .object({
    seed: z.string().trim().min(1).max(100).optional().openapi({
      description:
        "Seed of the generated seating: the same seed and players give the same seating. Random (and returned) when absent.",
      example: "kaunas-2026-game-1",
    }),
    plan: z.literal("all").optional().openapi({
      description: "`all`: seat every remaining game of 1–3 at once (a printable schedule).",
    }),
    tables: z
      .array(z.array(z.string().min(1).max(64)).min(1).max(8))
      .min(1)
      .max(250)
      .optional()
      .openapi({
        description:
          "A hand-made seating: each table's player ids in turn order (position 1 first). Every registered player exactly once; table sizes as rule 1.1.7.",
        example: PLAYER_IDS,
      }),
  })
  .strict()
  .openapi("CreateRounds", { example: { seed: "kaunas-2026-game-1" } });

const RoundSeatSchema = z
  .object({
    position: z.number().int().openapi({
      description:
        "1–4: the turn order. Snake-seated games (game 4, semifinals, final): the rank order at the table until the players choose turn order by rank (POST /v1/tables/{tableId}/choices), then the chosen turn order.",
      example: 1,
    }),
    seedRank: z.number().int().nullable().openapi({
      description:
        "The rank that placed the player here (session standings for game 4, qualification for the semifinals and the final-only final, position after the semifinals for the final); null in generated and hand-made games.",
      example: null,
    }),
    chair: z.number().int().nullable().openapi({
      description:
        "Snake-seated games: the chair chosen (numbered clockwise); null until the player chooses.",
      example: null,
    }),
    colour: z.enum(COLOURS).nullable().openapi({
      description: "Snake-seated games: the colour chosen; null until the player chooses.",
      example: null,
    }),
    player: z.object({ id: z.string(), name: z.string() }),
  })
  .openapi("RoundSeat");

const RoundTableSchema = z
  .object({
    id: z.string().openapi({ example: "tbl_01JDQ7F3M1X5Z7B9D1F3H5K7M9" }),
    number: z.number().int().openapi({ example: 1 }),
    seats: z.array(RoundSeatSchema),
    result: z
      .object({
        status: z.enum(["pending", "final"]),
        version: z.number().int(),
      })
      .nullable()
      .openapi({ description: "The table's result status, null before a sheet is submitted." }),
  })
  .openapi("RoundTable");

const ScheduleQualitySchema = z
  .object({
    repeatedPairs: z.number().int().openapi({
      description:
        "Sum over player pairs of (meetings − 1): 0 means nobody met an opponent twice (rule 1.1.6).",
      example: 0,
    }),
    maxMeetings: z.number().int().openapi({ description: "Most games one pair shared a table.", example: 1 }),
    seatRepeats: z
      .number()
      .int()
      .openapi({ description: "Players who had the same turn position in two games.", example: 0 }),
    avoidViolations: z
      .number()
      .int()
      .openapi({ description: "Avoid pairs (friends, family) seated together.", example: 0 }),
    positionOneSpread: z.number().int().openapi({
      description: "Most minus fewest games any player played first (0 or 1 is fair).",
      example: 1,
    }),
    playersSeated: z
      .number()
      .int()
      .optional()
      .openapi({ description: "Players seated in this round.", example: 16 }),
    noShows: z.number().int().optional().openapi({
      description:
        "Prelim rounds: the session's no-shows (registered, not checked in for game 1), not seated.",
      example: 1,
    }),
    dropped: z.number().int().optional().openapi({
      description: "Prelim rounds: players who dropped out before this game, not seated.",
      example: 0,
    }),
  })
  .openapi("ScheduleQuality", {
    description:
      "Prelim rounds: the session's seating from game 1 up to this round. Semifinals and final: this round alone.",
  });

export const RoundSchema = z
  .object({
    id: z.string().openapi({ example: "rnd_01JDQ7D1H8V3X5Z7B9D1F3H5K7" }),
    eventId: z.string(),
    sessionId: z.string().nullable().openapi({ description: "Null for the semifinals and the final." }),
    kind: z.enum(["prelim", "semifinal", "final"]),
    number: z
      .number()
      .int()
      .openapi({ description: "Game number in the session (1 for playoffs).", example: 1 }),
    method: z.enum(["generated", "snake", "manual"]),
    seed: z
      .string()
      .nullable()
      .openapi({ description: "Seed of a generated seating.", example: "3f9a0c21d4e5b6a7" }),
    tables: z.array(RoundTableSchema),
    quality: ScheduleQualitySchema,
    createdAt: TimestampSchema,
  })
  .openapi("Round");

export const RoundListSchema = onePageSchema(
  RoundSchema,
  "RoundList",
  "Always null: a session's rounds (at most 4) come in one page.",
);
