import * as webhooks from "../../../services/webhooks";
import { serviceContext, webhookTargets } from "../../context";
import { createRouter } from "../../router";
import { jsonPage, logInfo } from "../handler";
import * as r from "./webhooks.routes";

export const webhooksRouter = createRouter();

webhooksRouter.openapi(r.createWebhook, async (c) => {
  const { orgId } = c.req.valid("param");
  const body = c.req.valid("json");
  const created = await webhooks.createWebhook(serviceContext(c), webhookTargets(c), orgId, body);
  logInfo(c, "webhook created", { orgId, webhookId: created.id });
  return c.json(created, 201, {
    location: `/v1/orgs/${orgId}/webhooks/${created.id}`,
    "cache-control": "no-store",
  });
});

webhooksRouter.openapi(r.listWebhooks, async (c) => {
  const { orgId } = c.req.valid("param");
  return jsonPage(c, await webhooks.listWebhooks(serviceContext(c), orgId, c.req.valid("query")));
});

webhooksRouter.openapi(r.getWebhook, async (c) => {
  const { orgId, webhookId } = c.req.valid("param");
  return c.json(await webhooks.getWebhook(serviceContext(c), orgId, webhookId), 200);
});

webhooksRouter.openapi(r.updateWebhook, async (c) => {
  const { orgId, webhookId } = c.req.valid("param");
  const body = c.req.valid("json");
  const updated = await webhooks.updateWebhook(serviceContext(c), webhookTargets(c), orgId, webhookId, body);
  return c.json(updated, 200);
});

webhooksRouter.openapi(r.deleteWebhook, async (c) => {
  const { orgId, webhookId } = c.req.valid("param");
  await webhooks.deleteWebhook(serviceContext(c), orgId, webhookId);
  return c.body(null, 204);
});

webhooksRouter.openapi(r.rotateWebhookSecret, async (c) => {
  const { orgId, webhookId } = c.req.valid("param");
  // The body is optional: an empty request rotates with the default overlap.
  const body = c.req.valid("json") as { overlapSeconds?: number } | undefined;
  const overlapSeconds = body?.overlapSeconds ?? 86400;
  const rotated = await webhooks.rotateWebhookSecret(serviceContext(c), orgId, webhookId, overlapSeconds);
  return c.json(rotated, 200, { "cache-control": "no-store" });
});

webhooksRouter.openapi(r.listDeliveries, async (c) => {
  const { orgId, webhookId } = c.req.valid("param");
  const query = c.req.valid("query");
  return jsonPage(c, await webhooks.listDeliveries(serviceContext(c), orgId, webhookId, query));
});

webhooksRouter.openapi(r.redeliver, async (c) => {
  const { orgId, webhookId, deliveryId } = c.req.valid("param");
  return c.json(await webhooks.redeliver(serviceContext(c), orgId, webhookId, deliveryId), 202);
});
