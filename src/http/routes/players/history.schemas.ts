import { z } from "@hono/zod-openapi";
import { IsoDateSchema } from "../../openapi/common-schemas";

const phase = z.enum(["prelim", "semifinal", "final"]);

const HistorySessionSchema = z
  .object({
    sessionId: z.string().openapi({ example: "ses_01JDQ6ZC3R8T1V5X7Z9B2D4F6H" }),
    name: z.string().openapi({ example: "Vilnius, Saturday" }),
    date: IsoDateSchema.nullable(),
    rank: z.number().int().min(1).nullable().openapi({
      description:
        "Rank in the session standings; null while the player has no final game there, or when disqualified.",
      example: 3,
    }),
    games: z.number().int().openapi({ example: 3 }),
    wins: z.number().int().openapi({ example: 1 }),
    vp: z.number().int().openapi({ example: 24 }),
    vpPct: z
      .string()
      .openapi({ description: "16 decimals; compare `vpPctExact`.", example: "0.6944444444444444" }),
    vpPctExact: z.string().openapi({ description: "Exact VP% as a reduced fraction.", example: "25/36" }),
    seconds: z.number().int().openapi({ example: 1 }),
    thirds: z.number().int().openapi({ example: 1 }),
    eliminated: z.boolean().openapi({ description: "Cut by the 80+ zero-win rule (1.1.4) before game 4." }),
    disqualified: z.boolean(),
  })
  .openapi("HistorySession");

const HistoryEventSchema = z
  .object({
    event: z
      .object({
        id: z.string().openapi({ example: "evt_01JDQ6Y8…" }),
        orgId: z.string(),
        name: z.string().openapi({ example: "Lithuanian Championship 2026" }),
        startsOn: IsoDateSchema.nullable(),
        visibility: z.enum(["public", "private"]),
      })
      .openapi("HistoryEventRef"),
    status: z.enum(["final", "in-progress", "inconsistent"]).openapi({
      description:
        "`final`: the event's final has its result (series count it); `in-progress`; `inconsistent`: the event's playoff results contradict each other.",
    }),
    sessions: z
      .array(HistorySessionSchema)
      .openapi({ description: "The sessions the player was registered in, by date." }),
    qualification: z
      .object({
        rank: z
          .number()
          .int()
          .min(1)
          .openapi({ description: "Qualification rank (best single session, rule 1.2).", example: 5 }),
        sessionId: z.string().nullable().openapi({ description: "The qualifying (best) session." }),
        qualified: z.boolean().nullable().openapi({ description: "Among the qualifiers for the playoffs." }),
      })
      .nullable()
      .openapi({ description: "Null when the player is not ranked (no final game, or disqualified)." }),
    phase: phase.nullable().openapi({ description: "The furthest phase the player reached." }),
    semifinalPlacement: z.number().int().min(1).max(4).nullable(),
    finalPlacement: z.number().int().min(1).max(4).nullable(),
    position: z.number().int().min(1).nullable().openapi({
      description: "Position in the event standings (rule 1.4.4); final once `status` is `final`.",
      example: 7,
    }),
    disqualified: z.boolean(),
    series: z
      .array(
        z.object({
          seriesId: z.string(),
          name: z.string(),
          points: z.number().int().openapi({ example: 40 }),
          counted: z
            .boolean()
            .openapi({ description: "Among the player's best events of the series (`bestOf`)." }),
        }),
      )
      .openapi({
        description: "The series (circuits) this final event counts in, with the points it gives the player.",
      }),
  })
  .openapi("HistoryEvent");

export const PlayerHistorySchema = z
  .object({
    player: z
      .object({
        id: z.string(),
        orgId: z.string(),
        name: z.string(),
        externalId: z.string().nullable().openapi({
          description:
            "Membership number: shown to members of the player's organisation tree only, null for others.",
        }),
        discordId: z.string().nullable().openapi({ description: "Shown like `externalId`." }),
      })
      .openapi("HistoryPlayer"),
    events: z.array(HistoryEventSchema).openapi({ description: "Oldest first (start date, then creation)." }),
    series: z
      .array(
        z.object({
          seriesId: z.string(),
          orgId: z.string(),
          name: z.string(),
          points: z.number().int().openapi({ description: "The player's series total (counted events)." }),
          eventsCounted: z.number().int(),
          eventsDropped: z.number().int(),
          bestPosition: z.number().int().min(1).nullable(),
        }),
      )
      .openapi({
        description:
          "Every series of the player's tree that includes one of the shown events; the rank is in `GET /v1/series/{id}/standings`.",
      }),
  })
  .openapi("PlayerHistory");
