import type { RouteHandler } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ZodError } from "zod";
import { exchangeClientCredentials, OAuthError } from "../../../services/auth";
import type { AppEnv } from "../../context";
import { problemResponse } from "../../problem";
import { createRouter } from "../../router";
import { NO_STORE } from "../../token-errors";
import { logInfo } from "../handler";
import * as r from "./auth.routes";

/**
 * The token route's errors are problems with OAuth's fields (problemResponse adds them on this
 * path): this turns service errors and the framework's malformed-body / wrong-content-type
 * errors into OAuth's codes, with HTTP Basic's challenge on a 401 (RFC 6749 §5.2).
 */
function oauthResponse(c: Context<AppEnv>, error: OAuthError): Response {
  return problemResponse(
    c,
    { status: error.status, code: error.error, detail: error.description },
    error.status === 401 ? { "www-authenticate": 'Basic realm="catan"' } : {},
  );
}

const oauthErrorBoundary: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const error = c.error;
  if (error instanceof OAuthError) c.res = oauthResponse(c, error);
  else if (error instanceof HTTPException && (error.status === 400 || error.status === 415)) {
    const description =
      error.status === 415
        ? "Send application/x-www-form-urlencoded or application/json."
        : "The request body could not be parsed.";
    c.res = oauthResponse(c, new OAuthError("invalid_request", description));
  }
};

/** Schema violations of the token request are `invalid_request`, not a 422 problem. */
function tokenRequestHook(result: { success: true } | { success: false; error: ZodError }): undefined {
  if (!result.success) {
    const fields = result.error.issues.map((issue) => issue.path.join(".") || "body").join(", ");
    // Thrown, not returned: the token route's boundary answers it as an OAuth error.
    throw new OAuthError("invalid_request", `Missing or malformed parameter: ${fields}.`);
  }
  return undefined;
}

type BasicHeader = { clientId?: string; clientSecret?: string };

/**
 * `Authorization: Basic base64(urlencode(id):urlencode(secret))` (RFC 6749 §2.3.1): the id and
 * secret it names, each absent where it is malformed; null without the header.
 */
function basicHeader(header: string | undefined): BasicHeader | null {
  if (!header || !/^basic /i.test(header)) return null;
  let decoded: string;
  try {
    decoded = atob(header.slice(6).trim());
  } catch {
    return {};
  }
  const part = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, " "));
    } catch {
      return undefined;
    }
  };
  const colon = decoded.indexOf(":");
  if (colon < 0) return { clientId: part(decoded) };
  return { clientId: part(decoded.slice(0, colon)), clientSecret: part(decoded.slice(colon + 1)) };
}

/** A Basic header's credentials, when they are well formed and the body sends none. */
function basicCredentials(
  { clientId, clientSecret }: BasicHeader,
  body: { client_id?: string; client_secret?: string },
): { clientId: string; clientSecret: string } {
  if (clientId === undefined || clientSecret === undefined) {
    throw new OAuthError("invalid_client", "The Basic credentials are malformed.");
  }
  if (body.client_id !== undefined || body.client_secret !== undefined) {
    throw new OAuthError(
      "invalid_request",
      "Send the client credentials in the body or with Basic, not both.",
    );
  }
  return { clientId, clientSecret };
}

const postTokenHandler: RouteHandler<typeof r.postToken, AppEnv> = async (c) => {
  const body = { ...c.req.valid("form"), ...c.req.valid("json") };
  const basic = basicHeader(c.req.header("authorization"));
  // Whom a failure (a 401) counts against, malformed credentials included: the rate limit reads
  // it once this route has answered (rate-limit/middleware.ts).
  c.set("tokenClientId", basic ? basic.clientId : body.client_id);
  if (!body.grant_type) throw new OAuthError("invalid_request", "grant_type is required.");
  if (body.grant_type !== "client_credentials") {
    throw new OAuthError("unsupported_grant_type", "Only grant_type=client_credentials is supported.");
  }
  const credentials = basic
    ? basicCredentials(basic, body)
    : body.client_id && body.client_secret
      ? { clientId: body.client_id, clientSecret: body.client_secret }
      : null;
  if (!credentials) throw new OAuthError("invalid_client", "client_id and client_secret are required.");

  const token = await exchangeClientCredentials(
    c.get("db"),
    c.get("deps").auth,
    c.get("clock")(),
    credentials,
    body.scope,
  );
  logInfo(c, "access token issued", { clientId: credentials.clientId });
  return c.json(
    {
      access_token: token.accessToken,
      token_type: "Bearer" as const,
      expires_in: token.expiresIn,
      scope: token.scopes.join(" "),
    },
    200,
    NO_STORE,
  );
};

export const authRouter = createRouter();
authRouter.use(r.postToken.path, oauthErrorBoundary);
authRouter.openapi(r.postToken, postTokenHandler, tokenRequestHook);
