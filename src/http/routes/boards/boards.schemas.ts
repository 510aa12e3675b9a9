import { z } from "@hono/zod-openapi";
import { TimestampSchema } from "../../openapi/common-schemas";

const TERRAINS = ["forest", "fields", "pasture", "hills", "mountains", "desert"] as const;

/**
 * Loosely typed on purpose: the rules engine checks terrains, numbers and positions and
 * answers a 422 naming rule 2.0.1 and each offending hex, which a schema error could not.
 */
const BoardHexInputSchema = z
  .object({
    q: z.number().openapi({ description: "Axial column, −2…2.", example: 0 }),
    r: z.number().openapi({ description: "Axial row, −2…2; |q + r| ≤ 2.", example: -2 }),
    terrain: z
      .string()
      .max(20)
      .openapi({ description: `One of ${TERRAINS.join(", ")}.`, example: "forest" }),
    number: z
      .number()
      .nullable()
      .optional()
      .openapi({ description: "Number token 2–6 or 8–12; null on the desert.", example: 11 }),
  })
  .strict()
  .openapi("BoardHexInput");

export const CreateBoardSchema = z
  .object({
    seed: z.string().trim().min(1).max(100).optional().openapi({
      description:
        "Random board from this seed (same seed, same board). Random when neither seed nor hexes is sent.",
      example: "final-2026",
    }),
    hexes: z.array(BoardHexInputSchema).max(40).optional().openapi({
      description:
        "A built board: the 19 land hexes of the base game (4 forest, 4 fields, 4 pasture, 3 hills, 3 mountains, 1 desert) with the 18 number tokens, no two red numbers (6, 8) adjacent, no harbours (rule 2.0.1).",
    }),
  })
  .strict()
  .openapi("CreateBoard", { example: { seed: "final-2026" } });

const BoardHexSchema = z
  .object({
    q: z.number().int().openapi({ example: 0 }),
    r: z.number().int().openapi({ example: -2 }),
    terrain: z.enum(TERRAINS),
    number: z.number().int().nullable().openapi({ example: 11 }),
  })
  .openapi("BoardHex", { description: "A land hex in axial coordinates; the centre is (0, 0)." });

export const BoardSchema = z
  .object({
    roundId: z.string().openapi({ example: "rnd_01JDQ7D1H8V3X5Z7B9D1F3H5K7" }),
    kind: z.enum(["random", "built"]),
    seed: z.string().nullable().openapi({ description: "Seed of a random board.", example: "final-2026" }),
    hexes: z.array(BoardHexSchema).openapi({ description: "19 hexes, row by row." }),
    createdAt: TimestampSchema,
  })
  .openapi("Board");
