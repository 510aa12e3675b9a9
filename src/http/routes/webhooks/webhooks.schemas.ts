import { z } from "@hono/zod-openapi";
import { WEBHOOK_EVENT_TYPES } from "../../../services/outbox";
import { idParam, readableText } from "../../openapi/common-schemas";
import { OrgParams } from "../../openapi/path-params";
import { pageSchema } from "../../pagination";

export const WebhookParamsSchema = OrgParams.extend({
  webhookId: idParam("webhookId", "whk", "The webhook subscription."),
});

export const DeliveryParamsSchema = WebhookParamsSchema.extend({
  deliveryId: idParam("deliveryId", "dlv", "The delivery.", "dlv_000000000042A1B2C3D4E5F6"),
});

const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES).openapi("WebhookEventType");

const base = {
  url: z
    .string()
    .trim()
    .min(1)
    .max(2000)
    .openapi({
      description:
        "https on the standard port to a public host (private, loopback and link-local addresses are refused, also after DNS). " +
        "A Discord webhook URL (https://discord.com/api/webhooks/…) gets Discord messages.",
      example: "https://bot.example.org/catan/webhook",
    }),
  eventTypes: z
    .array(WebhookEventTypeSchema)
    .min(1)
    .max(WEBHOOK_EVENT_TYPES.length)
    .openapi({
      example: ["result.final", "standings.changed"],
    }),
  eventId: z.string().min(1).max(64).nullable().optional().openapi({
    description: "Only this tournament event's notifications (null or absent: every event).",
    example: null,
  }),
  includeDescendants: z.boolean().optional().openapi({
    description:
      "Also the organisation's member organisations (a federation subscribes once for all its stores).",
    example: false,
  }),
  format: z.enum(["standard", "discord"]).optional().openapi({
    description:
      "`standard`: signed JSON (Standard Webhooks). `discord`: Discord embeds. Default: from the URL.",
  }),
  description: readableText(200, 0).nullable().optional().openapi({ example: "Results channel" }),
};

export const CreateWebhookSchema = z.object(base).strict().openapi("CreateWebhook");

export const UpdateWebhookSchema = z
  .object({
    ...base,
    enabled: z.boolean().openapi({
      description:
        "false pauses delivery (notifications keep queueing); true resumes, clears an automatic disable and its failure streak.",
    }),
  })
  .partial()
  .strict()
  .openapi("UpdateWebhook");

export const RotateSecretSchema = z
  .object({
    overlapSeconds: z
      .number()
      .int()
      .min(0)
      .max(7 * 86400)
      .default(86400)
      .openapi({
        description:
          "How long the old secret keeps signing next to the new one (0–604800 s, default one day).",
        example: 86400,
      }),
  })
  .strict()
  .openapi("RotateWebhookSecret");

export const WebhookSchema = z
  .object({
    id: z.string().openapi({ example: "whk_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A" }),
    orgId: z.string(),
    url: z.string(),
    format: z.enum(["standard", "discord"]),
    eventTypes: z.array(z.string()),
    eventId: z.string().nullable(),
    includeDescendants: z.boolean(),
    description: z.string().nullable(),
    enabled: z.boolean(),
    disabledReason: z.string().nullable().openapi({
      description: "Why delivery stopped, e.g. after a long failure streak.",
      example: null,
    }),
    failureStreak: z
      .number()
      .int()
      .openapi({ description: "Consecutive failed attempts (a 2xx resets it)." }),
    previousSecretExpiresAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Webhook");

export const WebhookWithSecretSchema = WebhookSchema.extend({
  secret: z.string().openapi({
    description: "The signing secret (Standard Webhooks `whsec_…`): shown only in this response.",
    example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  }),
}).openapi("WebhookWithSecret");

export const DeliverySchema = z
  .object({
    id: z.string().openapi({ example: "dlv_000000000042A1B2C3D4E5F6" }),
    webhookId: z.string().openapi({ example: "whk_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A" }),
    messageId: z.string().openapi({
      description: "The `webhook-id` header: the same on every retry.",
      example: "msg_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A",
    }),
    seq: z.number().int().openapi({ example: 42 }),
    type: z.string().openapi({ example: "result.final" }),
    status: z.enum(["pending", "delivered", "failed"]),
    attempts: z.number().int(),
    nextAttemptAt: z.string().nullable(),
    lastStatusCode: z.number().int().nullable(),
    lastLatencyMs: z.number().int().nullable(),
    lastError: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("WebhookDelivery");

export const WebhookPageSchema = pageSchema(WebhookSchema, "Webhook");
export const DeliveryPageSchema = pageSchema(DeliverySchema, "WebhookDelivery");
