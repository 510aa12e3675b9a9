import { z } from "@hono/zod-openapi";
import { playerIdInput } from "../../openapi/common-schemas";
import { RoundSchema } from "../rounds/rounds.schemas";
import { playerIdsSchema } from "../sessions/sessions.schemas";

const PlayerRefSchema = z.object({ id: z.string(), name: z.string() });

export const CheckInSchema = playerIdsSchema("CheckIn");

export const CheckInListSchema = z
  .object({
    sessionId: z.string(),
    checkedIn: z.array(PlayerRefSchema),
    notCheckedIn: z
      .array(PlayerRefSchema)
      .openapi({ description: "Registered but not checked in: they become no-shows when game 1 is seated." }),
  })
  .openapi("CheckIns", {
    example: {
      sessionId: "ses_01JDQ7B2K9W4X6Z8A0C2E4G6J8",
      checkedIn: [{ id: "ply_01JDQ70A8M6R2S4T6V8X0Z2B4D", name: "Rūta K." }],
      notCheckedIn: [{ id: "ply_01JDQ70B1N7S3T5V7X9Z1B3D5F", name: "Jonas P." }],
    },
  });

export const DropSchema = z
  .object({
    playerId: playerIdInput(),
    afterGame: z.number().int().min(0).max(3).openapi({
      description:
        "The last game the player plays (0: leaves before playing game 1, which is then re-seated).",
      example: 2,
    }),
  })
  .strict()
  .openapi("Drop", { example: { playerId: "ply_01JDQ70A8M6R2S4T6V8X0Z2B4D", afterGame: 2 } });

export const DropResultSchema = z
  .object({
    sessionId: z.string(),
    playerId: z.string(),
    afterGame: z.number().int(),
    gamesPlayed: z
      .number()
      .int()
      .openapi({ description: "Games of the session with a final result for the player." }),
    reseated: z.array(RoundSchema).openapi({
      description:
        "Later games that were seated without results, re-seated for the remaining players (with quality).",
    }),
  })
  .openapi("DropResult");
