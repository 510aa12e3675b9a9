import { z } from "@hono/zod-openapi";
import { idParam, jsonContent, NOT_MODIFIED, OPTIONAL_BEARER } from "../../openapi/common-schemas";
import { EventParams, PlayerParams } from "../../openapi/path-params";
import { routeDefinitions } from "../../openapi/route-definitions";
import { CalendarLinkListSchema, CreatedCalendarLinkSchema, ICS_EXAMPLE } from "./calendars.schemas";

const route = routeDefinitions(["Calendars"]);

const IfNoneMatch = z.object({
  "if-none-match": z.string().max(200).optional().openapi({
    description: "The `ETag` of your last copy: 304 while the feed is unchanged (calendar apps poll).",
  }),
});

const ETAG = { description: "Send it back in `If-None-Match`.", schema: { type: "string" as const } };

/** A feed: RFC 5545 text, with its ETag, and the 304 of a poll that changed nothing. */
const icsResponses = (description: string) => ({
  200: {
    description,
    headers: { ETag: ETAG },
    content: {
      "text/calendar": {
        schema: z.string().openapi({
          description:
            "RFC 5545 (UTF-8, CRLF, lines folded at 75 octets). One VEVENT per prelim session: at its start (UTC) when it has one, else a whole day (`VALUE=DATE`) on its date (the event's first day when the session has none); a session with neither is left out.",
          example: ICS_EXAMPLE,
        }),
      },
    },
  },
  304: { ...NOT_MODIFIED, headers: { ETag: ETAG } },
});

export const getEventCalendar = route.get("/v1/events/{eventId}/calendar.ics", {
  operationId: "getEventCalendar",
  summary: "Subscribe to an event's sessions (iCalendar)",
  description:
    "Every prelim session of the event as a calendar entry, with its start time in its own time zone (docs/rules.md#sessions-in-time). Public events need no token, so calendar apps subscribe to the URL as it is.",
  security: OPTIONAL_BEARER,
  request: { params: EventParams, headers: IfNoneMatch },
  responses: icsResponses("The event's calendar."),
});

export const getPlayerCalendar = route.get("/v1/players/{playerId}/calendar.ics", {
  operationId: "getPlayerCalendar",
  summary: "Subscribe to a player's sessions (iCalendar)",
  description:
    "The sessions the player is registered in, in the events the caller may read: without a token, public events only. For a calendar app (which cannot send a token) to see private ones, staff make a secret address with POST /v1/players/{playerId}/calendar-links.",
  security: OPTIONAL_BEARER,
  request: { params: PlayerParams, headers: IfNoneMatch },
  responses: icsResponses("The player's calendar."),
});

export const getSecretCalendar = route.get("/v1/calendars/{feed}", {
  operationId: "getSecretCalendar",
  summary: "A player's calendar at its secret address",
  description:
    "What GET /v1/players/{playerId}/calendar.ics shows a reader of the organisation that made the link, without a token (the secret stands for one). 404 once revoked.",
  security: [],
  request: {
    params: z.object({
      feed: z
        .string()
        .regex(/^[A-Za-z0-9_-]{43}\.ics$/)
        .openapi({
          param: { name: "feed", in: "path" },
          description: "`<secret>.ics`, as in the `url` the link was made with.",
          example: "q3H2x9Yd0kV7mC1bN5sR8tW4zA6eF2gJ1lP0oU3iE7c.ics",
        }),
    }),
    headers: IfNoneMatch,
  },
  responses: icsResponses("The player's calendar."),
});

export const createCalendarLink = route.post("/v1/players/{playerId}/calendar-links", {
  operationId: "createCalendarLink",
  summary: "Make a secret calendar address for a player",
  description:
    "For calendar apps, which cannot send a bearer token: the answer's `url` (shown once; only a hash of its secret is kept) serves the player's calendar as a reader of your organisation sees it, until revoked. In the audit trail. Staff (roles owner, organizer) of an organisation of the player's tree; not for clients limited to one event.",
  request: { params: PlayerParams },
  responses: { 201: jsonContent(CreatedCalendarLinkSchema, "The link, with its secret address.") },
});

export const listCalendarLinks = route.get("/v1/players/{playerId}/calendar-links", {
  operationId: "listCalendarLinks",
  summary: "List a player's calendar links",
  description:
    "The links your organisation made for the player, revoked ones included, without their secrets. Roles: owner, organizer.",
  request: { params: PlayerParams },
  responses: { 200: jsonContent(CalendarLinkListSchema, "The links.") },
});

export const revokeCalendarLink = route.delete("/v1/calendar-links/{linkId}", {
  operationId: "revokeCalendarLink",
  summary: "Revoke a calendar link",
  description:
    "Its address answers 404 from now on (calendar apps stop updating). In the audit trail. Roles: owner, organizer, of the organisation that made it.",
  request: { params: z.object({ linkId: idParam("linkId", "cal", "The calendar link.") }) },
  responses: { 204: { description: "Revoked (also when it already was)." } },
});
