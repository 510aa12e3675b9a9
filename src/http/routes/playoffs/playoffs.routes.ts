import { IdempotencyKeyHeader, jsonContent } from "../../openapi/common-schemas";
import { EventParams } from "../../openapi/path-params";
import { routeDefinitions } from "../../openapi/route-definitions";
import { SeatedPlayoffSchema } from "./playoffs.schemas";

const route = routeDefinitions(["Playoffs"]);

export const seatSemifinals = route.post("/v1/events/{eventId}/semifinals", {
  operationId: "seatSemifinals",
  summary: "Seat the semifinals",
  description:
    "Seats the top 16 of qualification (each player's best single session; disqualified players excluded) at 4 snake-seated tables: " +
    "table 1 ranks 1, 8, 9, 16 · table 2 ranks 2, 7, 10, 15 · table 3 ranks 3, 6, 11, 14 · table 4 ranks 4, 5, 12, 13. Seats are listed by rank (`seedRank`); players choose turn order by rank. " +
    "No body. 409 while a prelim table has no final result or a started session has games left, when the event has no semifinals (12–28 participants: use POST …/final), " +
    "when fewer than 16 players qualify, when the semifinals are already seated, or (`ranking_inputs_changed`) when a result, correction or registration committed while the seating was computed: nothing is seated, seat again. Results go through PUT /v1/tables/{tableId}/result. " +
    "Until the event names a referee (rule 1.3.1), `warnings` says so and how to name one; the semifinals are seated all the same. Roles: owner, organizer.",
  request: { params: EventParams, headers: IdempotencyKeyHeader },
  responses: {
    201: jsonContent(SeatedPlayoffSchema, "The semifinal round (kind `semifinal`), with its warnings."),
  },
});

export const seatFinal = route.post("/v1/events/{eventId}/final", {
  operationId: "seatFinal",
  summary: "Seat the final",
  description:
    "With semifinals: the 4 semifinal winners, once all 4 semifinal tables have a final result; `seedRank` is their position after the semifinals (the 1.4.2 chain over qualifying session plus semifinal). " +
    "Without semifinals (12–28 participants): the top 4 of qualification, `seedRank` = qualification rank. One table listed by rank; players choose turn order by rank. " +
    "No body. 409 while the phase before is unfinished, when the semifinals are not seated yet, when the final is already seated, or (`ranking_inputs_changed`) when a result or correction committed while the seating was computed: nothing is seated, seat again. " +
    "Until the event names a referee (rule 1.3.1), `warnings` says so and how to name one; the final is seated all the same. Roles: owner, organizer.",
  request: { params: EventParams, headers: IdempotencyKeyHeader },
  responses: { 201: jsonContent(SeatedPlayoffSchema, "The final round (kind `final`), with its warnings.") },
});
