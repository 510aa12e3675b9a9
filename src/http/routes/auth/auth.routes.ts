import { jsonContent, NO_STORE_HEADER } from "../../openapi/common-schemas";
import { routeDefinitions } from "../../openapi/route-definitions";
import { OAuthErrorSchema, TokenRequestSchema, TokenResponseSchema } from "./auth.schemas";

const route = routeDefinitions(["Auth"], []);

const oauthError = (description: string) => jsonContent(OAuthErrorSchema, description);

const tokenRequest = {
  schema: TokenRequestSchema,
  example: { grant_type: "client_credentials", client_id: "cli_01JD…", client_secret: "cs_…" },
};

export const postToken = route.post("/v1/auth/token", {
  operationId: "createAccessToken",
  summary: "Get an access token (OAuth2 client credentials)",
  description:
    "Exchanges a client id and secret for a bearer token valid 15 minutes (RFC 6749 §4.4). Send " +
    "`grant_type=client_credentials` form-encoded or as JSON, with the credentials in the body or in " +
    "`Authorization: Basic base64(client_id:client_secret)`. Every error, whatever its status, is one shape: " +
    "the API's problem details with the OAuth 2.0 `error` and `error_description` inside (RFC 6749 §5.2), as " +
    "`application/json`. A revoked client gets no token. `scope` asks " +
    "for fewer rights than the client's role; the granted scopes are in the response and the token. A " +
    "client limited to one event or session gets a token limited the same way.",
  request: {
    body: {
      required: false,
      content: { "application/x-www-form-urlencoded": tokenRequest, "application/json": tokenRequest },
    },
  },
  responses: {
    200: jsonContent(
      TokenResponseSchema,
      "A bearer token for the client's organisation and role.",
      NO_STORE_HEADER,
    ),
    400: oauthError(
      "`invalid_request` (malformed or missing parameters, two client authentication methods), " +
        "`unsupported_grant_type` (only `client_credentials` is supported) or `invalid_scope` (an unknown " +
        "scope, or one beyond the client's role).",
    ),
    401: oauthError("`invalid_client`: unknown client, wrong secret, revoked client or no credentials."),
  },
});
