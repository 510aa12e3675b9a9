import { jsonBody, jsonContent, OPTIONAL_BEARER } from "../../openapi/common-schemas";
import { csvContent, FormatQuery, LangQuery } from "../../openapi/csv";
import { EventParams, PlayerParams, SessionParams } from "../../openapi/path-params";
import { routeDefinitions } from "../../openapi/route-definitions";
import { PaginationQuerySchema } from "../../pagination";
import {
  CreateSessionSchema,
  RegisteredPlayersSchema,
  RegisterPlayersSchema,
  RegistrationListSchema,
  SessionListSchema,
  SessionSchema,
  UpdateSessionSchema,
} from "./sessions.schemas";

const route = routeDefinitions(["Sessions"]);

export const createSession = route.post("/v1/events/{eventId}/sessions", {
  operationId: "createSession",
  summary: "Add a prelim session",
  description:
    "An event may hold several prelim sessions on different dates and venues (rule 1.2); each is scored on its own. Roles: owner, organizer.",
  request: { params: EventParams, body: jsonBody(CreateSessionSchema, "The session.") },
  responses: { 201: jsonContent(SessionSchema, "The created session.") },
});

export const listSessions = route.get("/v1/events/{eventId}/sessions", {
  operationId: "listSessions",
  summary: "List an event's prelim sessions",
  description: "By date. Public events need no token.",
  security: OPTIONAL_BEARER,
  request: { params: EventParams },
  responses: { 200: jsonContent(SessionListSchema, "The sessions.") },
});

export const getSession = route.get("/v1/sessions/{sessionId}", {
  operationId: "getSession",
  summary: "Get a prelim session",
  description:
    "Date, venue, registered player count, games planned (3, or 4 with the zero-win cut for 80+ players) and games seated so far. Public events need no token.",
  security: OPTIONAL_BEARER,
  request: { params: SessionParams },
  responses: { 200: jsonContent(SessionSchema, "The session.") },
});

export const updateSession = route.patch("/v1/sessions/{sessionId}", {
  operationId: "updateSession",
  summary: "Change a prelim session",
  description:
    "Name, date, venue, and the start time in the session's own IANA time zone (docs/rules.md#sessions-in-time): `startsAt` needs `timeZone`, and the date is the start's day (422 naming the field otherwise). Roles: owner, organizer, of the event's organisation or of the store hosting the session.",
  request: { params: SessionParams, body: jsonBody(UpdateSessionSchema, "The fields to change.") },
  responses: { 200: jsonContent(SessionSchema, "The session after the change.") },
});

export const registerPlayers = route.post("/v1/sessions/{sessionId}/players", {
  operationId: "registerPlayers",
  summary: "Register players to a session",
  description:
    "Bulk and idempotent per player (registering someone twice is not an error). Refused (422) for staff of the event (rule 1.3.2) and disqualified players; 404 for unknown players; 409 once the session's first round or the event's playoffs are seated. Roles: owner, organizer.",
  request: { params: SessionParams, body: jsonBody(RegisterPlayersSchema, "The players to register.") },
  responses: {
    200: jsonContent(
      RegisteredPlayersSchema,
      "The registrations of the players in the request (already registered ones included).",
    ),
  },
});

export const listRegistrations = route.get("/v1/sessions/{sessionId}/players", {
  operationId: "listRegistrations",
  summary: "List a session's players",
  description:
    "Pages of registered players by player id, with `eliminated` for the 80+ zero-win cut. Public events need no token. " +
    "The whole roster as CSV (players, status, check-in, drops; by name, no pages): GET `…/players.csv`.",
  security: OPTIONAL_BEARER,
  request: { params: SessionParams, query: PaginationQuerySchema.extend(FormatQuery.shape) },
  responses: { 200: jsonContent(RegistrationListSchema, "A page of registered players.") },
});

export const listRegistrationsCsv = route.get("/v1/sessions/{sessionId}/players.csv", {
  operationId: "listRegistrationsCsv",
  summary: "A session's roster, as CSV",
  description:
    "The whole roster (players, status, check-in, drops; by name, no pages) as CSV, with its own ETag (304). Public events need no token.",
  security: OPTIONAL_BEARER,
  request: { params: SessionParams, query: LangQuery },
  responses: {
    200: csvContent(
      "The session's roster as CSV.",
      "`player_id`, `player`, `external_id` (only for readers of the player's organisation), `status` (`registered`, `checked-in`, `no-show`, `dropped`, `eliminated`), `checked_in`, `no_show`, `dropped_after_game`, `eliminated`, `registered_at`: one line per registered player, by name",
      "player_id,player,external_id,status,checked_in,no_show,dropped_after_game,eliminated,registered_at\r\nply_01JDQ7A4W9K2M3N4P5Q6R7S8T9,Rūta Kazlauskienė,LT-2026-0142,dropped,true,false,2,false,2026-12-01T18:04:11.000Z\r\n",
    ),
  },
});

export const unregisterPlayer = route.delete("/v1/sessions/{sessionId}/players/{playerId}", {
  operationId: "unregisterPlayer",
  summary: "Withdraw a registration",
  description:
    "Only before the player is seated and before the event's playoffs are seated (409 after). Roles: owner, organizer.",
  request: { params: SessionParams.extend(PlayerParams.shape) },
  responses: { 204: { description: "Withdrawn." } },
});
