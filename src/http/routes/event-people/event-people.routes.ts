import { idParam, jsonBody, jsonContent, OPTIONAL_BEARER } from "../../openapi/common-schemas";
import { EventParams } from "../../openapi/path-params";
import { routeDefinitions } from "../../openapi/route-definitions";
import {
  AddAvoidPairSchema,
  AddStaffSchema,
  AvoidPairListSchema,
  StaffListSchema,
} from "./event-people.schemas";

const route = routeDefinitions(["Events"]);

export const addStaff = route.post("/v1/events/{eventId}/staff", {
  operationId: "addStaff",
  summary: "Name a referee or organiser of the event",
  description:
    "Rule 1.3.2, both ways: a player registered in any session of the event cannot become its staff (422), and staff cannot be registered. Roles: owner, organizer.",
  request: { params: EventParams, body: jsonBody(AddStaffSchema, "The staff member.") },
  responses: { 200: jsonContent(StaffListSchema, "All staff of the event.") },
});

export const removeStaff = route.delete("/v1/events/{eventId}/staff/{playerId}", {
  operationId: "removeStaff",
  summary: "Remove a referee or organiser of the event",
  description:
    "The player is no longer the event's staff (and may then be registered to play in it, rule 1.3.2). An event left without a referee says so in its `validity` again (rule 1.3.1). In the audit trail. Roles: owner, organizer.",
  request: { params: EventParams.extend({ playerId: idParam("playerId", "ply", "The staff member.") }) },
  responses: { 200: jsonContent(StaffListSchema, "The staff left.") },
});

export const listStaff = route.get("/v1/events/{eventId}/staff", {
  operationId: "listStaff",
  summary: "List the event's referees and organisers",
  description:
    "Staff may not play in the event they supervise (rule 1.3.2): these players cannot be registered to its sessions. Public events need no token.",
  security: OPTIONAL_BEARER,
  request: { params: EventParams },
  responses: { 200: jsonContent(StaffListSchema, "All staff of the event.") },
});

export const addAvoidPair = route.post("/v1/events/{eventId}/avoid-pairs", {
  operationId: "addAvoidPair",
  summary: "Keep two players apart in seating",
  description:
    "Friends and family (rule 1.1.6, third priority after new opponents and rotating turn order). Roles: owner, organizer.",
  request: { params: EventParams, body: jsonBody(AddAvoidPairSchema, "The pair.") },
  responses: { 200: jsonContent(AvoidPairListSchema, "All avoid pairs of the event.") },
});

export const listAvoidPairs = route.get("/v1/events/{eventId}/avoid-pairs", {
  operationId: "listAvoidPairs",
  summary: "List the avoid pairs",
  description: "Private to the organising staff (roles owner, organizer).",
  request: { params: EventParams },
  responses: { 200: jsonContent(AvoidPairListSchema, "All avoid pairs of the event.") },
});
