import { z } from "@hono/zod-openapi";
import { routeDefinitions } from "../../openapi/route-definitions";
import { OrgIdSchema } from "../orgs/orgs.schemas";
import { eventStream, lastEventId, maxSecondsQuery } from "./changes.schemas";

const route = routeDefinitions(["Webhooks"]);

export const streamOrgChanges = route.get("/v1/orgs/{orgId}/changes", {
  operationId: "streamOrgChanges",
  summary: "Push: every notification of an organisation tree (SSE)",
  description:
    "A `text/event-stream` of the same notifications webhooks carry (`event:` = the type, e.g. `result.final`; `data:` = the webhook body) " +
    "for the organisation and all its descendants. `id:` is monotonic per tree: reconnect with `Last-Event-ID` and the stream first replays " +
    "what you missed from the retention window (7 days). When the gap is older than that, it sends `event: gap` first " +
    "(then resync with GET …/export). Without `Last-Event-ID` the stream starts with the next change. `event: ping` keeps it alive. " +
    "The stream never outlives its token: it ends with `event: end` (`reason`: `token_expired` or `client_revoked`). " +
    "Concurrent streams are capped per client and per address (429 `too_many_streams`). Members of the organisation or of an ancestor.",
  request: {
    params: z.object({ orgId: OrgIdSchema }),
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
