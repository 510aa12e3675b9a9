/**
 * The token endpoint's errors: one shape for every status, the API's problem details with
 * OAuth's `error` and `error_description` inside (RFC 6749 §5.2), sent as `application/json` as
 * OAuth clients expect. A client reads `error` (or `code`) without telling two shapes apart.
 */

/** The OAuth 2.0 token endpoint (client credentials). */
export const TOKEN_PATH = "/v1/auth/token";

/**
 * Every problem code the token endpoint answers: its own request's mistakes (OAuth's codes) and
 * what the middleware answers any POST with a JSON body. One list, in the OpenAPI schema too.
 */
export const TOKEN_ERROR_CODES = [
  "invalid_request",
  "unsupported_grant_type",
  "invalid_scope",
  "invalid_client",
  "payload_too_large",
  "rate_limited",
  "internal_error",
  "database_unavailable",
  "database_full",
  "database_read_only",
] as const;

/** OAuth's own codes: the four of RFC 6749 §5.2, and the two of §4.1.2.1 for our side's failures. */
export const OAUTH_ERRORS = [
  "invalid_request",
  "invalid_client",
  "unsupported_grant_type",
  "invalid_scope",
  "server_error",
  "temporarily_unavailable",
] as const;
type OAuthErrorCode = (typeof OAUTH_ERRORS)[number];

/** OAuth's word for a problem: its own code, else what the status means to an OAuth client. */
export function oauthErrorOf(code: string, status: number): OAuthErrorCode {
  if ((OAUTH_ERRORS as readonly string[]).includes(code)) return code as OAuthErrorCode;
  if (status === 401) return "invalid_client";
  if (status === 429 || status === 503) return "temporarily_unavailable";
  if (status >= 500) return "server_error";
  return "invalid_request";
}

/** Token answers, errors included, must not be kept by any cache (RFC 6749 §5.1). */
export const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" } as const;
