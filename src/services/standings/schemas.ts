/**
 * The rankings' response bodies: the contract with third-party frontends and bots. The DTO
 * types the services build are inferred from these schemas, the OpenAPI document is generated
 * from them, and test/graphql/contracts.test.ts checks the GraphQL types against them.
 */
import { z } from "@hono/zod-openapi";

const CRITERIA = ["wins", "vp", "vpPct", "seconds", "thirds", "lots"] as const;

/** Inline enums (not components): a named nullable enum would leak `null` into every use. */
const CriterionSchema = z.enum(CRITERIA);
const EventCriterionSchema = z.enum([...CRITERIA, "placement", "phase"]);

const rowFields = {
  rank: z.number().int().min(1).openapi({ description: "1, 2, 3 …: lots separate every tie.", example: 1 }),
  player: z
    .object({
      id: z.string().openapi({ example: "ply_01JDQ7A4W9K2M3N4P5Q6R7S8T9" }),
      name: z.string().openapi({ example: "Rūta Kazlauskienė" }),
    })
    .openapi("StandingsPlayer"),
  games: z.number().int().openapi({ description: "Games with a final result.", example: 3 }),
  wins: z.number().int().openapi({ example: 2 }),
  vp: z.number().int().openapi({ description: "Total counted VP (at most 10 per game).", example: 28 }),
  vpPct: z.string().openapi({
    description:
      "VP%: sum over games of counted VP ÷ table total (3-player tables add a fictitious 4th score = the rounded average, 2026 ruleset). The exact sum rounded half up to 16 decimals; compare `vpPctExact`, not floats.",
    example: "0.8569444444444444",
  }),
  vpPctExact: z
    .string()
    .openapi({ description: "The exact VP% as a reduced fraction `num/den`.", example: "617/720" }),
  seconds: z
    .number()
    .int()
    .openapi({ description: "2nd places (legacy: reported, never decides).", example: 1 }),
  thirds: z
    .number()
    .int()
    .openapi({ description: "3rd places (legacy: reported, never decides).", example: 0 }),
  decidedBy: CriterionSchema.nullable().openapi({
    description:
      "The first criterion of the 1.4.2 chain that separates this row from the NEXT row (null on the last row): `wins`, `vp` (total counted VP), `vpPct`, `seconds`, `thirds` (2026 ruleset only), or `lots` (equal on the whole chain).",
    example: "vpPct",
  }),
  decidedByLots: z.boolean().openapi({
    description: "Lots decided this row's place against the row above or the row below.",
    example: false,
  }),
  lot: z.string().openapi({
    description:
      'First 16 hex digits of SHA-256("<lotSeed>:<playerId>"); the lower lot ranks higher. Re-check: `printf \'%s\' "$lotSeed:$playerId" | sha256sum | cut -c1-16`.',
    example: "3f1c9a0b2d4e6f81",
  }),
  sessionId: z.string().nullable().openapi({
    description: "The session whose result this row is (in qualification: the player's best session).",
    example: "ses_01JDQ6ZC3R8T1V5X7Z9B2D4F6H",
  }),
  qualified: z.boolean().nullable().openapi({
    description:
      "In the top 16 (top 4 when N is 12–28) of the qualification. Null in session standings: see the qualification.",
    example: true,
  }),
  disqualified: z.boolean().openapi({
    description:
      "Rule 1.3.6. Always true in the `disqualified` lists. In a session's `rows`, true for a player disqualified elsewhere in the event after every sheet of this session was signed: the row keeps its rank and nobody's rank here moves (rules 1.2.3, 1.3.5; docs/rules.md#disqualification). Never true in the qualification's or the event standings' rows: they leave the player out.",
    example: false,
  }),
  eliminated: z.boolean().openapi({
    description: "Cut by the zero-win rule after game 3 of an 80+ session (in the row's session).",
    example: false,
  }),
  dropped: z.boolean().openapi({
    description: "Left the row's session after `droppedAfterGame`: ranked on the games played (`games`).",
    example: false,
  }),
  droppedAfterGame: z.number().int().nullable().openapi({ example: null }),
};

const EXAMPLE_ROW = {
  rank: 1,
  player: { id: "ply_01JDQ7A4W9K2M3N4P5Q6R7S8T9", name: "Rūta Kazlauskienė" },
  games: 3,
  wins: 2,
  vp: 28,
  vpPct: "0.8569444444444444",
  vpPctExact: "617/720",
  seconds: 1,
  thirds: 0,
  decidedBy: "vpPct" as const,
  decidedByLots: false,
  lot: "3f1c9a0b2d4e6f81",
  sessionId: "ses_01JDQ6ZC3R8T1V5X7Z9B2D4F6H",
  qualified: true,
  disqualified: false,
  eliminated: false,
  dropped: false,
  droppedAfterGame: null,
};

export const StandingsRowSchema = z.object(rowFields).openapi("StandingsRow", { example: EXAMPLE_ROW });

/** A disqualified player's row has no rank and nothing that decided one. */
const { rank: _rank, decidedBy: _decidedBy, ...unrankedFields } = rowFields;

export const DisqualifiedRowSchema = z
  .object({
    ...unrankedFields,
    qualified: z.union([z.literal(false), z.null()]).openapi({
      description: "Always false (null in session standings).",
    }),
    disqualified: z.literal(true),
  })
  .openapi("DisqualifiedStandingsRow", {
    description:
      "A player disqualified from the event (rule 1.3.6): not ranked, never qualified; the record is the best session's (all zero if no game of theirs is final).",
  });

export const EventStandingsRowSchema = z
  .object({
    ...rowFields,
    decidedBy: EventCriterionSchema.nullable().openapi({
      description:
        "As in the other rankings, plus `placement` (a better place at the same playoff table round) and `phase` (got further: final, then semifinal, then prelims).",
      example: "placement",
    }),
    games: rowFields.games.openapi({
      description: "Qualifying session plus playoff games: the record ties were broken on.",
    }),
    phase: z.enum(["prelim", "semifinal", "final"]).openapi({
      description: "Furthest phase reached (semifinal winners reach `final` before playing it).",
    }),
    qualificationRank: z.number().int().openapi({ example: 3 }),
    semifinalPlacement: z.number().int().nullable().openapi({ description: "1–4 at the semifinal table." }),
    finalPlacement: z.number().int().nullable().openapi({ description: "1–4 at the final table." }),
  })
  .openapi("EventStandingsRow", {
    example: {
      ...EXAMPLE_ROW,
      games: 5,
      wins: 4,
      vp: 48,
      vpPct: "1.4436383928571429",
      vpPctExact: "2587/1792",
      decidedBy: "placement",
      phase: "final",
      qualificationRank: 3,
      semifinalPlacement: 1,
      finalPlacement: 1,
    },
  });

const RoundProgressSchema = z
  .object({
    id: z.string().openapi({ example: "rnd_01JDQ7B2C3D4E5F6G7H8J9K0M1" }),
    sessionId: z.string().nullable().openapi({ description: "Null for semifinals and the final." }),
    kind: z.enum(["prelim", "semifinal", "final"]),
    number: z.number().int().openapi({ example: 2 }),
    tables: z.number().int().openapi({ example: 10 }),
    finalTables: z
      .number()
      .int()
      .openapi({ description: "Tables whose result is final, i.e. counted here.", example: 8 }),
  })
  .openapi("RoundProgress");

const headerFields = {
  eventId: z.string().openapi({ example: "evt_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A" }),
  ruleset: z.enum(["2026", "legacy"]),
  lotSeed: z.string().openapi({
    description: "The event's public seed of the lots.",
    example: "9f2c4e1a7b3d5f60812a4c6e8b0d2f41",
  }),
  resultsVersion: z.number().int().openapi({
    description: "Increases with every result change and disqualification; part of the ETag.",
    example: 37,
  }),
  uniqueParticipants: z
    .number()
    .int()
    .openapi({ description: "N of rule 1.2.2: unique players over all prelim sessions.", example: 42 }),
  structure: z.enum(["final-only", "semifinals", "semifinals-80plus"]),
  qualifierCount: z.number().int().openapi({ description: "16, or 4 when N is 12–28.", example: 16 }),
  valid: z.boolean().openapi({
    description:
      "False under 12 competitors (rule 1.1.3); in the event standings also when stored playoff results contradict each other (only possible in data written before the phase locks), which are then left out rather than refused.",
  }),
  validity: z.array(z.string()).openapi({ description: "Why the event is not valid; empty when valid." }),
  rounds: z.array(RoundProgressSchema).openapi({
    description:
      "Every round in scope and how many of its results are final (pending ones do not count yet).",
  }),
};

export const SessionStandingsSchema = z
  .object({
    ...headerFields,
    sessionId: z.string().openapi({ example: "ses_01JDQ6ZC3R8T1V5X7Z9B2D4F6H" }),
    sessionName: z.string().openapi({ example: "Qualifier 3 – Kaunas" }),
    playerCount: z.number().int().openapi({ description: "Players registered in the session.", example: 42 }),
    gamesPlanned: z.number().int().openapi({ description: "3, or 4 for an 80+ session.", example: 3 }),
    noShows: z.array(z.object({ id: z.string(), name: z.string() })).openapi({
      description:
        "Registered but not checked in when game 1 was seated: kept on record, not participants, not ranked.",
    }),
    rows: z.array(StandingsRowSchema),
    disqualified: z.array(DisqualifiedRowSchema),
  })
  .openapi("SessionStandings");

export const QualificationSchema = z
  .object({
    ...headerFields,
    sessions: z
      .array(
        z.object({
          id: z.string(),
          name: z.string(),
          date: z.iso.date().openapi({ example: "2026-12-12" }).nullable(),
        }),
      )
      .openapi({
        description: "The sessions considered, by date; on an exact tie a player's earlier one counts.",
      }),
    rows: z.array(StandingsRowSchema),
    disqualified: z.array(DisqualifiedRowSchema),
  })
  .openapi("Qualification");

export const EventStandingsSchema = z
  .object({
    ...headerFields,
    phase: z.enum(["prelim", "semifinal", "final"]).openapi({
      description:
        "`prelim`: the qualification order; `semifinal`: all 4 semifinal results are in (positions 5–16 fixed); `final`: the final result is in.",
    }),
    rows: z.array(EventStandingsRowSchema),
    disqualified: z.array(DisqualifiedRowSchema),
  })
  .openapi("EventStandings");

export type StandingsRowDto = z.infer<typeof StandingsRowSchema>;
export type DisqualifiedRowDto = z.infer<typeof DisqualifiedRowSchema>;
export type SessionStandingsDto = z.infer<typeof SessionStandingsSchema>;
export type QualificationDto = z.infer<typeof QualificationSchema>;
export type EventStandingsDto = z.infer<typeof EventStandingsSchema>;
