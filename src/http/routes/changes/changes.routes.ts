import { createRoute, z } from "@hono/zod-openapi";
import { idParam, OPTIONAL_BEARER } from "../../openapi/common-schemas";

export const streamEventChanges = createRoute({
  method: "get",
  path: "/v1/events/{eventId}/changes",
  operationId: "streamEventChanges",
  tags: ["Rankings"],
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
    "`maxSeconds`, or with `event: end` when its token expires or its client is revoked. Public events need no token.",
  security: OPTIONAL_BEARER,
  request: {
    params: z.object({ eventId: idParam("eventId", "evt", "The event.") }),
    query: z.object({
      maxSeconds: z.coerce
        .number()
        .int()
        .min(1)
        .max(3600)
        .default(300)
        .openapi({ description: "How long the server keeps the stream open (1–3600 s)." }),
    }),
    headers: z.object({
      "last-event-id": z
        .string()
        .regex(/^\d{1,15}$/)
        .optional()
        .openapi({
          description: "The last `id:` received (a resultsVersion): the stream replays what came after it.",
        }),
    }),
  },
  responses: {
    200: {
      description: "The stream.",
      content: {
        "text/event-stream": {
          schema: z.string().openapi({
            example:
              'id: 7\nevent: results\ndata: {"eventId":"evt_…","resultsVersion":7,"sessionId":"ses_…","tableId":"tbl_…","types":["result.confirmed","result.final","standings.changed"]}\n\n',
          }),
        },
      },
    },
  },
});
