import { createRoute } from "@hono/zod-openapi";
import { jsonContent } from "../../openapi/common-schemas";
import { AuthorizationServerMetadataSchema } from "./well-known.schemas";

export const getAuthorizationServerMetadata = createRoute({
  method: "get",
  path: "/.well-known/oauth-authorization-server",
  operationId: "getAuthorizationServerMetadata",
  tags: ["Auth"],
  summary: "OAuth 2.0 authorization server metadata",
  description:
    "RFC 8414 metadata, so that standard OAuth 2.0 client libraries configure themselves: the token endpoint, the client-credentials grant, how clients authenticate and which scopes exist. Public; a token is ignored.",
  security: [],
  responses: { 200: jsonContent(AuthorizationServerMetadataSchema, "The metadata.") },
});
