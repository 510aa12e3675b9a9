import type { RouteHandler } from "@hono/zod-openapi";
import * as orgs from "../../../services/orgs";
import { type AppEnv, serviceContext } from "../../context";
import { jsonPage } from "../respond";
import type * as r from "./orgs.routes";

export const createOrganizationHandler: RouteHandler<typeof r.createOrganization, AppEnv> = async (c) => {
  const org = await orgs.createOrganization(serviceContext(c), c.req.valid("json"));
  return c.json(org, 201, { location: `/v1/orgs/${org.id}` });
};

export const getOrganizationHandler: RouteHandler<typeof r.getOrganization, AppEnv> = async (c) =>
  c.json(await orgs.getOrganization(serviceContext(c), c.req.valid("param").orgId), 200);

export const listChildOrganizationsHandler: RouteHandler<typeof r.listChildOrganizations, AppEnv> = async (
  c,
) =>
  jsonPage(
    c,
    await orgs.listChildOrganizations(serviceContext(c), c.req.valid("param").orgId, c.req.valid("query")),
  );

export const updateOrganizationHandler: RouteHandler<typeof r.updateOrganization, AppEnv> = async (c) =>
  c.json(
    await orgs.updateOrganization(serviceContext(c), c.req.valid("param").orgId, c.req.valid("json")),
    200,
  );
