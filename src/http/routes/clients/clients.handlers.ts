import * as clients from "../../../services/auth";
import { serviceContext } from "../../context";
import { createRouter } from "../../router";
import { jsonPage, logInfo } from "../handler";
import * as r from "./clients.routes";

export const clientsRouter = createRouter();

clientsRouter.openapi(r.createApiClient, async (c) => {
  const { orgId } = c.req.valid("param");
  const body = c.req.valid("json");
  const created = await clients.createOrgClient(serviceContext(c), orgId, body, c.get("idempotencyKey"));
  // The secret goes to the caller only: log the id, never the response body.
  logInfo(c, "api client created", { orgId, clientId: created.clientId });
  return c.json(created, 201, {
    location: `/v1/orgs/${orgId}/clients/${created.clientId}`,
    "cache-control": "no-store",
  });
});

clientsRouter.openapi(r.listApiClients, async (c) => {
  const { orgId } = c.req.valid("param");
  return jsonPage(c, await clients.listOrgClients(serviceContext(c), orgId, c.req.valid("query")));
});

clientsRouter.openapi(r.getApiClient, async (c) => {
  const { orgId, clientId } = c.req.valid("param");
  return c.json(await clients.getOrgClient(serviceContext(c), orgId, clientId), 200);
});

clientsRouter.openapi(r.revokeApiClient, async (c) => {
  const { orgId, clientId } = c.req.valid("param");
  await clients.revokeOrgClient(serviceContext(c), orgId, clientId);
  logInfo(c, "api client revoked", { orgId, clientId });
  return c.body(null, 204);
});

clientsRouter.openapi(r.setApiClientRateLimit, async (c) => {
  const { orgId, clientId } = c.req.valid("param");
  const { factor } = c.req.valid("json");
  const client = await clients.setClientRateLimit(serviceContext(c), orgId, clientId, factor);
  logInfo(c, "api client rate limit set", { orgId, clientId, factor });
  return c.json(client, 200);
});
