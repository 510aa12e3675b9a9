import * as orgs from "../../../services/orgs";
import { serviceContext } from "../../context";
import { type Handler, jsonPage } from "../handler";
import type * as r from "./orgs.routes";

export const createOrganizationHandler: Handler<typeof r.createOrganization> = async (c) => {
  const org = await orgs.createOrganization(serviceContext(c), c.req.valid("json"));
  return c.json(org, 201, { location: `/v1/orgs/${org.id}` });
};

export const getOrganizationHandler: Handler<typeof r.getOrganization> = async (c) =>
  c.json(await orgs.getOrganization(serviceContext(c), c.req.valid("param").orgId), 200);

export const listChildOrganizationsHandler: Handler<typeof r.listChildOrganizations> = async (c) =>
  jsonPage(
    c,
    await orgs.listChildOrganizations(serviceContext(c), c.req.valid("param").orgId, c.req.valid("query")),
  );

export const updateOrganizationHandler: Handler<typeof r.updateOrganization> = async (c) =>
  c.json(
    await orgs.updateOrganization(serviceContext(c), c.req.valid("param").orgId, c.req.valid("json")),
    200,
  );
