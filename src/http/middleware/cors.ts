import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { editResponseHeaders } from "../response-headers";

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

/** Preflights are Hono's `cors`; other responses get the same two headers once they exist. */
export const crossOrigin: MiddlewareHandler = async (c, next) => {
  if (c.req.method === "OPTIONS") return preflight(c, next);
  await next();
  editResponseHeaders(c, (headers) => {
    headers.set("Access-Control-Allow-Origin", "*");
    headers.set("Access-Control-Expose-Headers", exposed);
  });
};
