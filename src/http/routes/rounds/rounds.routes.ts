import {
  BEARER,
  IdempotencyKeyHeader,
  jsonBody,
  jsonContent,
  NOT_MODIFIED,
  OPTIONAL_BEARER,
} from "../../openapi/common-schemas";
import { csvResponses, FormatQuery, LangQuery } from "../../openapi/csv";
import { RoundParams, SessionParams } from "../../openapi/path-params";
import { routeDefinitions } from "../../openapi/route-definitions";
import { CreateRoundsSchema, RoundListSchema, RoundSchema } from "./rounds.schemas";

const route = routeDefinitions(["Seating"], OPTIONAL_BEARER);

export const createRounds = route.post("/v1/sessions/{sessionId}/rounds", {
  operationId: "createRounds",
  summary: "Seat the next prelim game",
  description:
    "`{}` or `{seed}`: seats the next game of 1–3 (planned together with the games left, so quality stays as good as seating all at once). " +
    '`{plan: "all"}`: seats every remaining game of 1–3 at once. `{tables: [[playerId, …], …]}`: a hand-made seating, validated (every registered player once, table sizes by rule 1.1.7; a 422 names `tables[i][j]`). ' +
    "Registered players take part, disqualified ones excluded; avoid pairs are kept apart where possible. Each table lists players in turn order. " +
    "Game 4 of an 80+ session (send `{}` once game 3 is all final): players without a win are eliminated (rule 1.1.5) and the rest are snake-seated by the session standings. " +
    "409: an earlier game still has a table without a final result, every game is seated, the playoffs are seated, or (`ranking_inputs_changed`, game 4) a result or correction committed while game 4 was computed from the standings: nothing is seated, seat again. 422: the players cannot be split into tables of 3 and 4 (1, 2 or 5 players; rule 1.1.7). " +
    "Returns the created rounds with their quality. Roles: owner, organizer.",
  security: BEARER,
  request: {
    params: SessionParams,
    headers: IdempotencyKeyHeader,
    body: jsonBody(
      CreateRoundsSchema,
      "How to seat: generated (optional seed), all games, or hand-made tables.",
    ),
  },
  responses: { 201: jsonContent(RoundListSchema, "The rounds just seated.") },
});

export const listSessionRounds = route.get("/v1/sessions/{sessionId}/rounds", {
  operationId: "listSessionRounds",
  summary: "List a session's games with their seating",
  description:
    "Every prelim game of the session by number: tables, seats (turn order) and each table's result status, plus the seating quality up to that game. Public events need no token. Poll with `If-None-Match` (304 when nothing changed, e.g. no new result). The seating as CSV (a sheet for the venue): GET `…/rounds.csv`.",
  request: { params: SessionParams, query: FormatQuery },
  responses: { 200: jsonContent(RoundListSchema, "The session's rounds."), 304: NOT_MODIFIED },
});

export const listSessionRoundsCsv = route.get("/v1/sessions/{sessionId}/rounds.csv", {
  operationId: "listSessionRoundsCsv",
  summary: "A session's seating, as CSV",
  description:
    "Every seat of every prelim game of the session, as CSV for the venue: the same data as the JSON list, with its own ETag (304). Public events need no token.",
  request: { params: SessionParams, query: LangQuery },
  responses: csvResponses(
    "The session's seating as CSV.",
    "`game`, `round_id`, `table`, `table_id`, `position` (turn order), `player_id`, `player`, `seed_rank`, `result_status` (empty, `pending` or `final`): one line per seat",
    "game,round_id,table,table_id,position,player_id,player,seed_rank,result_status\r\n1,rnd_01JDQ7B2C3D4E5F6G7H8J9K0M1,1,tbl_01JDQ7C2D3E4F5G6H7J8K9M0N1,1,ply_01JDQ7A4W9K2M3N4P5Q6R7S8T9,Rūta Kazlauskienė,,final\r\n",
  ),
});

export const getRound = route.get("/v1/rounds/{roundId}", {
  operationId: "getRound",
  summary: "Get a round with its tables and seats",
  description:
    "A prelim game, the semifinals or the final: tables with seats and each table's result status. Public events need no token. Sends an `ETag`; `If-None-Match` → 304.",
  request: { params: RoundParams },
  responses: { 200: jsonContent(RoundSchema, "The round."), 304: NOT_MODIFIED },
});

export const deleteRound = route.delete("/v1/rounds/{roundId}", {
  operationId: "deleteRound",
  summary: "Remove a seating to regenerate it",
  description:
    "Only the last round (the session's last game, or the final before the semifinals) and only while none of its tables has a result or a disqualification (409 otherwise): seating cannot be regenerated once a result exists. " +
    "Removing game 4 of an 80+ session also lifts its zero-win cut. Roles: owner, organizer.",
  security: BEARER,
  request: { params: RoundParams },
  responses: { 204: { description: "Removed." } },
});
