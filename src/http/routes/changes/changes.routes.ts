import { createRoute, z } from "@hono/zod-openapi";
import { idParam, OPTIONAL_BEARER } from "../../openapi/common-schemas";
import { errorResponses } from "../../openapi/problem-schemas";

export const streamEventChanges = createRoute({
  method: "get",
  path: "/v1/events/{eventId}/changes",
  operationId: "streamEventChanges",
  tags: ["Rankings"],
  summary: "Push: a server-sent event whenever results change",
  description:
    "An `text/event-stream` (SSE) feed for leaderboards and Discord bots. It sends `event: results` with `id` = the event's `resultsVersion` " +
    'and `data` = `{"eventId", "resultsVersion"}` at once and after every result change (submission, confirmation, finalization, correction, disqualification); ' +
    "then re-fetch the standings (their ETag changes with the same version). `event: ping` keeps the connection alive. The stream ends after `maxSeconds`; " +
    "reconnect with `Last-Event-ID` to skip a version you already have. Public events need no token.",
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
  },
  responses: {
    200: {
      description: "The stream.",
      content: {
        "text/event-stream": {
          schema: z
            .string()
            .openapi({ example: 'id: 7\nevent: results\ndata: {"eventId":"evt_…","resultsVersion":7}\n\n' }),
        },
      },
    },
    ...errorResponses(401, 404, 422),
  },
});
