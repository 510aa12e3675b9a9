import { jsonBody, jsonContent, OPTIONAL_BEARER } from "../../openapi/common-schemas";
import { EventParams, OrgParams } from "../../openapi/path-params";
import { routeDefinitions } from "../../openapi/route-definitions";
import {
  CreateEventSchema,
  EventListSchema,
  EventSchema,
  ListEventsQuerySchema,
  UpdateEventSchema,
} from "./events.schemas";

const route = routeDefinitions(["Events"]);

export const createEvent = route.post("/v1/orgs/{orgId}/events", {
  operationId: "createEvent",
  summary: "Create an event",
  description:
    "Creates a tournament with its public `lotSeed` (reproducible lots). Add prelim sessions next. Roles: owner, organizer. Accepts `Idempotency-Key`.",
  request: { params: OrgParams, body: jsonBody(CreateEventSchema, "The event.") },
  responses: { 201: jsonContent(EventSchema, "The created event; `Location` points to it.") },
});

export const listEvents = route.get("/v1/orgs/{orgId}/events", {
  operationId: "listEvents",
  summary: "List an organisation's events",
  description:
    "Oldest first (by id, which sorts by creation). `?include=descendants` adds the events of member organisations (a federation's leaderboards). Members of the organisation or of an ancestor only.",
  request: { params: OrgParams, query: ListEventsQuerySchema },
  responses: { 200: jsonContent(EventListSchema, "A page of events.") },
});

export const getEvent = route.get("/v1/events/{eventId}", {
  operationId: "getEvent",
  summary: "Get an event",
  description:
    "The event with `uniqueParticipants`, `structure` (final-only / semifinals / semifinals-80plus), `valid` and its reasons, and the `phase`. Public events need no token. Sends an ETag.",
  security: OPTIONAL_BEARER,
  request: { params: EventParams },
  responses: {
    200: jsonContent(EventSchema, "The event."),
    304: { description: "Not modified (`If-None-Match` matched)." },
  },
});

export const updateEvent = route.patch("/v1/events/{eventId}", {
  operationId: "updateEvent",
  summary: "Change an event",
  description:
    "Changes name, visibility, dates, venue or timers; the ruleset only until the first result. Roles: owner, organizer.",
  request: { params: EventParams, body: jsonBody(UpdateEventSchema, "The fields to change.") },
  responses: { 200: jsonContent(EventSchema, "The event after the change.") },
});
