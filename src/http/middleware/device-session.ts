/**
 * The device session cookie of the staff console. A request without `Authorization` that
 * carries it acts as the device's client, exactly as that client's token would: the same actor
 * for every service and permission check, rate limits counted on the client, idempotency keys
 * kept per client. Two things differ because a browser sends cookies by itself:
 *
 * - a write (any method but GET, HEAD, OPTIONS) authenticated by the cookie must come from a page
 *   of this site: `Sec-Fetch-Site: same-origin`, or an `Origin` that is this site's (the check of
 *   `hono/csrf`, for every content type, not only forms); else 403 `cross_site_request`;
 * - a cookie that no longer signs in (revoked, expired, unknown) is cleared; under /v1 and on
 *   /graphql the request is answered 401 `device_session_ended`, so a script learns it is signed
 *   out; the console's pages go on as anonymous and say why.
 */
import type { Context, MiddlewareHandler } from "hono";
import { generateCookie, generateSignedCookie, getCookie, getSignedCookie } from "hono/cookie";
import { deviceSessionOf } from "../../services/auth";
import type { AppEnv } from "../context";
import { publicOrigin } from "../origin";
import { problemResponse } from "../problem";
import { editResponseHeaders } from "../response-headers";
import { refuse } from "./refusal";

/** Over HTTPS the cookie takes the `__Host-` prefix: Secure, this host only, path `/`. */
const NAME = "catan-device";
const SECURE_NAME = `__Host-${NAME}`;
/** POST here spends a pairing code: a stale cookie must not stand in the way of signing in again. */
const DEVICE_SESSIONS_PATH = "/v1/auth/device-sessions";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const isConsolePath = (path: string) => path === "/console" || path.startsWith("/console/");

/**
 * The device cookie's attributes: HttpOnly, SameSite=Lax, and Secure when the reader came over
 * HTTPS (PUBLIC_URL, or the proxy's word under TRUST_PROXY).
 */
const attributes = (c: Context, maxAge: number) =>
  ({
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    maxAge,
    prefix: publicOrigin(c).startsWith("https:") ? "host" : undefined,
  }) as const;

/**
 * The Set-Cookie of a new device session. The secret is signed (`hono/cookie`), so a cookie this
 * server did not set is refused without a database read.
 */
export const deviceCookie = (c: Context<AppEnv>, secret: string, expiresAt: string) =>
  generateSignedCookie(
    NAME,
    secret,
    c.get("deps").auth.cookieKey,
    attributes(c, Math.max(0, Math.floor((Date.parse(expiresAt) - c.get("clock")().getTime()) / 1000))),
  );

/** The Set-Cookie that removes the device cookie. */
export const clearedDeviceCookie = (c: Context) => generateCookie(NAME, "", attributes(c, 0));

/** The session secret of the device cookie if this server signed it, `false` if not, undefined without one. */
async function signedSecret(c: Context<AppEnv>): Promise<string | false | undefined> {
  if (getCookie(c, SECURE_NAME) === undefined && getCookie(c, NAME) === undefined) return undefined;
  const key = c.get("deps").auth.cookieKey;
  return ((await getSignedCookie(c, key, NAME, "host")) ?? (await getSignedCookie(c, key, NAME))) || false;
}

/**
 * Whether the request comes from a page of this site: the browser says so (`Sec-Fetch-Site`),
 * or its `Origin` is the address it was sent to (the public one behind a proxy).
 */
function fromThisSite(c: Context): boolean {
  if (c.req.header("sec-fetch-site") === "same-origin") return true;
  const origin = c.req.header("origin");
  if (!origin) return false;
  return origin === new URL(c.req.url).origin || origin === publicOrigin(c);
}

const ENDED_DETAIL = {
  unknown:
    "This device's session is not known here (signed out, or from another server): pair the device again.",
  expired: "This device's session has expired: pair the device again.",
  revoked: "This device was signed out (its session or its client was revoked): pair it again.",
} as const;

/** Called by `authenticate` for a request without `Authorization`. */
export const authenticateDeviceSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.path === DEVICE_SESSIONS_PATH && c.req.method === "POST") return next();
  const secret = await signedSecret(c);
  if (secret === undefined) return next();
  const found = secret
    ? await deviceSessionOf(c.get("db"), secret, c.get("clock")())
    : ({ ended: "unknown" } as const);
  if ("ended" in found) {
    const cleared = clearedDeviceCookie(c);
    const log = () =>
      c.get("logger").info("device session refused", { requestId: c.get("requestId"), reason: found.ended });
    if (c.req.path.startsWith("/v1/") || c.req.path === "/graphql") {
      return refuse(c, next, () => {
        log();
        return problemResponse(
          c,
          { status: 401, code: "device_session_ended", detail: ENDED_DETAIL[found.ended] },
          { "set-cookie": cleared, "cache-control": "no-store" },
        );
      });
    }
    log();
    c.set("deviceSessionEnded", found.ended);
    await next();
    editResponseHeaders(c, (headers) => headers.append("set-cookie", cleared));
    return;
  }
  c.set("actor", found.actor);
  c.set("rateLimitFactor", found.rateLimitFactor);
  // The console checks its own forms (hono/csrf) and answers with a page. The refusal is sent
  // once the rate limits have counted it on the device's client: its session was a database read.
  if (!SAFE_METHODS.has(c.req.method) && !isConsolePath(c.req.path) && !fromThisSite(c)) {
    return refuse(c, next, () =>
      problemResponse(c, {
        status: 403,
        code: "cross_site_request",
        detail:
          "This request carries a device's session cookie but does not come from a page of this site (Origin, Sec-Fetch-Site): it is refused.",
      }),
    );
  }
  c.set("deviceSession", found.session);
  c.set("credential", { expiresAt: new Date(found.session.expiresAt), holder: found.actor });
  return next();
};
