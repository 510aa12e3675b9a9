import { z } from "@hono/zod-openapi";
import { IdempotencyKeyHeader, idParam, jsonBody, jsonContent } from "../../openapi/common-schemas";
import { PlayerParams, TableParams } from "../../openapi/path-params";
import { routeDefinitions } from "../../openapi/route-definitions";
import { PaginationQuerySchema } from "../../pagination";
import {
  CreatedExclusionSchema,
  CreateExclusionSchema,
  ExclusionListSchema,
  ExclusionSchema,
  RecordWarningSchema,
  WarningListSchema,
  WarningSchema,
} from "./conduct.schemas";

const route = routeDefinitions(["Conduct"]);

const OrgParams = z.object({ orgId: idParam("orgId", "org", "The federation.") });

export const recordWarning = route.post("/v1/tables/{tableId}/warnings", {
  operationId: "recordWarning",
  summary: "Warn a player at this table",
  description:
    "A first offence is a warning (rules 2.0.3, 3.0.15; docs/rules.md#sanctions): the rule broken, a note, the time. It changes no result and may be recorded after the sheet is signed; it is in the event's audit trail, and a later disqualification of the player names it. Never public. 422 `not_seated` when the player is not seated at this table. Roles: owner, organizer, referee (those who may disqualify there).",
  request: {
    params: TableParams,
    headers: IdempotencyKeyHeader,
    body: jsonBody(RecordWarningSchema, "Who, which rule, what happened."),
  },
  responses: { 201: jsonContent(WarningSchema, "The warning.") },
});

export const listPlayerWarnings = route.get("/v1/players/{playerId}/warnings", {
  operationId: "listPlayerWarnings",
  summary: "List a player's warnings",
  description:
    "The player's warnings in the events of your organisation and of its descendants (a federation sees its stores'), oldest first. Never public: no token is a 401, roles without the audit trail (reporter, reader) a 403; an organisation that neither has the player nor ran an event where they were warned gets 404. Roles: owner, organizer, referee.",
  request: { params: PlayerParams, query: PaginationQuerySchema },
  responses: { 200: jsonContent(WarningListSchema, "A page of warnings.") },
});

export const createExclusion = route.post("/v1/orgs/{orgId}/exclusions", {
  operationId: "createExclusion",
  summary: "Exclude a player from the organisation's programme",
  description:
    "Until `until` (the first day they may register again, a calendar day in the organisation's `timezone`, UTC without one; 422 `exclusion_ends_too_soon` unless after today there), registering the player in any event of the organisation or of its members is refused (422 `excluded_from_programme`, naming that day). It takes effect at once (docs/rules.md#sanctions), in the same change: the player is withdrawn from every registration of the tree whose games have not started; in a session under way they leave after the last game they have a result in, as for a drop, and later seated games without a result are re-seated without them (new seat codes, announced as `round.seated`); a seated game that cannot be re-seated (in play, snake-seated, too few players left) keeps its seating, and a sheet scoring the player there is refused (422 `player_excluded`). Played games keep their results. The answer's `effects` says what changed. Only an organisation with member organisations (a federation; 422 `exclusion_needs_members`), for a player of its tree. In the audit trail. Roles: owner, organizer of the organisation itself.",
  request: {
    params: OrgParams,
    headers: IdempotencyKeyHeader,
    body: jsonBody(CreateExclusionSchema, "Who, until when, why."),
  },
  responses: { 201: jsonContent(CreatedExclusionSchema, "The exclusion and what it changed at once.") },
});

export const listExclusions = route.get("/v1/orgs/{orgId}/exclusions", {
  operationId: "listExclusions",
  summary: "List the organisation's programme exclusions",
  description:
    "Every exclusion the organisation recorded, lifted ones included, oldest first. Never public: its staff and the organisations above it (roles owner, organizer, referee).",
  request: { params: OrgParams, query: PaginationQuerySchema },
  responses: { 200: jsonContent(ExclusionListSchema, "A page of exclusions.") },
});

export const liftExclusion = route.delete("/v1/orgs/{orgId}/exclusions/{exclusionId}", {
  operationId: "liftExclusion",
  summary: "Lift a programme exclusion",
  description:
    "Ends the exclusion now (the player may register again); the record stays, with `liftedAt`, and the lift is in the audit trail. Lifting one already lifted answers it unchanged. Roles: owner, organizer of the organisation itself.",
  request: { params: OrgParams.extend({ exclusionId: idParam("exclusionId", "exc", "The exclusion.") }) },
  responses: { 200: jsonContent(ExclusionSchema, "The exclusion, lifted.") },
});
