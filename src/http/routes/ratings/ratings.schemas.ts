import { z } from "@hono/zod-openapi";

const PlayerRefSchema = z.object({
  id: z.string().openapi({ example: "ply_01JDQ7A4W9K2M3N4P5Q6R7S8T9" }),
  name: z.string().openapi({ example: "Rūta Kazlauskienė" }),
});

const LastPlayedSchema = z.object({
  eventId: z.string(),
  eventName: z.string(),
  date: z.string().nullable().openapi({ description: "The event's start date." }),
});

const RatingParametersSchema = z
  .object({
    library: z.literal("openskill"),
    version: z.string().openapi({ example: "5.0.1" }),
    model: z.literal("plackett-luce"),
    mu: z.number().openapi({ example: 25 }),
    sigma: z.number().openapi({ example: 8.333333333333334 }),
    beta: z.number().openapi({ example: 4.166666666666667 }),
    tau: z.number().openapi({ example: 0.08333333333333333 }),
    z: z.number().openapi({ example: 3 }),
    ordinal: z.string().openapi({ example: "mu - z * sigma" }),
    order: z.string().openapi({ description: "The order games are rated in." }),
  })
  .openapi("RatingParameters", {
    description:
      "openskill (Weng–Lin Bayesian rating, Plackett–Luce model) with these parameters; each final table is a free-for-all of one-player teams ranked by placement (equal placements tie).",
  });

const ratingFields = {
  ordinal: z
    .number()
    .openapi({ description: "Conservative rating mu − 3·sigma: the sort key.", example: 21.7 }),
  mu: z.number().openapi({ description: "Mean skill.", example: 31.2 }),
  sigma: z.number().openapi({ description: "Uncertainty.", example: 3.2 }),
  games: z.number().int().openapi({ description: "Final games rated.", example: 12 }),
  lastPlayed: LastPlayedSchema,
};

export const RatingsSchema = z
  .object({
    orgId: z.string(),
    view: z.enum(["all", "public"]).openapi({
      description:
        "`all`: members of the organisation (or above) rate over private events too; `public`: public events only.",
    }),
    parameters: RatingParametersSchema,
    minGames: z.number().int(),
    gamesRated: z.number().int().openapi({ description: "Final games rated in this view." }),
    rows: z.array(
      z.object({ rank: z.number().int(), player: PlayerRefSchema, ...ratingFields }).openapi("RatingRow"),
    ),
  })
  .openapi("Ratings");

export const PlayerRatingSchema = z
  .object({
    player: PlayerRefSchema,
    orgId: z
      .string()
      .openapi({ description: "The root of the player's organisation tree, whose games are rated." }),
    view: z.enum(["all", "public"]),
    parameters: RatingParametersSchema,
    rating: z
      .object({
        rank: z.number().int().openapi({ description: "Among every rated player of the tree." }),
        ...ratingFields,
      })
      .nullable()
      .openapi({ description: "Null when the player has no rated game in this view." }),
    history: z.array(
      z
        .object({
          eventId: z.string(),
          eventName: z.string(),
          date: z.string().nullable(),
          games: z.number().int().openapi({ description: "Games of this event." }),
          mu: z.number(),
          sigma: z.number(),
          ordinal: z.number(),
        })
        .openapi("RatingHistoryEntry", {
          description: "The rating after the player's last game of the event.",
        }),
    ),
  })
  .openapi("PlayerRating");

export const RatingsQuerySchema = z.object({
  minGames: z.coerce
    .number()
    .int()
    .min(0)
    .max(100000)
    .default(0)
    .openapi({
      param: { name: "minGames", in: "query" },
      description: "Only players with at least this many games.",
      example: 5,
    }),
});
