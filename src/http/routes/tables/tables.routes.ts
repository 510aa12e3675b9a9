import { z } from "@hono/zod-openapi";
import {
  IdempotencyKeyHeader,
  IfMatchHeader,
  jsonBody,
  jsonContent,
  OPTIONAL_BEARER,
  optionalJsonBody,
} from "../../openapi/common-schemas";
import { EventParams, TableParams } from "../../openapi/path-params";
import { routeDefinitions } from "../../openapi/route-definitions";
import { PaginationQuerySchema, pageSchema } from "../../pagination";
import { WarningSchema } from "../conduct/conduct.schemas";
import {
  AuditEntrySchema,
  ChooseSchema,
  ConfirmResultSchema,
  CorrectResultSchema,
  DisputeResultSchema,
  DisqualifySchema,
  FinalizeResultSchema,
  SubmitResultSchema,
  TableSchema,
  TimerSchema,
  WaiveChoicesSchema,
} from "./tables.schemas";

const route = routeDefinitions(["Tables and results"]);

/** A write of a table's sheet takes If-Match (its result version) and Idempotency-Key. */
const SHEET_HEADERS = IfMatchHeader.merge(IdempotencyKeyHeader);

/** A table's answers carry its ETag: its result version, what If-Match sends back. */
const TABLE_ETAG = { ETag: { description: "Send back in If-Match.", schema: { type: "string" as const } } };

const tableResponse = (description: string) => ({ 200: jsonContent(TableSchema, description, TABLE_ETAG) });

export const getTable = route.get("/v1/tables/{tableId}", {
  operationId: "getTable",
  summary: "Get a table with its seats and result",
  description:
    "Seats in turn order with VP, placement, confirmation and disqualification; the current result and who still has to confirm. Poll with If-None-Match.",
  security: OPTIONAL_BEARER,
  request: { params: TableParams },
  responses: { ...tableResponse("The table."), 304: { description: "Not modified." } },
});

export const submitResult = route.put("/v1/tables/{tableId}/result", {
  operationId: "submitResult",
  summary: "Submit a table's result sheet",
  description:
    "Validated against the rules (one winner with ≥ 10 VP, others 2–20 (a player who reaches 10 without declaring victory on their turn cannot win before their next turn, rule 3.0.17), nobody above 20, every seat once): violations are a 422 naming the seat and rule. " +
    "Without `signed` the result is `pending` until every player confirms (rule 1.3.4); with `signed: true` it is final. " +
    "A pending result is replaced by sending If-Match with its version; a final one only by a correction (409). " +
    "Two different sheets racing for one table: exactly one wins, the other gets 409. Roles: owner, organizer, referee, reporter.",
  request: { params: TableParams, headers: SHEET_HEADERS, body: jsonBody(SubmitResultSchema, "The sheet.") },
  responses: tableResponse("The table with its new result."),
});

export const confirmResult = route.post("/v1/tables/{tableId}/result/confirmations", {
  operationId: "confirmResult",
  summary: "A player agrees to the pending result",
  description:
    "Digital scoring (rule 1.3.4): when every seated player (disqualified ones excepted) has confirmed, the result becomes final, " +
    "unless a player disputes it. With `code` (the player's seat code from the result sheet) no token is needed: the player " +
    "confirms from their own phone; a wrong code is a 403 `wrong_seat_code`, recorded in the audit trail, and after 5 wrong " +
    "codes in 15 minutes the seat answers 429 `rate_limited` with Retry-After, like every rate limit (policy `seat-code` in the " +
    "RateLimit-Policy header, counted in the database so it holds across servers). Without `code`, staff confirm on the player's behalf " +
    "(roles: owner, organizer, referee, reporter; scope `results:write`), recorded as such (`confirmedVia: staff`).",
  security: OPTIONAL_BEARER,
  request: {
    params: TableParams,
    headers: SHEET_HEADERS,
    body: jsonBody(ConfirmResultSchema, "Who confirms."),
  },
  responses: tableResponse("The table after the confirmation."),
});

export const disputeResult = route.post("/v1/tables/{tableId}/result/disputes", {
  operationId: "disputeResult",
  summary: "A player disputes the pending result",
  description:
    "The player does not agree with the pending sheet (a player refusing to sign, rule 1.3.5). While a dispute is open, " +
    "confirmations cannot make the sheet final: a referee finalizes it (POST …/result/finalize) or it is replaced " +
    "(PUT …/result with If-Match). The player's own confirmation, if any, is withdrawn. Shown in the table's `result.disputes` and the audit trail. With `code` no token is needed (as for " +
    "confirmations, wrong codes are audited and rate-limited); without it, staff record it (scope `results:write`). " +
    "A final result cannot be disputed (409, rule 1.3.5).",
  security: OPTIONAL_BEARER,
  request: {
    params: TableParams,
    headers: SHEET_HEADERS,
    body: jsonBody(DisputeResultSchema, "Who disputes, and why."),
  },
  responses: tableResponse("The table with the dispute."),
});

export const finalizeResult = route.post("/v1/tables/{tableId}/result/finalize", {
  operationId: "finalizeResult",
  summary: "Referee makes the pending result final",
  description:
    "When a player refuses to sign, the referee decides (rule 1.3.5). Roles: owner, organizer, referee.",
  request: {
    params: TableParams,
    headers: SHEET_HEADERS,
    body: optionalJsonBody(FinalizeResultSchema, "Why."),
  },
  responses: tableResponse("The table with its final result."),
});

export const disqualifyPlayer = route.post("/v1/tables/{tableId}/disqualifications", {
  operationId: "disqualifyPlayer",
  summary: "Disqualify a player at this table",
  description:
    "Rule 1.3.6: during the game or before the result is final, never after (409). The player leaves the event's later seating, standings and qualification and is shown as disqualified. The answer (and the audit entry) names the player's warnings in this event. Roles: owner, organizer, referee.",
  request: { params: TableParams, headers: SHEET_HEADERS, body: jsonBody(DisqualifySchema, "Who and why.") },
  responses: {
    200: jsonContent(
      TableSchema.extend({
        warnings: z.array(WarningSchema).openapi({
          description:
            "The player's warnings in this event, oldest first (docs/rules.md#sanctions); also in the audit entry.",
        }),
      }).openapi("DisqualifiedTable"),
      "The table after the disqualification, with the player's warnings.",
      TABLE_ETAG,
    ),
  },
});

export const recordChoice = route.post("/v1/tables/{tableId}/choices", {
  operationId: "recordChoice",
  summary: "Record a player's choice of turn order, chair and colour (snake-seated tables)",
  description:
    "At a snake-seated table (game 4 of an 80+ session, the semifinals, the final), players choose turn order, chair and colour by rank after the board study, best ranked first (rules 1.1.7, 1.1.10, 1.1.12; docs/rules.md#choices). " +
    "Staff record each choice as it is made: a choice before every better-ranked player of the table has chosen is a 422 `choice_out_of_rank_order` naming the rule and who chooses first; a taken position, chair or colour is a 422 `choice_unavailable` naming each field. " +
    "Chairs are numbered clockwise and turns pass clockwise, so once the first player chose a chair every other chair follows from the turn position (`chair_out_of_turn_order` otherwise). " +
    "The seats are rewritten in the chosen turn order: the table, the round, the printed sheets, the pages, GraphQL and the result notifications show it; players still to choose hold the free positions in rank order. " +
    "Refused at other tables (409 `not_snake_seated`: their seating is the turn order, rule 1.1.6) and once the table has a result. The final's sheet is refused until every finalist has chosen, or staff waive the choices (PUT …/choices/waiver). Announced as `seat.chosen`. Roles: owner, organizer, referee.",
  request: {
    params: TableParams,
    headers: IdempotencyKeyHeader,
    body: jsonBody(ChooseSchema, "Who chooses what."),
  },
  responses: tableResponse("The table with the choice recorded."),
});

export const waiveChoices = route.put("/v1/tables/{tableId}/choices/waiver", {
  operationId: "waiveChoices",
  summary: "Waive the players' choices by rank (snake-seated tables)",
  description:
    "The final's sheet waits until every finalist has chosen turn order, chair and colour (409 `choices_pending`, rules 1.1.10, 1.1.12; docs/rules.md#choices). When they will not be recorded (the players agreed at the table, a choice was made on paper), a referee waives them with a reason: kept on the table (`choicesWaived`) and in the audit trail (`table.choices-waived`). " +
    "Sent again, it replaces the reason. Refused at tables not seated by rank (409 `not_snake_seated`) and once the table has a result. Roles: owner, organizer, referee.",
  request: {
    params: TableParams,
    headers: IdempotencyKeyHeader,
    body: jsonBody(WaiveChoicesSchema, "Why the choices are not recorded."),
  },
  responses: tableResponse("The table with the waiver."),
});

export const switchTimerOn = route.put("/v1/tables/{tableId}/timer", {
  operationId: "switchTimerOn",
  summary: "Switch a table to timed turns",
  description:
    "Rule 1.1.11 option 2 (docs/rules.md#timers): at the referee's discretion a table still playing switches to timed turns, the event's turn time (2 minutes unless the event publishes shorter ones) unless the referee gives a shorter one to keep the schedule, never a longer one; a player may ask for it after the opening placements (`requestedBy`). " +
    "Sent again, it changes the turn length. The table's `timer` shows the state; the change is announced as `table.timer` (webhooks, the organisation's change feed) and kept in the audit trail. A table whose result is final is refused (409). Roles: owner, organizer, referee.",
  request: {
    params: TableParams,
    headers: IdempotencyKeyHeader,
    body: optionalJsonBody(TimerSchema, "The turn length and who asked."),
  },
  responses: tableResponse("The table with its timer."),
});

export const switchTimerOff = route.delete("/v1/tables/{tableId}/timer", {
  operationId: "switchTimerOff",
  summary: "Switch a table back to untimed turns",
  description:
    "The table's `timer` becomes null; announced as `table.timer` with `timedTurns: false` and kept in the audit trail. Nothing changes (and nothing is announced) when the table is untimed. Roles: owner, organizer, referee.",
  request: { params: TableParams },
  responses: tableResponse("The table, untimed."),
});

export const correctResult = route.post("/v1/tables/{tableId}/result/corrections", {
  operationId: "correctResult",
  summary: "Correct a final result (audited)",
  description:
    "The only way to change a final result: an organiser states the reason (e.g. a transcription error); before and after go to the event's audit trail. 409 while the result is still pending. " +
    "Phase locks (docs/rules.md#people-and-results, rules 1.3.5, 1.4.4): once a later phase is seated, the results it was seated from are locked — a prelim table once the semifinals or the final are seated, a game 1–3 table once its session's game 4 (80+ players) is, a semifinal table once the final is — and a correction answers 409 `phase_locked` naming the seated round. The database holds the lock too: a correction whose write commits just after a seating of the next phase is refused the same way. " +
    "The way out: remove that round with `DELETE /v1/rounds/{roundId}` while none of its tables has a result (the final before the semifinals), correct, then seat it again (`POST /v1/events/{eventId}/semifinals` or `/final`). " +
    "Roles: owner, organizer.",
  request: {
    params: TableParams,
    headers: SHEET_HEADERS,
    body: jsonBody(CorrectResultSchema, "The corrected sheet and why."),
  },
  responses: tableResponse("The table with the corrected result."),
});

export const listAudit = route.get("/v1/events/{eventId}/audit", {
  operationId: "listAudit",
  summary: "The event's audit trail",
  description:
    "Who changed what, when and why: every result submission, confirmation, finalization, correction and disqualification, plus event set-up. Oldest first. Roles: owner, organizer, referee.",
  request: { params: EventParams, query: PaginationQuerySchema },
  responses: { 200: jsonContent(pageSchema(AuditEntrySchema, "AuditEntry"), "A page of audit entries.") },
});
