import { z } from "@hono/zod-openapi";
import { RoundSchema } from "../rounds/rounds.schemas";

const SeatingWarningSchema = z
  .object({
    code: z.enum(["no_referee"]).openapi({
      description: "`no_referee`: the event names no referee yet (rule 1.3.1, docs/rules.md#referees).",
    }),
    rule: z.string().openapi({ description: "The rule concerned.", example: "1.3.1" }),
    detail: z.string().openapi({ description: "The same words as the event's `validity`." }),
    fix: z
      .object({
        method: z.enum(["POST"]),
        href: z.string().openapi({ example: "/v1/events/evt_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A/staff" }),
        body: z
          .object({ playerId: z.string(), role: z.enum(["referee"]) })
          .openapi({ description: "The body to send, with the referee's player id." }),
      })
      .openapi({ description: "The request that clears the warning." }),
  })
  .openapi("SeatingWarning", {
    description:
      "Something the organiser should put right; the round is seated all the same (a warning, never a refusal).",
  });

export const SeatedPlayoffSchema = RoundSchema.extend({
  warnings: z.array(SeatingWarningSchema).openapi({
    description: "Empty when there is nothing to put right; `no_referee` until the event names a referee.",
  }),
}).openapi("SeatedPlayoff");
