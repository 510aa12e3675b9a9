import { jsonBody, jsonContent, scopedBearer } from "../../openapi/common-schemas";
import { PlayerParams, SessionParams } from "../../openapi/path-params";
import { routeDefinitions } from "../../openapi/route-definitions";
import { CheckInListSchema, CheckInSchema, DropResultSchema, DropSchema } from "./attendance.schemas";

const route = routeDefinitions(["Sessions"], scopedBearer("registrations:write"));

const ROLES =
  "Roles: owner, organizer (of the event's organisation or of the store hosting the session); scope `registrations:write`.";

export const checkIn = route.post("/v1/sessions/{sessionId}/check-ins", {
  operationId: "checkInPlayers",
  summary: "Check players in at the venue",
  description:
    "Idempotent per player. Once anyone is checked in, the session uses check-in: game 1 seats only checked-in " +
    "players, and the others are recorded as no-shows when it is seated (kept, not deleted). Refused (409 " +
    `\`check_in_closed\`) once game 1 is seated; 422 for players not registered. ${ROLES}`,
  request: { params: SessionParams, body: jsonBody(CheckInSchema, "The players who arrived.") },
  responses: { 200: jsonContent(CheckInListSchema, "Who is checked in and who is not yet.") },
});

export const undoCheckIn = route.delete("/v1/sessions/{sessionId}/check-ins/{playerId}", {
  operationId: "undoCheckIn",
  summary: "Undo a check-in",
  description: `Only before game 1 is seated (409 \`check_in_closed\` after). ${ROLES}`,
  request: { params: SessionParams.extend(PlayerParams.shape) },
  responses: { 204: { description: "Undone." } },
});

export const drop = route.post("/v1/sessions/{sessionId}/drops", {
  operationId: "dropPlayer",
  summary: "Record that a player leaves the session after a game",
  description:
    "The player keeps the games played (shown as `dropped` in the roster and standings) and is not seated in " +
    "later games. Later games already seated without results are re-seated for the remaining players, keeping " +
    "every table that can be kept (quality figures in the answer). 422 `drop_leaves_unsplittable` (rule 1.1.7) " +
    "when the players left cannot be seated at tables of 3 and 4; 409 when the player has a result after " +
    `\`afterGame\` or a later game is already being played. ${ROLES}`,
  request: { params: SessionParams, body: jsonBody(DropSchema, "Who leaves, after which game.") },
  responses: { 201: jsonContent(DropResultSchema, "The drop and the re-seated games.") },
});
