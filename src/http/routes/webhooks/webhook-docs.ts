import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "@hono/zod-openapi";
import { WEBHOOK_PAYLOADS } from "../../../services/outbox";

const HEADERS = z.object({
  "webhook-id": z
    .string()
    .openapi({ description: "The message id (msg_…): the same on every retry; de-duplicate on it." }),
  "webhook-timestamp": z.string().openapi({ description: "Unix seconds of this attempt." }),
  "webhook-signature": z.string().openapi({
    description: "Space-separated `v1,<base64 HMAC-SHA256>` signatures (two during a secret rotation).",
  }),
});

/** The OpenAPI 3.1 `webhooks` section: one entry per event type, with its envelope and payload. */
export function registerWebhookDocs(registry: OpenAPIHono["openAPIRegistry"]): void {
  for (const [type, { schema, summary }] of Object.entries(WEBHOOK_PAYLOADS)) {
    registry.registerWebhook({
      method: "post",
      path: type,
      operationId: `webhook_${type.replace(".", "_")}`,
      tags: ["Webhooks"],
      summary,
      // The receiver authenticates the call by its signature headers, not by a scheme of this API.
      security: [],
      description:
        "Signed per Standard Webhooks (HMAC-SHA256 over `webhook-id.webhook-timestamp.body` with the subscription's secret). " +
        "Answer 2xx within 10 s; 5xx, 408, 429 and timeouts are retried with backoff, other 4xx are not. " +
        "Delivery is at least once, in order per subscription and tournament event.",
      request: {
        headers: HEADERS,
        body: {
          content: {
            "application/json": {
              schema: z.object({
                id: z.string().openapi({ example: "msg_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A" }),
                type: z.literal(type),
                timestamp: z.string(),
                orgId: z.string(),
                data: schema,
              }),
            },
          },
        },
      },
      responses: { 200: { description: "Accepted (any 2xx)." } },
    });
  }
}
