import { z } from "@hono/zod-openapi";
import { changeSchema, readableText, TimestampSchema } from "../../openapi/common-schemas";
import { PaginationQuerySchema, pageSchema } from "../../pagination";

export const PlayerSchema = z
  .object({
    id: z.string().openapi({
      description: "Stable player id, the same in every event.",
      example: "ply_01JDQ70A8M6R2S4T6V8X0Z2B4D",
    }),
    orgId: z.string(),
    name: z.string().openapi({ example: "Rūta Kazlauskienė" }),
    externalId: z.string().nullable().openapi({
      description: "Federation membership number; unique in the organisation tree.",
      example: "LT-2026-0142",
    }),
    discordId: z.string().nullable().openapi({ example: "412345678901234567" }),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  })
  .openapi("Player");

const playerFields = {
  name: readableText(200).openapi({ example: "Rūta Kazlauskienė" }),
  externalId: z.string().trim().min(1).max(100).nullable().openapi({ example: "LT-2026-0142" }),
  discordId: z
    .string()
    .regex(/^\d{5,25}$/, "a Discord id is a numeric snowflake")
    .nullable()
    .openapi({ example: "412345678901234567" }),
};

export const CreatePlayerSchema = z
  .object(playerFields)
  .partial()
  .required({ name: true })
  .strict()
  .openapi("CreatePlayer", { example: { name: "Rūta Kazlauskienė", externalId: "LT-2026-0142" } });

export const UpdatePlayerSchema = changeSchema(playerFields).openapi("UpdatePlayer", {
  example: { discordId: "412345678901234567" },
});

export const PlayerListSchema = pageSchema(PlayerSchema, "Player");

export const ListPlayersQuerySchema = PaginationQuerySchema.extend({
  q: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .openapi({ description: "Part of the name, or an exact externalId." }),
  externalId: z.string().max(100).optional().openapi({
    description: "Exact federation membership number (unique in the organisation tree).",
    example: "LT-2026-0142",
  }),
  discordId: z.string().max(25).optional().openapi({
    description: "Exact Discord user id (snowflake): how a Discord bot finds the player behind a message.",
    example: "412345678901234567",
  }),
  include: z
    .enum(["descendants"])
    .optional()
    .openapi({ description: "`descendants`: also players of child organisations." }),
});

export const MergePlayerSchema = z
  .object({
    intoPlayerId: z.string().trim().min(1).max(64).openapi({
      description: "The player to keep; the player in the path disappears into it.",
      example: "ply_01JDQ7A4W9K2M3N4P5Q6R7S8T9",
    }),
  })
  .strict()
  .openapi("MergePlayer", { example: { intoPlayerId: "ply_01JDQ7A4W9K2M3N4P5Q6R7S8T9" } });

export const MergeResultSchema = z
  .object({
    player: PlayerSchema,
    merged: z.object({ id: z.string(), name: z.string() }).openapi({
      description: "The merged player, as it was: its id now answers 301 (reads) and 410 (writes).",
    }),
    moved: z
      .object({
        registrations: z.number().int(),
        seats: z.number().int(),
        results: z
          .number()
          .int()
          .openapi({ description: "Result sheets (pending or final) whose seat was renamed." }),
        confirmations: z.number().int(),
        disputes: z.number().int(),
        disqualifications: z.number().int(),
        staff: z.number().int(),
        avoidPairs: z.number().int(),
      })
      .openapi({ description: "How many rows moved to the kept player." }),
    eventIds: z
      .array(z.string())
      .openapi({ description: "The events whose rankings changed (new results version)." }),
  })
  .openapi("MergeResult");
