import { createRouter } from "../../router";
import {
  createOrganizationHandler,
  getOrganizationHandler,
  listChildOrganizationsHandler,
} from "./orgs.handlers";
import { createOrganization, getOrganization, listChildOrganizations } from "./orgs.routes";

export const orgsRouter = createRouter()
  .openapi(createOrganization, createOrganizationHandler)
  .openapi(getOrganization, getOrganizationHandler)
  .openapi(listChildOrganizations, listChildOrganizationsHandler);
