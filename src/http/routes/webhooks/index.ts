import { createRouter } from "../../router";
import {
  createWebhookHandler,
  deleteWebhookHandler,
  getWebhookHandler,
  listDeliveriesHandler,
  listWebhooksHandler,
  redeliverHandler,
  rotateWebhookSecretHandler,
  updateWebhookHandler,
} from "./webhooks.handlers";
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  rotateWebhookSecret,
  updateWebhook,
} from "./webhooks.routes";

export { registerWebhookDocs } from "./webhook-docs";

export const webhooksRouter = createRouter()
  .openapi(createWebhook, createWebhookHandler)
  .openapi(listWebhooks, listWebhooksHandler)
  .openapi(getWebhook, getWebhookHandler)
  .openapi(updateWebhook, updateWebhookHandler)
  .openapi(deleteWebhook, deleteWebhookHandler)
  .openapi(rotateWebhookSecret, rotateWebhookSecretHandler)
  .openapi(listDeliveries, listDeliveriesHandler)
  .openapi(redeliver, redeliverHandler);
