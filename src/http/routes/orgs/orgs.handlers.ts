import * as orgs from "../../../services/orgs";
import { serviceContext } from "../../context";
import { createRouter } from "../../router";
import { jsonPage } from "../handler";
import * as r from "./orgs.routes";

export const orgsRouter = createRouter();

orgsRouter.openapi(r.createOrganization, async (c) => {
  const org = await orgs.createOrganization(serviceContext(c), c.req.valid("json"));
  return c.json(org, 201, { location: `/v1/orgs/${org.id}` });
});

orgsRouter.openapi(r.getOrganization, async (c) =>
  c.json(await orgs.getOrganization(serviceContext(c), c.req.valid("param").orgId), 200),
);

orgsRouter.openapi(r.updateOrganization, async (c) => {
  const { orgId } = c.req.valid("param");
  return c.json(await orgs.updateOrganization(serviceContext(c), orgId, c.req.valid("json")), 200);
});

orgsRouter.openapi(r.listChildOrganizations, async (c) => {
  const { orgId } = c.req.valid("param");
  return jsonPage(c, await orgs.listChildOrganizations(serviceContext(c), orgId, c.req.valid("query")));
});
