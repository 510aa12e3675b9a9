import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "@hono/zod-openapi";
import type { WebhookEventType } from "../../../services/webhooks";

const SeatSchema = z.object({
  position: z.number().int().openapi({ description: "Turn order, 1–4." }),
  playerId: z.string(),
  name: z.string().nullable(),
  vp: z.number().int().nullable(),
  placement: z.number().int().nullable(),
});

const TableResultSchema = z
  .object({
    eventId: z.string(),
    sessionId: z.string().nullable(),
    roundId: z.string(),
    round: z.object({ kind: z.enum(["prelim", "semifinal", "final"]), number: z.number().int() }),
    tableId: z.string(),
    tableNumber: z.number().int(),
    version: z.number().int(),
    status: z.enum(["pending", "final"]),
    finalizedBy: z.string().nullable(),
    winnerId: z.string(),
    seats: z.array(SeatSchema),
  })
  .openapi("WebhookTableResult");

const RoundSeatedSchema = z
  .object({
    eventId: z.string(),
    sessionId: z.string().nullable(),
    roundId: z.string(),
    kind: z.enum(["prelim", "semifinal", "final"]),
    number: z.number().int(),
    method: z.string(),
    tables: z.array(
      z.object({
        tableId: z.string(),
        number: z.number().int(),
        seats: z.array(z.object({ position: z.number().int(), playerId: z.string() })),
      }),
    ),
  })
  .openapi("WebhookRoundSeated");

const StandingsChangedSchema = z
  .object({
    eventId: z.string(),
    sessionId: z.string().nullable(),
    resultsVersion: z
      .number()
      .int()
      .openapi({ description: "The event's new results version (the rankings' ETag)." }),
    top: z
      .array(
        z.object({
          rank: z.number().int().nullable(),
          playerId: z.string(),
          name: z.string(),
          wins: z.number().int(),
          vp: z.number().int(),
          vpPct: z.string(),
        }),
      )
      .openapi({
        description:
          "Top 8 of the session ranking (the event ranking for playoff tables) when first delivered.",
      }),
    urls: z.object({ session: z.string().nullable(), qualification: z.string(), event: z.string() }),
  })
  .openapi("WebhookStandingsChanged");

const PAYLOADS: Record<WebhookEventType, { schema: z.ZodType; summary: string }> = {
  "round.seated": {
    schema: RoundSeatedSchema,
    summary: "A prelim game was seated: tables and seats in turn order.",
  },
  "playoffs.seated": { schema: RoundSeatedSchema, summary: "The semifinals or the final were seated." },
  "result.submitted": {
    schema: TableResultSchema,
    summary: "A result sheet was submitted (pending) or replaced.",
  },
  "result.confirmed": { schema: TableResultSchema, summary: "A player confirmed a pending result." },
  "result.final": {
    schema: TableResultSchema,
    summary: "A table's result became final (placements included).",
  },
  "result.corrected": {
    schema: z
      .object({
        tableId: z.string(),
        eventId: z.string(),
        reason: z.string(),
        before: TableResultSchema,
        after: TableResultSchema,
      })
      .openapi("WebhookResultCorrected"),
    summary: "An organiser corrected a final result: before and after.",
  },
  "player.disqualified": {
    schema: z
      .object({
        eventId: z.string(),
        tableId: z.string(),
        playerId: z.string(),
        name: z.string().nullable(),
        reason: z.string(),
      })
      .openapi("WebhookPlayerDisqualified"),
    summary: "A player was disqualified from the event (rule 1.3.6).",
  },
  "standings.changed": {
    schema: StandingsChangedSchema,
    summary: "A ranking moved: the new resultsVersion, the top of the ranking and where to fetch it.",
  },
  "event.completed": {
    schema: z.object({ eventId: z.string(), final: TableResultSchema }).openapi("WebhookEventCompleted"),
    summary: "The final's result became final: the tournament is over.",
  },
};

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
  for (const [type, { schema, summary }] of Object.entries(PAYLOADS)) {
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
