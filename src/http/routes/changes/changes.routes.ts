import { z } from "@hono/zod-openapi";
import { BEARER, OPTIONAL_BEARER } from "../../openapi/common-schemas";
import { EventParams, OrgParams } from "../../openapi/path-params";
import { routeDefinitions } from "../../openapi/route-definitions";
import { eventStream, lastEventId, maxSecondsQuery } from "./changes.schemas";

const route = routeDefinitions(["Rankings"], OPTIONAL_BEARER);

export const streamEventChanges = route.get("/v1/events/{eventId}/changes", {
  operationId: "streamEventChanges",
  summary: "Push: a server-sent event whenever results change",
  description:
    "An `text/event-stream` (SSE) feed for leaderboards and Discord bots. `id:` is the event's `resultsVersion` (the rankings' ETag follows it), " +
    "one `event: results` per version: a fresh stream sends the current version at once " +
    '(`data` = `{"eventId", "resultsVersion"}`), then one message per result change (submission, confirmation, finalization, correction, ' +
    "disqualification, drop, no-show, merge) with what changed: `sessionId` (whose ranking moved; null: the event's), `tableId` (null for a drop, " +
    "a no-show or a merge) and `types` (the notification types of the change, as on GET /v1/orgs/{orgId}/changes, ending with `standings.changed`); then re-fetch the standings. " +
    "Reconnect with `Last-Event-ID` (browsers do) and the stream first replays every version you missed, in order, from the 7-day outbox " +
    "retention window, then continues live; at the current version it sends nothing until the next change. When the versions you missed are " +
    "past the window, it sends `event: gap` and then the current version. `event: ping` keeps the connection alive; the stream ends after " +
    "`maxSeconds` (anonymous callers: at most 600 s; reconnect with Last-Event-ID), or with `event: end` when its token expires or its client is revoked. " +
    "Concurrent streams are capped per client and per address (429 `too_many_streams`). Public events need no token. " +
    "The same messages over a WebSocket: GET /v1/events/{eventId}/live.",
  request: {
    params: EventParams,
    query: z.object({
      maxSeconds: maxSecondsQuery(
        "How long the server keeps the stream open (1–3600 s; anonymous: at most 600).",
      ),
    }),
    headers: z.object({
      "last-event-id": lastEventId(
        "The last `id:` received (a resultsVersion): the stream replays what came after it.",
      ),
    }),
  },
  responses: {
    200: eventStream(
      "The stream.",
      'id: 7\nevent: results\ndata: {"eventId":"evt_…","resultsVersion":7,"sessionId":"ses_…","tableId":"tbl_…","types":["result.confirmed","result.final","standings.changed"]}\n\n',
    ),
  },
});

export const watchEventLive = route.get("/v1/events/{eventId}/live", {
  operationId: "watchEventLive",
  summary: "Push: the per-event change feed over a WebSocket",
  description:
    "The messages of GET /v1/events/{eventId}/changes over a WebSocket (`Upgrade: websocket`), one JSON text frame each: " +
    '`{"event": "results", "id": "7", "data": {…}}` (`gap`, `end` and `ping` too), in the same order and with the same ids. ' +
    "Resume with `lastEventId` (browsers cannot set headers on a WebSocket). Send `ping` to get `pong`. On Workers the socket " +
    "is held by the event's Durable Object with the WebSocket Hibernation API: an idle watcher costs nothing between changes. " +
    "Without `Upgrade: websocket` (and on Node, which serves no WebSockets) the same path answers the SSE stream of …/changes. " +
    "Public events need no token.",
  request: {
    params: EventParams,
    query: z.object({
      maxSeconds: maxSecondsQuery(
        "How long the server keeps the connection open (1–3600 s; anonymous: at most 600).",
      ),
      lastEventId: lastEventId(
        "The last `id` received (a resultsVersion): the feed replays what came after it.",
      ),
    }),
  },
  responses: {
    101: { description: "Switching protocols: the WebSocket." },
    200: eventStream("Without `Upgrade: websocket`: the SSE stream of GET /v1/events/{eventId}/changes."),
  },
});

export const streamOrgChanges = route.get("/v1/orgs/{orgId}/changes", {
  operationId: "streamOrgChanges",
  tags: ["Webhooks"],
  summary: "Push: every notification of an organisation tree (SSE)",
  description:
    "A `text/event-stream` of the same notifications webhooks carry (`event:` = the type, e.g. `result.final`; `data:` = the webhook body) " +
    "for the organisation and all its descendants. `id:` is monotonic per tree: reconnect with `Last-Event-ID` and the stream first replays " +
    "what you missed from the retention window (7 days). When the gap is older than that, it sends `event: gap` first " +
    "(then resync with GET …/export). Without `Last-Event-ID` the stream starts with the next change. `event: ping` keeps it alive. " +
    "The stream never outlives its token: it ends with `event: end` (`reason`: `token_expired` or `client_revoked`). " +
    "Concurrent streams are capped per client and per address (429 `too_many_streams`). Members of the organisation or of an ancestor.",
  security: BEARER,
  request: {
    params: OrgParams,
    query: z.object({
      maxSeconds: maxSecondsQuery("How long the server keeps the stream open (1–3600 s)."),
    }),
    headers: z.object({
      "last-event-id": lastEventId("The last `id:` received: the stream resumes after it."),
    }),
  },
  responses: {
    200: eventStream(
      "The stream.",
      'id: 42\nevent: result.final\ndata: {"id":"msg_…","type":"result.final","timestamp":"…","orgId":"org_…","data":{…}}\n\n',
    ),
  },
});
