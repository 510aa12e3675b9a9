import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";

/**
 * Third-party frontends call from other origins; tokens travel in a header, never in cookies,
 * so any origin may call and read what the API exposes.
 */
const options = {
  origin: "*",
  allowHeaders: [
    "Authorization",
    "Content-Type",
    "If-Match",
    "If-None-Match",
    "Idempotency-Key",
    "Last-Event-ID",
  ],
  exposeHeaders: [
    "ETag",
    "Link",
    "Location",
    "X-Request-Id",
    "Idempotent-Replayed",
    "WWW-Authenticate",
    "RateLimit",
    "RateLimit-Policy",
    "Retry-After",
    "Deprecation",
    "Sunset",
  ],
  maxAge: 86400,
};
const preflight = cors(options);
const exposed = options.exposeHeaders.join(",");

/**
 * Preflights are Hono's `cors`. Other requests get the same two headers, set on the response
 * once it exists: Hono's `cors` sets them on `c.res` before the handler runs, and Hono then
 * re-creates every response around its body (on Node, a stream instead of bytes).
 */
export const crossOrigin: MiddlewareHandler = async (c, next) => {
  if (c.req.method === "OPTIONS") return preflight(c, next);
  await next();
  try {
    c.res.headers.set("Access-Control-Allow-Origin", "*");
    c.res.headers.set("Access-Control-Expose-Headers", exposed);
  } catch {
    // A response with immutable headers (a fetched asset) is copied once.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set("Access-Control-Allow-Origin", "*");
    c.res.headers.set("Access-Control-Expose-Headers", exposed);
  }
};
