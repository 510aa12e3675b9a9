import { createRoute, z } from "@hono/zod-openapi";
import { BEARER, IdempotencyKeyHeader, idParam, jsonBody, jsonContent } from "../../openapi/common-schemas";
import { PaginationQuerySchema } from "../../pagination";
import { RecordWarningSchema, WarningListSchema, WarningSchema } from "./conduct.schemas";

export const recordWarning = createRoute({
  method: "post",
  path: "/v1/tables/{tableId}/warnings",
  operationId: "recordWarning",
  tags: ["Conduct"],
  summary: "Warn a player at this table",
  description:
    "A first offence is a warning (rules 2.0.3, 3.0.15; docs/rules.md#sanctions): the rule broken, a note, the time. It changes no result and may be recorded after the sheet is signed; it is in the event's audit trail, and a later disqualification of the player names it. Never public. 422 `not_seated` when the player is not seated at this table. Roles: owner, organizer, referee (those who may disqualify there).",
  security: BEARER,
  request: {
    params: z.object({ tableId: idParam("tableId", "tbl", "The table.") }),
    headers: IdempotencyKeyHeader,
    body: jsonBody(RecordWarningSchema, "Who, which rule, what happened."),
  },
  responses: { 201: jsonContent(WarningSchema, "The warning.") },
});

export const listPlayerWarnings = createRoute({
  method: "get",
  path: "/v1/players/{playerId}/warnings",
  operationId: "listPlayerWarnings",
  tags: ["Conduct"],
  summary: "List a player's warnings",
  description:
    "The player's warnings in the events of your organisation and of its descendants (a federation sees its stores'), oldest first. Never public: no token is a 401, roles without the audit trail (reporter, reader) a 403; an organisation that neither has the player nor ran an event where they were warned gets 404. Roles: owner, organizer, referee.",
  security: BEARER,
  request: {
    params: z.object({ playerId: idParam("playerId", "ply", "The player.") }),
    query: PaginationQuerySchema,
  },
  responses: { 200: jsonContent(WarningListSchema, "A page of warnings.") },
});
