import { jsonContent } from "../../openapi/common-schemas";
import { routeDefinitions } from "../../openapi/route-definitions";
import { AuthorizationServerMetadataSchema } from "./well-known.schemas";

const route = routeDefinitions(["Auth"], []);

export const getAuthorizationServerMetadata = route.get("/.well-known/oauth-authorization-server", {
  operationId: "getAuthorizationServerMetadata",
  summary: "OAuth 2.0 authorization server metadata",
  description:
    "RFC 8414 metadata, so that standard OAuth 2.0 client libraries configure themselves: the token endpoint, the client-credentials grant, how clients authenticate and which scopes exist. Public; a token is ignored.",
  responses: { 200: jsonContent(AuthorizationServerMetadataSchema, "The metadata.") },
});
