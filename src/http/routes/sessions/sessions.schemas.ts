import { z } from "@hono/zod-openapi";
import { canonicalTimeZone, parseLocalDateTime } from "../../../domain/local-time";
import {
  changeSchema,
  IsoDateSchema,
  onePageSchema,
  readableText,
  TimestampSchema,
} from "../../openapi/common-schemas";
import { pageSchema } from "../../pagination";

export const SessionSchema = z
  .object({
    id: z.string().openapi({ example: "ses_01JDQ7B2K9W4X6Z8A0C2E4G6J8" }),
    eventId: z.string(),
    name: z.string().openapi({ example: "Qualifier #1 — Kaunas" }),
    date: IsoDateSchema.nullable(),
    startsAt: z.string().nullable().openapi({
      description:
        "Local start, `YYYY-MM-DDTHH:mm`, in `timeZone` (the time the players are told where the session is played).",
      example: "2026-12-05T10:00",
    }),
    timeZone: z
      .string()
      .nullable()
      .openapi({ description: "IANA time zone of `startsAt`.", example: "Europe/Vilnius" }),
    startsAtUtc: z.string().nullable().openapi({
      description: "The instant `startsAt` names in `timeZone` (ISO 8601, UTC); null without a start time.",
      example: "2026-12-05T08:00:00.000Z",
    }),
    venue: z.string().nullable(),
    hostOrgId: z.string().nullable().openapi({
      description: "The organisation running the session; null: the event's organisation.",
      example: "org_01JDQ6Y0STORE0000000000000",
    }),
    playerCount: z.number().int().openapi({ description: "Registered players.", example: 18 }),
    gamesPlanned: z
      .union([z.literal(3), z.literal(4)])
      .openapi({ description: "4 (with the zero-win cut after game 3) when the session has 80+ players." }),
    roundsGenerated: z.number().int(),
    createdAt: TimestampSchema,
  })
  .openapi("Session");

const sessionFields = {
  name: readableText(200),
  date: IsoDateSchema.nullish().openapi({
    description: "Day of play; with `startsAt` it is the start's day (filled in when omitted).",
  }),
  startsAt: z
    .string()
    .refine((v) => parseLocalDateTime(v) !== null, {
      message: "a local date and time YYYY-MM-DDTHH:mm (no offset: the zone is timeZone)",
    })
    .nullish()
    .openapi({
      description:
        "Local start to the minute, `YYYY-MM-DDTHH:mm`, in `timeZone` (required with it). A time the clocks skip there (spring change) is refused; one they repeat (autumn) is its first occurrence.",
      example: "2026-12-05T10:00",
    }),
  timeZone: z
    .string()
    .max(64)
    .refine((v) => canonicalTimeZone(v) !== null, { message: "not an IANA time zone (e.g. Europe/Vilnius)" })
    .nullish()
    .openapi({
      description: "IANA time zone where the session is played; stored in canonical spelling.",
      example: "Europe/Vilnius",
    }),
  venue: readableText(200, 0).nullish(),
};

export const UpdateSessionSchema = changeSchema(sessionFields).openapi("UpdateSession", {
  example: { startsAt: "2026-12-05T10:00", timeZone: "Europe/Vilnius" },
});

export const CreateSessionSchema = z
  .object({
    ...sessionFields,
    hostOrgId: z
      .string()
      .min(1)
      .max(64)
      .nullish()
      .openapi({
        description:
          "The store running this session: the event's organisation or one of its descendants. Its clients get " +
          "this session's registrations, check-in, seating, boards, results, confirmations and disqualifications " +
          "(by role), and read the event; they cannot change the event, other sessions or the playoffs.",
        example: "org_01JDQ6Y0STORE0000000000000",
      }),
  })
  .strict()
  .openapi("CreateSession", {
    example: {
      name: "Qualifier #1 — Kaunas",
      date: "2026-12-05",
      startsAt: "2026-12-05T10:00",
      timeZone: "Europe/Vilnius",
      venue: "Board Game Café, Laisvės al. 53",
    },
  });

export const SessionListSchema = onePageSchema(
  SessionSchema,
  "SessionList",
  "Always null: an event's sessions come in one page, by date.",
);

/** A body naming 1–1000 players by id (registration, check-in), registered under `name`. */
export const playerIdsSchema = (name: string) =>
  z
    .object({
      playerIds: z
        .array(z.string().min(1).max(64))
        .min(1)
        .max(1000)
        .openapi({ example: ["ply_01JDQ70A8M6R2S4T6V8X0Z2B4D"] }),
    })
    .strict()
    .openapi(name, {
      example: { playerIds: ["ply_01JDQ70A8M6R2S4T6V8X0Z2B4D", "ply_01JDQ70B1N7S3T5V7X9Z1B3D5F"] },
    });

export const RegisterPlayersSchema = playerIdsSchema("RegisterPlayers");

const RegistrationSchema = z
  .object({
    player: z.object({ id: z.string(), name: z.string(), externalId: z.string().nullable() }),
    status: z.enum(["registered", "checked-in", "no-show", "dropped", "eliminated"]).openapi({
      description:
        "`no-show`: not checked in when game 1 was seated (kept on record, not a participant); `dropped`: left " +
        "after `droppedAfterGame`; `eliminated`: the 80+ zero-win cut.",
      example: "checked-in",
    }),
    eliminated: z.boolean().openapi({ description: "Cut after game 3 of an 80+ session (zero wins)." }),
    checkedIn: z.boolean(),
    noShow: z.boolean(),
    droppedAfterGame: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The last game played, if dropped." }),
    registeredAt: TimestampSchema,
  })
  .openapi("Registration");

/** GET …/players: pages by player id. */
export const RegistrationListSchema = pageSchema(RegistrationSchema, "Registration");

/** POST …/players: the registrations of the players in the request, in one page. */
export const RegisteredPlayersSchema = onePageSchema(
  RegistrationSchema,
  "RegisteredPlayers",
  "Always null: the players of the request, all at once.",
);
