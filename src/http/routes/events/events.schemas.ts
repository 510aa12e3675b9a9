import { z } from "@hono/zod-openapi";
import {
  BANK_SECONDS,
  BANK_TURN_SECONDS,
  BOARD_STUDY_SECONDS,
  DOUBLE_PLACEMENT_SECONDS,
  PLACEMENT_SECONDS,
  TIMED_TURN_SECONDS,
} from "../../../domain/timers";
import {
  changeSchema,
  IsoDateSchema,
  readableText,
  TimestampSchema,
  TimeZoneSchema,
} from "../../openapi/common-schemas";
import { PaginationQuerySchema, pageSchema } from "../../pagination";

const turnSeconds = (max: number, option: string) =>
  z
    .number()
    .int()
    .min(1)
    .max(max, { message: `at most ${max} s: rule 1.1.11 ${option} may be shortened, never lengthened` });

/** Rule 1.1.11's two turn timers, each at most the rule's figures (docs/rules.md#timers). */
const TurnTimerSchema = z.discriminatedUnion("mode", [
  z
    .object({
      mode: z.literal("bank"),
      turnSeconds: turnSeconds(BANK_TURN_SECONDS, "option 1 (90 s a turn)"),
      bankSeconds: z.number().int().min(0).max(BANK_SECONDS, {
        message: "at most 600 s: rule 1.1.11 option 1's bank may be shortened, never lengthened",
      }),
    })
    .strict(),
  z
    .object({
      mode: z.literal("after-one-hour"),
      afterMinutes: z.number().int().min(0).max(600),
      turnSeconds: turnSeconds(TIMED_TURN_SECONDS, "option 2 (2-minute turns)"),
    })
    .strict(),
]);

/** A figure the rules fix, published read-only. */
const ruleFigure = (seconds: number, description: string) =>
  z.number().int().openapi({ readOnly: true, description, example: seconds });

const TimersSchema = z
  .object({
    boardStudySeconds: ruleFigure(
      BOARD_STUDY_SECONDS,
      "Rule 1.1.8: 5 minutes, global; not a setting. It may end early when every player agrees (`boardStudyMayEndEarly`).",
    ),
    placementSeconds: ruleFigure(PLACEMENT_SECONDS, "Rule 1.1.9: 2 minutes per placement; not a setting."),
    doublePlacementSeconds: ruleFigure(
      DOUBLE_PLACEMENT_SECONDS,
      "Rule 1.1.9: 3 minutes for a double placement; not a setting.",
    ),
    boardStudyMayEndEarly: z.literal(true).openapi({
      readOnly: true,
      description: "Rule 1.1.8: the board study ends early once every player agrees.",
    }),
    turn: TurnTimerSchema,
  })
  .strict()
  .openapi("Timers", {
    description:
      "Timers frontends show (rules 1.1.8, 1.1.9, 1.1.11, docs/rules.md#timers): board study and placement are the rules' own figures, and the turn timer is either 90 s turns with a 10-minute bank or 2-minute turns after one hour, each at most the rule's figures.",
    example: {
      boardStudySeconds: 300,
      placementSeconds: 120,
      doublePlacementSeconds: 180,
      boardStudyMayEndEarly: true,
      turn: { mode: "bank", turnSeconds: 90, bankSeconds: 600 },
    },
  });

/** A figure the rules fix, which older clients may still send as that figure (and nothing else). */
const sentRuleFigure = (seconds: number, rule: string, what: string) =>
  z
    .number()
    .int()
    .refine((value) => value === seconds, {
      message: `fixed by rule ${rule}: ${what} is ${seconds} s, not a setting`,
    })
    .optional()
    .openapi({
      deprecated: true,
      description: `Fixed by rule ${rule} (${seconds} s): any other figure is refused. Leave it out.`,
    });

const TimersInputSchema = z
  .object({
    boardStudySeconds: sentRuleFigure(BOARD_STUDY_SECONDS, "1.1.8", "the board study"),
    placementSeconds: sentRuleFigure(PLACEMENT_SECONDS, "1.1.9", "a placement"),
    doublePlacementSeconds: sentRuleFigure(DOUBLE_PLACEMENT_SECONDS, "1.1.9", "a double placement"),
    turn: TurnTimerSchema.optional(),
  })
  .strict()
  .openapi("TimersInput", {
    description:
      "The event's turn timer (rule 1.1.11); board study and placement are the rules' own figures, not settings.",
    example: { turn: { mode: "after-one-hour", afterMinutes: 60, turnSeconds: 120 } },
  });

/** The old spelling of `timeZone` (docs/versioning.md): accepted and sent until its sunset. */
const TIMEZONE_DEPRECATED =
  "Deprecated since 2026-12-04 (it may be removed after 2027-06-04): the same as `timeZone`, the spelling sessions use. Sent and accepted until then; a request that sends both must give them the same value.";

export const EventSchema = z
  .object({
    id: z.string().openapi({ example: "evt_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A" }),
    orgId: z.string(),
    name: z.string(),
    ruleset: z.enum(["2026", "legacy"]).openapi({
      description: "`2026` (tiebreaks wins, VP, VP%, 2nds, 3rds, lots) or `legacy` (wins, VP, VP%, lots).",
    }),
    visibility: z.enum(["public", "private"]),
    lotSeed: z.string().openapi({
      description:
        'Public seed of the lots: lot = first 16 hex digits of SHA-256("<lotSeed>:<playerId>"), lower ranks higher.',
      example: "9f2c4e1a7b3d5f60812a4c6e8b0d2f41",
    }),
    startsOn: IsoDateSchema.nullable(),
    timeZone: z.string().nullable().openapi({
      description: "The event's IANA time zone (sessions have their own `timeZone`); null: not stated.",
      example: "Europe/Vilnius",
    }),
    timezone: z.string().nullable().openapi({
      deprecated: true,
      description: TIMEZONE_DEPRECATED,
      example: "Europe/Vilnius",
    }),
    venue: z.string().nullable(),
    timers: TimersSchema,
    edition: z.string().nullable().openapi({
      description: "The CATAN edition every game of the event uses (rule 1.1.2); null: not stated.",
      example: "6th edition",
    }),
    language: z.string().nullable().openapi({
      description:
        "The tournament language (rule 1.1.1), a BCP 47 tag in canonical form; null: not stated (the rules name English).",
      example: "en",
    }),
    screenEmbedOrigins: z.array(z.string()).openapi({
      description:
        "Sites allowed to show the venue screen (`/e/{id}/screen`) in a frame, e.g. a club's website or a stream overlay page; empty: no site may (every page sends `Content-Security-Policy: frame-ancestors 'none'`).",
      example: [],
    }),
    phase: z
      .enum(["setup", "prelims", "semifinals", "final", "completed"])
      .openapi({ description: "Derived from rounds and results." }),
    uniqueParticipants: z
      .number()
      .int()
      .openapi({ description: "N of rule 1.2.2: unique players over all prelim sessions.", example: 42 }),
    structure: z.enum(["final-only", "semifinals", "semifinals-80plus"]),
    qualifierCount: z
      .number()
      .int()
      .openapi({ description: "16 to the semifinals, or 4 to the final when N is 12–28.", example: 16 }),
    valid: z.boolean().openapi({
      description: "False under 12 competitors (rule 1.1.3): the event runs but does not count.",
    }),
    validity: z.array(z.string()).openapi({
      description:
        "Why the event is not valid (rule 1.1.3), and warnings that leave it valid: until a referee is named (rule 1.3.1), one saying so and how to name one. Empty when valid with a referee.",
    }),
    resultsVersion: z
      .number()
      .int()
      .openapi({ description: "Increases on every result change; the ETag of the rankings." }),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  })
  .openapi("Event");

/** A BCP 47 language tag (Intl throws a RangeError for anything else). */
function isLanguageTag(value: string): boolean {
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

/** `https://club.example.org` or `http://host:8080`: what a frame-ancestors source names. */
function isOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === "https:" || url.protocol === "http:") && url.origin === value;
}

const timeZoneField = TimeZoneSchema.nullable();

/** Both spellings of the time zone in one request must agree: which one would win is a guess. */
const timeZonesAgree = (v: { timeZone?: string | null; timezone?: string | null }) =>
  v.timeZone === undefined || v.timezone === undefined || v.timeZone === v.timezone;
const TIME_ZONES_DISAGREE = {
  path: ["timezone"],
  message: "the deprecated spelling of timeZone: send timeZone alone (or both with the same value)",
};

const eventFields = {
  name: readableText(200).openapi({ example: "Vilnius Store Championship Qualifier 2026" }),
  ruleset: z
    .enum(["2026", "legacy"])
    .openapi({ description: "Default `2026`; cannot change once a result exists." }),
  visibility: z
    .enum(["public", "private"])
    .openapi({ description: "Default `public`: readable without a token." }),
  startsOn: IsoDateSchema.nullable(),
  timeZone: timeZoneField.openapi({
    description: "The event's IANA time zone: the day of its CSV downloads, the times on its pages.",
    example: "Europe/Vilnius",
  }),
  timezone: timeZoneField.openapi({
    deprecated: true,
    description: TIMEZONE_DEPRECATED,
    example: "Europe/Vilnius",
  }),
  venue: readableText(200, 0).nullable(),
  timers: TimersInputSchema,
  edition: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .nullable()
    .openapi({ description: "The CATAN edition all games use (rule 1.1.2).", example: "6th edition" }),
  language: z
    .string()
    .max(35)
    .refine(isLanguageTag, { message: "not a BCP 47 language tag (e.g. en, fr, lt)" })
    .nullable()
    .openapi({
      description: "The tournament language (rule 1.1.1), a BCP 47 tag; stored in canonical form.",
      example: "en",
    }),
  screenEmbedOrigins: z
    .array(
      z.string().max(200).refine(isOrigin, {
        message: "an origin: http(s), a host and an optional port, nothing after (https://club.example.org)",
      }),
    )
    .max(5)
    .openapi({
      description:
        "Origins allowed to embed the venue screen in a frame (at most 5; `[]` none, the default).",
      example: ["https://club.example.org"],
    }),
};

export const CreateEventSchema = z
  .object(eventFields)
  .partial()
  .required({ name: true })
  .strict()
  .refine(timeZonesAgree, TIME_ZONES_DISAGREE)
  .openapi("CreateEvent", {
    example: {
      name: "Vilnius Store Championship Qualifier 2026",
      startsOn: "2026-12-12",
      venue: "Gedimino pr. 9",
      edition: "6th edition",
      language: "en",
    },
  });

export const UpdateEventSchema = changeSchema(eventFields)
  .refine(timeZonesAgree, TIME_ZONES_DISAGREE)
  .openapi("UpdateEvent", { example: { visibility: "private" } });

export const EventListSchema = pageSchema(EventSchema, "Event");

export const ListEventsQuerySchema = PaginationQuerySchema.extend({
  include: z
    .enum(["descendants", "hosted", "descendants,hosted"])
    .optional()
    .openapi({
      description:
        "`descendants`: also the events of child organisations (federations, chains); `hosted`: also the events " +
        "where the organisation (with `descendants`, one of them) hosts a session, as a store of a chain does.",
    }),
  status: z
    .enum(["setup", "prelims", "semifinals", "final", "completed"])
    .optional()
    .openapi({ description: "Only events in this phase." }),
});
