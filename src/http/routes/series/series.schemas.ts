import { z } from "@hono/zod-openapi";
import { DEFAULT_SERIES_POLICY, SERIES_TIEBREAKS } from "../../../domain/series";
import { changeSchema, IsoDateSchema, readableText, TimestampSchema } from "../../openapi/common-schemas";
import { pageSchema } from "../../pagination";

const points = z.number().int().min(0).max(100000);

const TagSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, "a tag is 1–64 lowercase letters, digits, '.', '_' or '-'")
  .openapi({ example: "national-2026" });

const SeriesSelectionSchema = z
  .discriminatedUnion("kind", [
    z
      .object({
        kind: z.literal("events"),
        eventIds: z
          .array(z.string().min(1).max(64))
          .min(1)
          .max(500)
          .refine((ids) => new Set(ids).size === ids.length, { message: "event ids must be unique" })
          .openapi({ description: "Events of the organisation or of organisations below it." }),
      })
      .strict(),
    z
      .object({
        kind: z.literal("tag"),
        tag: TagSchema,
        from: IsoDateSchema.nullable()
          .default(null)
          .openapi({ description: "First start date (inclusive)." }),
        to: IsoDateSchema.nullable().default(null).openapi({ description: "Last start date (inclusive)." }),
      })
      .strict()
      .refine((s) => !s.from || !s.to || s.from <= s.to, {
        message: "from must not be after to",
        path: ["to"],
      }),
  ])
  .openapi("SeriesSelection", {
    description:
      "`events`: the listed events. `tag`: every event of the tree tagged `tag` (tags are set by each event's own organisation) whose `startsOn` lies in [`from`, `to`]; with a range, undated events are left out.",
    example: { kind: "tag", tag: "national-2026", from: "2026-01-01", to: "2026-12-31" },
  });

const BandSchema = z
  .object({
    from: z.number().int().min(1),
    to: z.number().int().min(1),
    points,
  })
  .strict()
  .refine((b) => b.from <= b.to, { message: "from must not be after to", path: ["to"] });

const policyFields = {
  positionPoints: z
    .array(points)
    .max(64)
    .openapi({
      description: "Points by final event position: index 0 is the event's winner.",
      example: [...DEFAULT_SERIES_POLICY.positionPoints],
    }),
  semifinalistPoints: points.openapi({
    description: "For every player who played a semifinal.",
    example: DEFAULT_SERIES_POLICY.semifinalistPoints,
  }),
  qualificationBands: z
    .array(BandSchema)
    .max(32)
    .openapi({
      description: "Points by the event's qualification rank (best single session), per inclusive band.",
      example: DEFAULT_SERIES_POLICY.qualificationBands.map((b) => ({ ...b })),
    }),
  participationPoints: points.openapi({
    description: "For every ranked player of a finished event.",
    example: DEFAULT_SERIES_POLICY.participationPoints,
  }),
  bestOf: z.number().int().min(1).max(500).nullable().openapi({
    description: "How many of a player's best events count (the others are dropped); null: all.",
    example: 2,
  }),
  tiebreaks: z
    .array(z.enum(SERIES_TIEBREAKS))
    .min(1)
    .max(SERIES_TIEBREAKS.length)
    .refine((t) => new Set(t).size === t.length, { message: "each tiebreak at most once" })
    .refine((t) => t.at(-1) === "lots", { message: "the last tiebreak must be 'lots'" })
    .openapi({
      description:
        "After points, in order: `eventWins` (more events won), `bestPosition` (best single-event position), `eventsPlayed` (more finished events), and last `lots` from the series' `lotSeed`.",
      example: [...DEFAULT_SERIES_POLICY.tiebreaks],
    }),
  cut: z
    .object({
      top: z.number().int().min(1).max(10000),
      label: readableText(200).nullable().default(null),
    })
    .strict()
    .nullable()
    .openapi({
      description: "Qualification cut: the top `top` rows get `qualified: true`.",
      example: { top: 8, label: "National final" },
    }),
};

const SeriesPolicySchema = z.object(policyFields).openapi("SeriesPolicy", {
  description:
    "A player's points for a finished event are the LARGEST of: `positionPoints[position-1]`, `semifinalistPoints` (played a semifinal), the band matching their qualification rank, and `participationPoints`. The best `bestOf` events count.",
});

const SeriesPolicyInputSchema = z.object(policyFields).partial().strict().openapi("SeriesPolicyInput", {
  description: "Any subset; missing fields take the default (on create) or keep their value (on change).",
});

export const SeriesSchema = z
  .object({
    id: z.string().openapi({ example: "ser_01JDQ70A8M6R2S4T6V8X0Z2B4D" }),
    orgId: z.string(),
    name: z.string().openapi({ example: "Lithuanian circuit 2026" }),
    selection: SeriesSelectionSchema,
    policy: SeriesPolicySchema,
    lotSeed: z
      .string()
      .openapi({ description: "Public seed of the series' lots.", example: "9f2c4e1a7b3d5f60" }),
    version: z.number().int().openapi({ description: "Increases with every change.", example: 1 }),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  })
  .openapi("Series");

export const SeriesPageSchema = pageSchema(SeriesSchema, "Series");

export const CreateSeriesSchema = z
  .object({
    name: readableText(200),
    selection: SeriesSelectionSchema,
    policy: SeriesPolicyInputSchema.optional(),
  })
  .strict()
  .openapi("CreateSeries", {
    example: {
      name: "Lithuanian circuit 2026",
      selection: { kind: "tag", tag: "national-2026", from: "2026-01-01", to: "2026-12-31" },
      policy: { bestOf: 2, cut: { top: 8, label: "National final" } },
    },
  });

export const UpdateSeriesSchema = changeSchema({
  name: readableText(200),
  selection: SeriesSelectionSchema,
  policy: SeriesPolicyInputSchema,
}).openapi("UpdateSeries", { example: { policy: { bestOf: 3 } } });

export const EventTagsSchema = z
  .object({ eventId: z.string(), tags: z.array(TagSchema) })
  .openapi("EventTags", { example: { eventId: "evt_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A", tags: ["national-2026"] } });

export const SetEventTagsSchema = z
  .object({ tags: z.array(TagSchema).max(32) })
  .strict()
  .openapi("SetEventTags", { example: { tags: ["national-2026"] } });

const ContributionSchema = z
  .object({
    eventId: z.string(),
    position: z.number().int().openapi({ description: "Final position in the event's standings." }),
    phase: z.enum(["prelim", "semifinal", "final"]),
    qualificationRank: z.number().int(),
    points: z.number().int(),
    counted: z.boolean().openapi({ description: "Among the player's best `bestOf` events." }),
  })
  .openapi("SeriesContribution");

export const SeriesStandingsSchema = z
  .object({
    seriesId: z.string(),
    orgId: z.string(),
    name: z.string(),
    view: z.enum(["all", "public"]).openapi({
      description:
        "`all`: members of the series' organisation (or above) see private events too; `public`: only public events count.",
    }),
    lotSeed: z.string(),
    policy: SeriesPolicySchema,
    events: z.array(
      z
        .object({
          id: z.string(),
          orgId: z.string(),
          name: z.string(),
          startsOn: z.string().nullable(),
          visibility: z.enum(["public", "private"]),
          status: z.enum(["counted", "in-progress", "invalid", "inconsistent"]).openapi({
            description:
              "`counted` once the final result is in. No points while `in-progress`, nor from an event whose standings are `invalid` (`valid: false`: fewer than 12 competitors, rule 1.1.3, or playoff results that contradict the prelims, from data written before the phase locks) or `inconsistent` (its standings answer 409).",
          }),
          players: z.number().int(),
        })
        .openapi("SeriesEvent"),
    ),
    rows: z.array(
      z
        .object({
          rank: z.number().int(),
          player: z.object({ id: z.string(), name: z.string() }),
          points: z.number().int(),
          eventsCounted: z.number().int(),
          eventsDropped: z.number().int(),
          eventWins: z.number().int(),
          bestPosition: z.number().int(),
          contributions: z.array(ContributionSchema),
          decidedBy: z
            .enum(["points", ...SERIES_TIEBREAKS])
            .nullable()
            .openapi({
              description: "The first criterion separating this row from the next (null on the last row).",
            }),
          lot: z.string().openapi({ description: 'First 16 hex digits of SHA-256("<lotSeed>:<playerId>").' }),
          qualified: z.boolean().nullable().openapi({ description: "Inside the cut; null without a cut." }),
        })
        .openapi("SeriesStandingsRow"),
    ),
  })
  .openapi("SeriesStandings");
