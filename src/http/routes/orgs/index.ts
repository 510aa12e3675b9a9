import { createRouter } from "../../router";
import {
  createOrganizationHandler,
  getOrganizationHandler,
  listChildOrganizationsHandler,
  updateOrganizationHandler,
} from "./orgs.handlers";
import {
  createOrganization,
  getOrganization,
  listChildOrganizations,
  updateOrganization,
} from "./orgs.routes";

export const orgsRouter = createRouter()
  .openapi(createOrganization, createOrganizationHandler)
  .openapi(getOrganization, getOrganizationHandler)
  .openapi(updateOrganization, updateOrganizationHandler)
  .openapi(listChildOrganizations, listChildOrganizationsHandler);
