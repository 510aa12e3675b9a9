import type { z } from "@hono/zod-openapi";
import {
  EventStandingsSchema,
  QualificationSchema,
  SessionStandingsSchema,
} from "../../../services/standings";
import { jsonContent, OPTIONAL_BEARER, revalidateHeaders } from "../../openapi/common-schemas";
import {
  csvResponses,
  FormatQuery,
  LangQuery,
  RANKING_CSV_COLUMNS,
  RANKING_CSV_EXAMPLE,
} from "../../openapi/csv";
import { EventParams, SessionParams } from "../../openapi/path-params";
import { routeDefinitions } from "../../openapi/route-definitions";

const route = routeDefinitions(["Rankings"], OPTIONAL_BEARER);

const CACHE_HEADERS = revalidateHeaders(
  'Weak tag `W/"<eventId>:<resultsVersion>:<kind>:<rosterVersion>.<namesVersion>.<ruleset>"`; send it back in `If-None-Match` when polling.',
  'W/"evt_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A:37:qualification:12.0.2026"',
  "`no-cache` (`private, no-cache` for private events): keep it, but revalidate every time.",
);

const NOT_MODIFIED = {
  description:
    "`If-None-Match` matched: nothing this ranking shows has changed. No body; costs the server one small query.",
  headers: CACHE_HEADERS,
};

/** A ranking with the tags to poll it by, or 304 while nothing it shows has changed. */
const rankingResponses = <T extends z.ZodType>(schema: T, description: string) => ({
  200: jsonContent(schema, description, CACHE_HEADERS),
  304: NOT_MODIFIED,
});

const COMMON =
  "Computed on read from FINAL table results only: pending sheets count once every player confirmed or a referee finalised them. " +
  "Order (rules 1.4.1–1.4.3): wins, total counted VP (≤ 10 per game), VP% (exact), 2nd places, 3rd places (2026 ruleset; `legacy` stops after VP%), lots. " +
  "`decidedBy` on a row is the first criterion separating it from the next row; `decidedByLots: true` flags rows placed by lots. " +
  'To re-check lots: `lot` = first 16 hex digits of SHA-256("<lotSeed>:<playerId>") (`printf \'%s\' "$lotSeed:$playerId" | sha256sum | cut -c1-16`), lower ranks higher. ' +
  "Players disqualified from the event (rule 1.3.6) are not ranked; they are listed in `disqualified`. " +
  "Polling (scoreboards, Discord bots): send the last `ETag` in `If-None-Match`; a 304 means nothing changed. The tag changes with every result change, correction, disqualification, registration, zero-win cut and player rename. " +
  "Public events need no token; private ones need a token of the organisation or of a parent organisation (others get 404). " +
  "CSV: the same path with `.csv` (one row per player, disqualified players last with an empty rank), `?lang=fr` or `lt` for French or Lithuanian spreadsheets.";

const CSV_DESCRIPTION =
  "The same ranking as CSV, for spreadsheets: one line per player in rank order, disqualified players last with an empty rank; its own ETag (304 like the JSON). " +
  "Who may read it, and the ETag's rules, are the JSON ranking's.";

export const getSessionStandings = route.get("/v1/sessions/{sessionId}/standings", {
  operationId: "getSessionStandings",
  summary: "Ranking of one prelim session",
  description: `The session's players ranked over its prelim games. ${COMMON} \`eliminated\` marks players cut by the zero-win rule of an 80+ session; \`qualified\` is null here (see the event's qualification). \`rounds\` shows how many results are in.`,
  request: { params: SessionParams, query: FormatQuery },
  responses: rankingResponses(SessionStandingsSchema, "The session ranking."),
});

export const getQualification = route.get("/v1/events/{eventId}/qualification", {
  operationId: "getQualification",
  summary: "Qualification over all prelim sessions",
  description: `Each player's best single-session result (rule 1.2: sessions never add up), ranked with the same chain; \`sessionId\` names the session that counted, \`qualified\` marks the top 16 (top 4 when the event has 12–28 unique participants, who go straight to the final). ${COMMON}`,
  request: { params: EventParams, query: FormatQuery },
  responses: rankingResponses(QualificationSchema, "The qualification ranking."),
});

export const getEventStandings = route.get("/v1/events/{eventId}/standings", {
  operationId: "getEventStandings",
  summary: "Final event standings",
  description: `The event's standings (rule 1.4.4): the final table first (winner, then by VP), then the semifinal non-winners by semifinal place (once all 4 semifinal results are final), then everyone else in qualification order. Before playoff results this is the qualification order (\`phase: "prelim"\`). Ties inside a playoff place are broken by the chain over the qualifying session plus playoff games, which is the record shown; \`decidedBy\` may also be \`placement\` or \`phase\`. ${COMMON} A 409 means the stored playoff results contradict the qualification (e.g. a semifinal was corrected after the final was seated).`,
  request: { params: EventParams, query: FormatQuery },
  responses: rankingResponses(EventStandingsSchema, "The event standings."),
});

export const getSessionStandingsCsv = route.get("/v1/sessions/{sessionId}/standings.csv", {
  operationId: "getSessionStandingsCsv",
  summary: "Ranking of one prelim session, as CSV",
  description: CSV_DESCRIPTION,
  request: { params: SessionParams, query: LangQuery },
  responses: csvResponses("The session ranking as CSV.", RANKING_CSV_COLUMNS, RANKING_CSV_EXAMPLE),
});

export const getQualificationCsv = route.get("/v1/events/{eventId}/qualification.csv", {
  operationId: "getQualificationCsv",
  summary: "Qualification over all prelim sessions, as CSV",
  description: CSV_DESCRIPTION,
  request: { params: EventParams, query: LangQuery },
  responses: csvResponses("The qualification ranking as CSV.", RANKING_CSV_COLUMNS, RANKING_CSV_EXAMPLE),
});

export const getEventStandingsCsv = route.get("/v1/events/{eventId}/standings.csv", {
  operationId: "getEventStandingsCsv",
  summary: "Final event standings, as CSV",
  description: CSV_DESCRIPTION,
  request: { params: EventParams, query: LangQuery },
  responses: csvResponses(
    "The event standings as CSV.",
    `${RANKING_CSV_COLUMNS}, then \`phase\`, \`qualification_rank\`, \`semifinal_placement\`, \`final_placement\``,
    RANKING_CSV_EXAMPLE,
  ),
});
