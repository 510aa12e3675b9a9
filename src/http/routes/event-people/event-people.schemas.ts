import { z } from "@hono/zod-openapi";
import { onePageSchema, readableText } from "../../openapi/common-schemas";

export const AddStaffSchema = z
  .object({
    playerId: z.string().min(1).max(64),
    role: z.enum(["referee", "organizer"]),
  })
  .strict()
  .openapi("AddStaff", { example: { playerId: "ply_01JDQ70A8M6R2S4T6V8X0Z2B4D", role: "referee" } });

export const StaffListSchema = onePageSchema(
  z.object({
    player: z.object({
      id: z.string().openapi({ example: "ply_01JDQ70A8M6R2S4T6V8X0Z2B4D" }),
      name: z.string().openapi({ example: "Rūta Kazlauskienė" }),
    }),
    role: z.enum(["referee", "organizer"]).openapi({ example: "referee" }),
  }),
  "StaffList",
  "Always null: all staff in one page.",
);

export const AddAvoidPairSchema = z
  .object({
    // An array of exactly two rather than a tuple: generators and linters want `items`.
    playerIds: z.array(z.string().min(1).max(64)).length(2),
    reason: readableText(200, 0).nullish(),
  })
  .strict()
  .openapi("AddAvoidPair", {
    example: {
      playerIds: ["ply_01JDQ70A8M6R2S4T6V8X0Z2B4D", "ply_01JDQ70B1N7S3T5V7X9Z1B3D5F"],
      reason: "siblings",
    },
  });

export const AvoidPairListSchema = onePageSchema(
  z.object({
    playerIds: z
      .array(z.string())
      .length(2)
      .openapi({
        example: ["ply_01JDQ70A8M6R2S4T6V8X0Z2B4D", "ply_01JDQ70B1N7S3T5V7X9Z1B3D5F"],
      }),
    reason: z.string().nullable().openapi({ example: "siblings" }),
  }),
  "AvoidPairList",
  "Always null: all pairs in one page.",
);
