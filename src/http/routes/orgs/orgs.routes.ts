import { jsonBody, jsonContent, stringHeader } from "../../openapi/common-schemas";
import { OrgParams } from "../../openapi/path-params";
import { routeDefinitions } from "../../openapi/route-definitions";
import { PaginationQuerySchema } from "../../pagination";
import {
  CreateOrganizationSchema,
  OrganizationPageSchema,
  OrganizationSchema,
  UpdateOrganizationSchema,
} from "./orgs.schemas";

const route = routeDefinitions(["Organisations"]);

export const createOrganization = route.post("/v1/orgs", {
  operationId: "createOrganization",
  summary: "Create an organisation",
  description:
    "Platform admin only. A store, chain, federation or club, optionally under a parent (a federation " +
    "reads the data of every organisation below it). Then create its first owner client with " +
    "POST /v1/orgs/{orgId}/clients. Unknown fields are refused (422).",
  request: {
    body: jsonBody(CreateOrganizationSchema, undefined, {
      name: "Spielwiese Graz",
      kind: "store",
      parentOrgId: "org_01JDQ6Y0…",
    }),
  },
  responses: {
    201: jsonContent(OrganizationSchema, "The organisation.", {
      Location: stringHeader("/v1/orgs/org_01JDQ6Z8…"),
    }),
  },
});

export const getOrganization = route.get("/v1/orgs/{orgId}", {
  operationId: "getOrganization",
  summary: "Get an organisation",
  description:
    "Any client of the organisation or of one of its ancestors (and the platform admin). Anyone else gets 404.",
  request: { params: OrgParams },
  responses: { 200: jsonContent(OrganizationSchema, "The organisation.") },
});

export const listChildOrganizations = route.get("/v1/orgs/{orgId}/children", {
  operationId: "listChildOrganizations",
  summary: "List the organisations directly below one",
  description:
    "The stores of a chain, the member clubs of a federation. Same readers as GET /v1/orgs/{orgId}.",
  request: { params: OrgParams, query: PaginationQuerySchema },
  responses: { 200: jsonContent(OrganizationPageSchema, "A page of organisations, oldest first.") },
});

export const updateOrganization = route.patch("/v1/orgs/{orgId}", {
  operationId: "updateOrganization",
  summary: "Change an organisation's settings",
  description:
    "Its time zone (IANA; null for UTC), in which its calendar days are read: the end of a programme exclusion it records (docs/rules.md#sanctions). In the audit trail. Roles: owner, organizer of the organisation itself (a parent only reads).",
  request: { params: OrgParams, body: jsonBody(UpdateOrganizationSchema, "The settings to change.") },
  responses: { 200: jsonContent(OrganizationSchema, "The organisation after the change.") },
});
