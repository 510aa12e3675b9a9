import { createRoute } from "@hono/zod-openapi";
import { BEARER, jsonBody, jsonContent, stringHeader } from "../../openapi/common-schemas";
import { PaginationQuerySchema } from "../../pagination";
import { OrgParamsSchema } from "../orgs/orgs.schemas";
import {
  ApiClientCredentialsSchema,
  ApiClientPageSchema,
  ApiClientSchema,
  ClientParamsSchema,
  CreateApiClientSchema,
  SetClientRateLimitSchema,
} from "./clients.schemas";

const OWNERS =
  "Owners of the organisation (and the platform admin); a parent organisation cannot manage them.";

export const createApiClient = createRoute({
  method: "post",
  path: "/v1/orgs/{orgId}/clients",
  operationId: "createApiClient",
  tags: ["Organisations"],
  summary: "Create an API client",
  description:
    `Creates OAuth2 client credentials with one role (owner, organizer, referee, reporter, reader). ` +
    `The secret is in this response only. ${OWNERS}`,
  security: BEARER,
  request: {
    params: OrgParamsSchema,
    body: jsonBody(CreateApiClientSchema, undefined, { name: "Discord bot", role: "reporter" }),
  },
  responses: {
    201: jsonContent(ApiClientCredentialsSchema, "The client and its secret (shown once).", {
      Location: stringHeader("/v1/orgs/org_01…/clients/cli_01…"),
    }),
  },
});

export const listApiClients = createRoute({
  method: "get",
  path: "/v1/orgs/{orgId}/clients",
  operationId: "listApiClients",
  tags: ["Organisations"],
  summary: "List the API clients of an organisation",
  description: `Revoked clients included (with \`revokedAt\`); never a secret. ${OWNERS}`,
  security: BEARER,
  request: { params: OrgParamsSchema, query: PaginationQuerySchema },
  responses: { 200: jsonContent(ApiClientPageSchema, "A page of clients, oldest first.") },
});

export const getApiClient = createRoute({
  method: "get",
  path: "/v1/orgs/{orgId}/clients/{clientId}",
  operationId: "getApiClient",
  tags: ["Organisations"],
  summary: "Get an API client",
  description: `Never its secret. ${OWNERS}`,
  security: BEARER,
  request: { params: ClientParamsSchema },
  responses: { 200: jsonContent(ApiClientSchema, "The client.") },
});

export const revokeApiClient = createRoute({
  method: "delete",
  path: "/v1/orgs/{orgId}/clients/{clientId}",
  operationId: "revokeApiClient",
  tags: ["Organisations"],
  summary: "Revoke an API client",
  description:
    "The client gets no new token, and its unexpired tokens are refused from the next request on. " +
    `Idempotent; the client stays listed with \`revokedAt\`. ${OWNERS}`,
  security: BEARER,
  request: { params: ClientParamsSchema },
  responses: { 204: { description: "Revoked (or already revoked)." } },
});

export const setApiClientRateLimit = createRoute({
  method: "put",
  path: "/v1/orgs/{orgId}/clients/{clientId}/rate-limit",
  operationId: "setApiClientRateLimit",
  tags: ["Organisations"],
  summary: "Give an API client a higher rate-limit quota",
  description:
    "Platform admins only: a federation's bot, say, gets `factor` times every rate limit, counted on its own " +
    "quota instead of its organisation's (an organisation cannot raise its own limits by minting clients). " +
    "Takes effect with the client's next request; recorded in the audit log with the factor before and after.",
  security: BEARER,
  request: { params: ClientParamsSchema, body: jsonBody(SetClientRateLimitSchema, "The new factor.") },
  responses: { 200: jsonContent(ApiClientSchema, "The client, with its new factor.") },
});
