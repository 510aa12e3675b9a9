import { z } from "@hono/zod-openapi";
import {
  BEARER,
  idParam,
  jsonBody,
  jsonContent,
  OPTIONAL_BEARER,
  revalidateHeaders,
} from "../../openapi/common-schemas";
import { csvResponses, LangQuery } from "../../openapi/csv";
import { EventParams, SeriesParams } from "../../openapi/path-params";
import { routeDefinitions } from "../../openapi/route-definitions";
import { PaginationQuerySchema } from "../../pagination";
import {
  CreateSeriesSchema,
  EventTagsSchema,
  SeriesPageSchema,
  SeriesSchema,
  SeriesStandingsSchema,
  SetEventTagsSchema,
  UpdateSeriesSchema,
} from "./series.schemas";

const route = routeDefinitions(["Series"], OPTIONAL_BEARER);

const OrgParams = z.object({ orgId: idParam("orgId", "org", "The organisation running the series.") });
const OrgSeriesParams = OrgParams.extend(SeriesParams.shape);

const CACHE_HEADERS = revalidateHeaders(
  "Names the state of every event in the series; send it back in `If-None-Match`.",
  'W/"series:ser_01JDQ…:3:public:5d41402a"',
  "`no-cache` (`private, no-cache` when private events are included).",
);

export const createSeries = route.post("/v1/orgs/{orgId}/series", {
  operationId: "createSeries",
  summary: "Create a series (circuit)",
  description:
    "A named season of events of the organisation's tree, listed explicitly or selected by tag and date range, with a scoring policy (missing policy fields take the documented default). Listed events must belong to the organisation or one below it (422 otherwise); the series needs no write access to them. Roles: owner, organizer.",
  security: BEARER,
  request: { params: OrgParams, body: jsonBody(CreateSeriesSchema, "The series.") },
  responses: { 201: jsonContent(SeriesSchema, "The created series.") },
});

export const listSeries = route.get("/v1/orgs/{orgId}/series", {
  operationId: "listSeries",
  summary: "List an organisation's series",
  description:
    "Series definitions are public, like their standings (which only show private events to members).",
  request: { params: OrgParams, query: PaginationQuerySchema },
  responses: { 200: jsonContent(SeriesPageSchema, "A page of series.") },
});

export const getSeries = route.get("/v1/orgs/{orgId}/series/{seriesId}", {
  operationId: "getSeries",
  summary: "Get a series",
  description: "The series' selection, scoring policy (defaults filled in), lot seed and version. Public.",
  request: { params: OrgSeriesParams },
  responses: { 200: jsonContent(SeriesSchema, "The series.") },
});

export const updateSeries = route.patch("/v1/orgs/{orgId}/series/{seriesId}", {
  operationId: "updateSeries",
  summary: "Change a series",
  description:
    "Name, selection, or policy fields (merged into the current policy). Audited. Roles: owner, organizer.",
  security: BEARER,
  request: { params: OrgSeriesParams, body: jsonBody(UpdateSeriesSchema, "The fields to change.") },
  responses: { 200: jsonContent(SeriesSchema, "The series after the change.") },
});

export const getSeriesStandings = route.get("/v1/series/{seriesId}/standings", {
  operationId: "getSeriesStandings",
  tags: ["Series", "Rankings"],
  summary: "Series standings",
  description:
    "Computed on read from each event's final standings (GET /v1/events/{eventId}/standings: the same positions), for events whose final result is in. Points per event follow the series policy; a player's best `bestOf` events count (`eventsCounted`, `eventsDropped`, `contributions[].counted`). Order: points, then the policy's tiebreaks, then lots (`lot` = first 16 hex digits of SHA-256(\"<lotSeed>:<playerId>\"), lower ranks higher). `decidedBy` names the criterion separating a row from the next. `qualified` marks the policy's cut. Members of the series' organisation (or above) see private events (`view: all`); everyone else ranks over public events only. Three database round trips whatever the number of events; ETag and 304 like the other rankings.",
  request: { params: SeriesParams },
  responses: {
    200: jsonContent(SeriesStandingsSchema, "The series standings.", CACHE_HEADERS),
    304: {
      description: "`If-None-Match` matched: nothing the standings show has changed.",
      headers: CACHE_HEADERS,
    },
  },
});

export const getSeriesStandingsCsv = route.get("/v1/series/{seriesId}/standings.csv", {
  operationId: "getSeriesStandingsCsv",
  tags: ["Series", "Rankings"],
  summary: "Series standings, as CSV",
  description:
    "The series standings for spreadsheets: one line per ranked player, in rank order, over the same events as the JSON for the same reader; its own ETag (304).",
  request: { params: SeriesParams, query: LangQuery },
  responses: csvResponses(
    "The series standings as CSV.",
    "`rank`, `player_id`, `player`, `points`, `events_counted`, `events_dropped`, `event_wins`, `best_position`, `decided_by`, `lot`, `qualified`",
    "rank,player_id,player,points,events_counted,events_dropped,event_wins,best_position,decided_by,lot,qualified\r\n1,ply_01JDQ7A4W9K2M3N4P5Q6R7S8T9,Rūta Kazlauskienė,45,2,1,1,1,points,3f1c9a0b2d4e6f81,true\r\n",
  ),
});

export const getEventTags = route.get("/v1/events/{eventId}/tags", {
  operationId: "getEventTags",
  tags: ["Series", "Events"],
  summary: "An event's tags",
  description: "Whoever may read the event (public events: anyone).",
  request: { params: EventParams },
  responses: { 200: jsonContent(EventTagsSchema, "The tags.") },
});

export const setEventTags = route.put("/v1/events/{eventId}/tags", {
  operationId: "setEventTags",
  tags: ["Series", "Events"],
  summary: "Replace an event's tags",
  description:
    "Tags put the event into tag-selected series of its organisation's tree (e.g. a federation's circuit): the store tags its own event, the federation needs no write access. Roles: owner, organizer of the event's organisation; audited.",
  security: BEARER,
  request: { params: EventParams, body: jsonBody(SetEventTagsSchema, "The complete set of tags.") },
  responses: { 200: jsonContent(EventTagsSchema, "The tags now.") },
});
