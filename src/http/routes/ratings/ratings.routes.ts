import { z } from "@hono/zod-openapi";
import { idParam, jsonContent, OPTIONAL_BEARER, revalidateHeaders } from "../../openapi/common-schemas";
import { csvResponses, LangQuery } from "../../openapi/csv";
import { PlayerParams } from "../../openapi/path-params";
import { MOVED_PLAYER } from "../../openapi/problem-schemas";
import { routeDefinitions } from "../../openapi/route-definitions";
import { PlayerRatingSchema, RatingsQuerySchema, RatingsSchema } from "./ratings.schemas";

const route = routeDefinitions(["Ratings", "Rankings"], OPTIONAL_BEARER);

const CACHE_HEADERS = revalidateHeaders(
  "Names the state of every game rated; send it back in `If-None-Match`.",
  'W/"ratings:org_01JDQ…:public:5d41402a"',
  "`no-cache` (`private, no-cache` when private events are rated).",
);
const NOT_MODIFIED = {
  description: "`If-None-Match` matched: no rated game changed.",
  headers: CACHE_HEADERS,
};

const TreeParams = z.object({
  orgId: idParam("orgId", "org", "The organisation (a federation: its whole tree)."),
});

const DESCRIPTION =
  "A multiplayer rating over every FINAL game of the organisation's tree (prelims, semifinals and final), in time order (event start date, then phase, round and table), each table ranked by its placements (the same placements as the standings): openskill's Weng–Lin rating with the Plackett–Luce model; the parameters and the library version are in `parameters`. Deterministic: the same results give the same ratings. Computed on read, so corrections and merges re-rate everyone; cached per ETag. Members of the organisation (or above) rate over private events too; everyone else over public events only.";

export const getOrgRatings = route.get("/v1/orgs/{orgId}/ratings", {
  operationId: "getOrgRatings",
  summary: "Rating table of an organisation tree",
  description: `${DESCRIPTION} Rows are ranked by \`ordinal\` (mu − 3·sigma), then mu, then id; \`minGames\` hides players with fewer games.`,
  request: { params: TreeParams, query: RatingsQuerySchema },
  responses: { 200: jsonContent(RatingsSchema, "The rating table.", CACHE_HEADERS), 304: NOT_MODIFIED },
});

export const getPlayerRating = route.get("/v1/players/{playerId}/rating", {
  operationId: "getPlayerRating",
  tags: ["Ratings", "Players"],
  summary: "A player's rating and its history per event",
  description: `The player's row of their tree's ratings (the tree of the player's organisation's root), with the rating after each event they played. ${DESCRIPTION} A player is visible to members of their organisation (or above), and to anyone through a visible game.`,
  request: { params: PlayerParams },
  responses: {
    200: jsonContent(PlayerRatingSchema, "The player's rating.", CACHE_HEADERS),
    301: MOVED_PLAYER,
    304: NOT_MODIFIED,
  },
});

export const getOrgRatingsCsv = route.get("/v1/orgs/{orgId}/ratings.csv", {
  operationId: "getOrgRatingsCsv",
  summary: "Rating table of an organisation tree, as CSV",
  description:
    "The rating table for spreadsheets: one line per rated player, in rank order, the same rows as the JSON for the same reader; its own ETag (304).",
  request: { params: TreeParams, query: RatingsQuerySchema.extend(LangQuery.shape) },
  responses: csvResponses(
    "The rating table as CSV.",
    "`rank`, `player_id`, `player`, `ordinal`, `mu`, `sigma`, `games`, `last_played_event_id`",
    "rank,player_id,player,ordinal,mu,sigma,games,last_played_event_id\r\n1,ply_01JDQ7A4W9K2M3N4P5Q6R7S8T9,Rūta Kazlauskienė,21.7,31.2,3.2,12,evt_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A\r\n",
  ),
});
