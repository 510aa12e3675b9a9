import {
  ifMatchHeader,
  jsonBody,
  jsonContent,
  OPTIONAL_BEARER,
  revalidateHeaders,
} from "../../openapi/common-schemas";
import { OrgParams, PlayerParams } from "../../openapi/path-params";
import { MOVED_PLAYER } from "../../openapi/problem-schemas";
import { routeDefinitions } from "../../openapi/route-definitions";
import { PlayerHistorySchema } from "./history.schemas";
import {
  CreatePlayerSchema,
  ListPlayersQuerySchema,
  MergePlayerSchema,
  MergeResultSchema,
  PlayerListSchema,
  PlayerSchema,
  UpdatePlayerSchema,
} from "./players.schemas";

const route = routeDefinitions(["Players"]);

export const createPlayer = route.post("/v1/orgs/{orgId}/players", {
  operationId: "createPlayer",
  summary: "Create a player",
  description:
    "A player keeps one id across every event of the organisation. `externalId` (membership number) must be unique in the organisation tree (409 otherwise). Roles: owner, organizer.",
  request: { params: OrgParams, body: jsonBody(CreatePlayerSchema, "The player.") },
  responses: { 201: jsonContent(PlayerSchema, "The created player.") },
});

export const listPlayers = route.get("/v1/orgs/{orgId}/players", {
  operationId: "listPlayers",
  summary: "Search an organisation's players",
  description:
    "Oldest first (by id, which sorts by creation); filter by `q` (name part or exact externalId), `externalId` or `discordId` (how a Discord bot finds its user).",
  request: { params: OrgParams, query: ListPlayersQuerySchema },
  responses: { 200: jsonContent(PlayerListSchema, "A page of players.") },
});

export const getPlayer = route.get("/v1/players/{playerId}", {
  operationId: "getPlayer",
  summary: "Get a player",
  description: "Members of the player's organisation or of an ancestor.",
  request: { params: PlayerParams },
  responses: { 200: jsonContent(PlayerSchema, "The player."), 301: MOVED_PLAYER },
});

export const updatePlayer = route.patch("/v1/players/{playerId}", {
  operationId: "updatePlayer",
  summary: "Change a player",
  description:
    "Name, externalId or discordId. Send the player's `ETag` in If-Match so that a concurrent change is a 412, not lost. Roles: owner, organizer of the player's organisation.",
  request: {
    params: PlayerParams,
    headers: ifMatchHeader(
      "The player's `ETag` (from GET or the last PATCH): 412 when the player has changed since.",
    ),
    body: jsonBody(UpdatePlayerSchema, "The fields to change."),
  },
  responses: {
    200: jsonContent(PlayerSchema, "The player after the change.", {
      ETag: {
        description: "The player's new entity tag, for the next If-Match.",
        schema: { type: "string" },
      },
    }),
  },
});

const HISTORY_HEADERS = revalidateHeaders(
  "Names the state of every event shown; send it back in `If-None-Match`.",
  'W/"history:ply_01JDQ…:5d41402a"',
  "`no-cache`; `private, no-cache` when private events or membership numbers are shown.",
);

export const getPlayerHistory = route.get("/v1/players/{playerId}/history", {
  operationId: "getPlayerHistory",
  tags: ["Players", "Rankings"],
  summary: "A player's record: every event, session and playoff",
  description:
    "Every event the player was registered in (oldest first), with their rank in each session, the qualifying session and qualification rank, the playoff placements, the position in the event standings and the points each series of the tree gives them, all computed on read by the same rankings as the standings routes (three database round trips whatever the number of events). Private events are shown to those who may read them; membership numbers only to members of the player's organisation tree. Someone else learns of the player only through a visible event (404 otherwise).",
  security: OPTIONAL_BEARER,
  request: { params: PlayerParams },
  responses: {
    200: jsonContent(PlayerHistorySchema, "The player's history.", HISTORY_HEADERS),
    301: MOVED_PLAYER,
    304: { description: "`If-None-Match` matched: nothing shown changed.", headers: HISTORY_HEADERS },
  },
});

export const mergePlayer = route.post("/v1/players/{playerId}/merge", {
  operationId: "mergePlayer",
  summary: "Merge a duplicate player into another",
  description:
    "One person created twice becomes one player: every registration, seat, result sheet, confirmation, disqualification, staff entry and avoid pair of the player in the path moves to `intoPlayerId` in one atomic batch, audited (`player.merge`). The kept player takes the merged one's membership numbers when it has none (409 `membership_number_conflict` when both have different ones). Refused with 409 when the two cannot be one person: seated in the same round or registered in the same session (`players_met`), or one is staff of an event the other plays (`staff_plays`, rule 1.3.2). Rankings and ratings are computed on read, so they change at once; each event touched gets a new results version (new ETags). Afterwards the merged id answers 301 on reads (to the kept player) and 410 on writes. Result revisions keep the ids as they were signed. Roles: owner of an organisation both players belong to, or of a common ancestor (a federation merges its stores' duplicates); not clients limited to an event or session.",
  request: { params: PlayerParams, body: jsonBody(MergePlayerSchema, "The player to keep.") },
  responses: { 200: jsonContent(MergeResultSchema, "The kept player and what moved.") },
});
