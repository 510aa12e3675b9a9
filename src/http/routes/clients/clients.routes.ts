import { createRoute } from "@hono/zod-openapi";
import { BEARER } from "../../openapi/common-schemas";
import { PaginationQuerySchema } from "../../pagination";
import { OrgParamsSchema } from "../orgs/orgs.schemas";
import {
  ApiClientCredentialsSchema,
  ApiClientPageSchema,
  ApiClientSchema,
  ClientParamsSchema,
  CreateApiClientSchema,
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
    body: {
      required: true,
      content: {
        "application/json": {
          schema: CreateApiClientSchema,
          example: { name: "Discord bot", role: "reporter" },
        },
      },
    },
  },
  responses: {
    201: {
      description: "The client and its secret (shown once).",
      headers: { Location: { schema: { type: "string", example: "/v1/orgs/org_01…/clients/cli_01…" } } },
      content: { "application/json": { schema: ApiClientCredentialsSchema } },
    },
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
  responses: {
    200: {
      description: "A page of clients, oldest first.",
      content: { "application/json": { schema: ApiClientPageSchema } },
    },
  },
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
  responses: {
    200: { description: "The client.", content: { "application/json": { schema: ApiClientSchema } } },
  },
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
  responses: {
    204: { description: "Revoked (or already revoked)." },
  },
});
