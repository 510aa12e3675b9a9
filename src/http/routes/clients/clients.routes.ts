import { jsonBody, jsonContent, stringHeader } from "../../openapi/common-schemas";
import { OrgParams } from "../../openapi/path-params";
import { routeDefinitions } from "../../openapi/route-definitions";
import { PaginationQuerySchema } from "../../pagination";
import {
  ApiClientCredentialsSchema,
  ApiClientPageSchema,
  ApiClientSchema,
  ClientParamsSchema,
  CreateApiClientSchema,
  SetClientRateLimitSchema,
} from "./clients.schemas";

const route = routeDefinitions(["Organisations"]);

const OWNERS =
  "Owners of the organisation (and the platform admin); a parent organisation cannot manage them.";

export const createApiClient = route.post("/v1/orgs/{orgId}/clients", {
  operationId: "createApiClient",
  summary: "Create an API client",
  description:
    `Creates OAuth2 client credentials with one role (owner, organizer, referee, reporter, reader). ` +
    `The secret is in this response only. ${OWNERS}`,
  request: {
    params: OrgParams,
    body: jsonBody(CreateApiClientSchema, undefined, { name: "Discord bot", role: "reporter" }),
  },
  responses: {
    201: jsonContent(ApiClientCredentialsSchema, "The client and its secret (shown once).", {
      Location: stringHeader("/v1/orgs/org_01…/clients/cli_01…"),
    }),
  },
});

export const listApiClients = route.get("/v1/orgs/{orgId}/clients", {
  operationId: "listApiClients",
  summary: "List the API clients of an organisation",
  description: `Revoked clients included (with \`revokedAt\`); never a secret. ${OWNERS}`,
  request: { params: OrgParams, query: PaginationQuerySchema },
  responses: { 200: jsonContent(ApiClientPageSchema, "A page of clients, oldest first.") },
});

export const getApiClient = route.get("/v1/orgs/{orgId}/clients/{clientId}", {
  operationId: "getApiClient",
  summary: "Get an API client",
  description: `Never its secret. ${OWNERS}`,
  request: { params: ClientParamsSchema },
  responses: { 200: jsonContent(ApiClientSchema, "The client.") },
});

export const revokeApiClient = route.delete("/v1/orgs/{orgId}/clients/{clientId}", {
  operationId: "revokeApiClient",
  summary: "Revoke an API client",
  description:
    "The client gets no new token, and its unexpired tokens are refused from the next request on. " +
    `Idempotent; the client stays listed with \`revokedAt\`. ${OWNERS}`,
  request: { params: ClientParamsSchema },
  responses: { 204: { description: "Revoked (or already revoked)." } },
});

export const setApiClientRateLimit = route.put("/v1/orgs/{orgId}/clients/{clientId}/rate-limit", {
  operationId: "setApiClientRateLimit",
  summary: "Give an API client a higher rate-limit quota",
  description:
    "Platform admins only: a federation's bot, say, gets `factor` times every rate limit, counted on its own " +
    "quota instead of its organisation's (an organisation cannot raise its own limits by minting clients). " +
    "Takes effect with the client's next request; recorded in the audit log with the factor before and after.",
  request: { params: ClientParamsSchema, body: jsonBody(SetClientRateLimitSchema, "The new factor.") },
  responses: { 200: jsonContent(ApiClientSchema, "The client, with its new factor.") },
});
