import { z } from "@hono/zod-openapi";
import { SCOPE_NAMES } from "../../../services/access";
import { ProblemSchema } from "../../openapi/problem-schemas";
import { OAUTH_ERRORS, TOKEN_ERROR_CODES } from "../../token-errors";

// Not strict: RFC 6749 §3.2 says the token endpoint ignores parameters it does not know.
export const TokenRequestSchema = z
  .object({
    grant_type: z.string().openapi({ example: "client_credentials" }),
    client_id: z
      .string()
      .optional()
      .openapi({ description: "Or send it with HTTP Basic.", example: "cli_01JD3Q8Y2N5K7M9P4R6T8V0W2X" }),
    client_secret: z
      .string()
      .optional()
      .openapi({ description: "Or send it with HTTP Basic.", example: "cs_Xq3…" }),
    scope: z
      .string()
      .optional()
      .openapi({
        description:
          "Space-separated OAuth2 scopes to ask for fewer rights than the client's role (RFC 6749 §3.3), e.g. " +
          "`results:write` for a volunteer's phone that only enters results. Absent: every scope of the role. " +
          `Known scopes: ${SCOPE_NAMES.join(", ")}. A scope the role cannot have is \`invalid_scope\`.`,
        example: "results:write standings:read",
      }),
  })
  .openapi("TokenRequest", {
    description:
      "OAuth 2.0 client-credentials grant (RFC 6749 §4.4), form-encoded or JSON. Client credentials go in the " +
      "body or in an `Authorization: Basic` header (RFC 6749 §2.3.1), not both.",
  });

export const TokenResponseSchema = z
  .object({
    access_token: z.string().openapi({ example: "eyJhbGciOiJIUzI1NiIsInR5cCI6ImF0K2p3dCJ9…" }),
    token_type: z.literal("Bearer"),
    expires_in: z.number().int().openapi({ description: "Seconds until the token expires.", example: 900 }),
    scope: z.string().openapi({
      description: "The granted scopes, space-separated (also the token's `scope` claim).",
      example: "standings:read results:write",
    }),
  })
  .openapi("TokenResponse");

/**
 * Every error of the token endpoint: the problem details of every other operation, with OAuth's
 * `error` and `error_description` inside, so a client reads one shape whatever the status.
 */
export const OAuthErrorSchema = z
  .object({
    ...ProblemSchema.shape,
    code: z.enum(TOKEN_ERROR_CODES).openapi({
      description:
        "Every code of the token endpoint: OAuth's `error` for the token request's own mistakes, else the API's code; GET /problems/{code} explains each.",
      example: "invalid_client",
    }),
    error: z.enum(OAUTH_ERRORS).openapi({
      description:
        "The OAuth 2.0 error code (RFC 6749 §5.2); `server_error` and `temporarily_unavailable` when the server cannot answer (a 5xx, a 429: retry after `Retry-After`).",
      example: "invalid_client",
    }),
    error_description: z.string().openapi({
      description: "The same as `detail`.",
      example: "Unknown client, wrong secret, or the client is revoked.",
    }),
  })
  .openapi("OAuthError", {
    description:
      "The token endpoint's error, for every status: RFC 9457 problem details carrying the OAuth 2.0 `error` and `error_description` (RFC 6749 §5.2), as `application/json`.",
  });
