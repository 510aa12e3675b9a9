import { z } from "@hono/zod-openapi";
import { OrgParams } from "../../openapi/path-params";
import { routeDefinitions } from "../../openapi/route-definitions";

const route = routeDefinitions(["Organisations"]);

export const exportOrganization = route.get("/v1/orgs/{orgId}/export", {
  operationId: "exportOrganization",
  summary: "Bulk export (NDJSON)",
  description:
    "Everything an organisation owns — and with `?include=descendants` its member organisations' too (a federation's whole season) — as " +
    "newline-delimited JSON, streamed: `player` records (stable ids, externalId, discordId), then `event`, `session` and `result` records " +
    "(every table result with status, version, winner and seats with VP and placement). Pending results are included with their status. " +
    'The last line is always `{"type":"cursor","next":"…"}`: pass it as `?since=` next time for an incremental export — players and events ' +
    "updated, sessions created, a `change` record per notification of the tree (the webhook payloads, in order) and the current `result` of every table they touched. " +
    "A cursor older than the 7-day retention window is a 410: run a full export again. Members of the organisation or of an ancestor.",
  request: {
    params: OrgParams,
    query: z.object({
      include: z
        .enum(["descendants"])
        .optional()
        .openapi({ description: "`descendants`: also every member organisation below this one." }),
      since: z.string().max(200).optional().openapi({
        description: "The `next` cursor of a previous export's last line: only what changed since.",
      }),
    }),
  },
  responses: {
    200: {
      description: "One JSON record per line.",
      headers: {
        "Content-Disposition": {
          description:
            "`attachment` with the file's name: the organisation, `export` (a full export) or `changes` (with `since`), and the day (UTC).",
          schema: {
            type: "string" as const,
            example: 'attachment; filename="org_01JDQ6Y0…-export-2026-12-05.ndjson"',
          },
        },
      },
      content: {
        "application/x-ndjson": {
          schema: z.string().openapi({
            example:
              '{"type":"player","id":"ply_…","orgId":"org_…","name":"Rūta K.","externalId":"LT-2026-0142","discordId":null}\n' +
              '{"type":"result","tableId":"tbl_…","eventId":"evt_…","sessionId":"ses_…","round":{"kind":"prelim","number":1},"tableNumber":1,"status":"final","version":1,"winnerId":"ply_…","seats":[…]}\n',
          }),
        },
      },
    },
  },
});
