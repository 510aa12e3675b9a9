import { jsonBody, jsonContent, optionalJsonBody, stringHeader } from "../../openapi/common-schemas";
import { OrgParams } from "../../openapi/path-params";
import { routeDefinitions } from "../../openapi/route-definitions";
import { PaginationQuerySchema } from "../../pagination";
import {
  CreateWebhookSchema,
  DeliveryPageSchema,
  DeliveryParamsSchema,
  DeliverySchema,
  RotateSecretSchema,
  UpdateWebhookSchema,
  WebhookPageSchema,
  WebhookParamsSchema,
  WebhookSchema,
  WebhookWithSecretSchema,
} from "./webhooks.schemas";

const WHO = "Owners and organisers of the organisation itself (and the platform admin).";
const route = routeDefinitions(["Webhooks"]);

export const createWebhook = route.post("/v1/orgs/{orgId}/webhooks", {
  operationId: "createWebhook",
  summary: "Subscribe a URL to notifications",
  description:
    "The URL is checked at once (https, port 443, public host after DNS). The signing secret is in this response only. " +
    `Payloads and headers: the \`webhooks\` section of this document. ${WHO}`,
  request: {
    params: OrgParams,
    body: jsonBody(CreateWebhookSchema, undefined, {
      url: "https://discord.com/api/webhooks/123456789012345678/abcdef",
      eventTypes: ["round.seated", "result.final", "standings.changed"],
      includeDescendants: false,
    }),
  },
  responses: {
    201: jsonContent(WebhookWithSecretSchema, "The subscription and its secret (shown once).", {
      Location: stringHeader(),
    }),
  },
});

export const listWebhooks = route.get("/v1/orgs/{orgId}/webhooks", {
  operationId: "listWebhooks",
  summary: "List webhook subscriptions",
  description: `Never a secret. ${WHO}`,
  request: { params: OrgParams, query: PaginationQuerySchema },
  responses: { 200: jsonContent(WebhookPageSchema, "A page of subscriptions, oldest first.") },
});

export const getWebhook = route.get("/v1/orgs/{orgId}/webhooks/{webhookId}", {
  operationId: "getWebhook",
  summary: "Get a webhook subscription",
  description: `With its state: enabled, the failure streak and why it was disabled. ${WHO}`,
  request: { params: WebhookParamsSchema },
  responses: { 200: jsonContent(WebhookSchema, "The subscription.") },
});

export const updateWebhook = route.patch("/v1/orgs/{orgId}/webhooks/{webhookId}", {
  operationId: "updateWebhook",
  summary: "Change, pause or resume a subscription",
  description: `Fields sent replace the stored ones; \`enabled: true\` resumes a disabled subscription. ${WHO}`,
  request: { params: WebhookParamsSchema, body: jsonBody(UpdateWebhookSchema, undefined, { enabled: true }) },
  responses: { 200: jsonContent(WebhookSchema, "The subscription.") },
});

export const deleteWebhook = route.delete("/v1/orgs/{orgId}/webhooks/{webhookId}", {
  operationId: "deleteWebhook",
  summary: "Delete a subscription",
  description: `With its delivery log; nothing more is sent. ${WHO}`,
  request: { params: WebhookParamsSchema },
  responses: { 204: { description: "Deleted." } },
});

export const rotateWebhookSecret = route.post("/v1/orgs/{orgId}/webhooks/{webhookId}/rotate-secret", {
  operationId: "rotateWebhookSecret",
  summary: "Rotate the signing secret",
  description:
    "Returns the new secret once. During `overlapSeconds` every message carries a signature with each secret, so receivers switch without losing one. " +
    WHO,
  request: {
    params: WebhookParamsSchema,
    body: optionalJsonBody(RotateSecretSchema, undefined, { overlapSeconds: 86400 }),
  },
  responses: {
    200: jsonContent(WebhookWithSecretSchema, "The subscription with its new secret (shown once)."),
  },
});

export const listDeliveries = route.get("/v1/orgs/{orgId}/webhooks/{webhookId}/deliveries", {
  operationId: "listWebhookDeliveries",
  summary: "Delivery log of a subscription",
  description: `Oldest first: status, attempts, last response code, latency and error. ${WHO}`,
  request: {
    params: WebhookParamsSchema,
    query: PaginationQuerySchema.extend({
      status: DeliverySchema.shape.status.optional().openapi({ description: "Only this status." }),
    }),
  },
  responses: { 200: jsonContent(DeliveryPageSchema, "A page of deliveries.") },
});

export const redeliver = route.post(
  "/v1/orgs/{orgId}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver",
  {
    operationId: "redeliverWebhook",
    summary: "Send a delivery again",
    description: `The same message (same \`webhook-id\`) with a fresh attempt budget. ${WHO}`,
    request: { params: DeliveryParamsSchema },
    responses: { 202: jsonContent(DeliverySchema, "Queued.") },
  },
);
