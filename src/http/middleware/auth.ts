import type { Context, MiddlewareHandler } from "hono";
import { BEARER_CHALLENGE } from "../../services/access";
import { activeClientRateLimitFactor, InvalidTokenError, verifyAccessToken } from "../../services/auth";
import type { AppEnv } from "../context";
import { problemResponse } from "../problem";
import { TOKEN_PATH } from "../token-errors";
import { authenticateDeviceSession } from "./device-session";
import { refuse } from "./refusal";

/**
 * Public system routes never look at a token: a stale one must not fail a health check. The
 * OAuth token endpoint authenticates clients itself (secret in the body or HTTP Basic).
 */
const TOKENLESS_PATHS = new Set([
  TOKEN_PATH,
  "/health",
  "/openapi.json",
  "/docs",
  "/docs/scalar.js",
  "/.well-known/oauth-authorization-server",
]);
/** The problem pages are public documentation too. */
const isTokenlessPath = (path: string) => TOKENLESS_PATHS.has(path) || path.startsWith("/problems/");

/**
 * A 401. A token that was sent but is not valid names `error="invalid_token"`; a request that
 * sent none gets the bare challenge, as RFC 6750 §3.1 asks (it has no token to fix).
 */
function unauthorized(c: Context<AppEnv>, code: "invalid_token" | "token_required", detail: string) {
  const challenge =
    code === "token_required"
      ? BEARER_CHALLENGE
      : `${BEARER_CHALLENGE}, error="invalid_token", error_description="${detail.replace(/["\\]/g, "")}"`;
  return problemResponse(
    c,
    { status: 401, code, detail },
    { "www-authenticate": challenge, "cache-control": "no-store" },
  );
}

/**
 * Sets `c.var.actor` from `Authorization: Bearer <JWT>`: anonymous without the header; a
 * header that is present but not a valid, unexpired token of an active client is answered
 * 401 (answerRefusal), before any route or handler runs. Our own tokens cost one primary-key
 * read (the revocation check); external identity-provider tokens none.
 */
export const authenticate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const header = c.req.header("authorization");
  if (isTokenlessPath(c.req.path)) return next();
  if (header === undefined) return authenticateDeviceSession(c, next);
  const match = /^Bearer[ ]+([A-Za-z0-9._~+/-]+=*)[ ]*$/i.exec(header);
  if (!match?.[1]) {
    return refuse(c, next, () =>
      unauthorized(c, "invalid_token", "The Authorization header must be 'Bearer <access token>'."),
    );
  }
  const auth = c.get("deps").auth;
  try {
    const actor = await verifyAccessToken(auth, match[1], c.get("clock")());
    if (actor.source === "local") {
      // The revocation check also reads the client's rate-limit quota: no second query.
      const factor = await activeClientRateLimitFactor(c.get("db"), actor.clientId, actor);
      if (factor === null) throw new InvalidTokenError("The client of this token has been revoked.");
      c.set("rateLimitFactor", factor);
    }
    const { source, expiresAt, ...client } = actor;
    c.set("actor", client);
    c.set("credential", {
      expiresAt: new Date(expiresAt * 1000),
      // Revocation exists for our own clients only; an external provider's token ends at exp.
      ...(source === "local" ? { holder: client } : {}),
    });
  } catch (error) {
    if (!(error instanceof InvalidTokenError)) throw error;
    return refuse(c, next, () => {
      c.get("logger").info("bearer token refused", { requestId: c.get("requestId"), reason: error.message });
      return unauthorized(c, "invalid_token", error.message);
    });
  }
  return next();
};

/** Route middleware for operations that always need a token: 401 before validation or the handler. */
export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get("actor").kind !== "client") {
    return unauthorized(c, "token_required", "This operation needs a bearer token from POST /v1/auth/token.");
  }
  return next();
};
