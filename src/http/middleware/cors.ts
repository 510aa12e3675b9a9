import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import type { AppEnv } from "../context";

export interface AnyOriginCorsOptions {
  /** Request headers a preflight allows. */
  allowHeaders: string[];
  /** Response headers a page on another origin may read. */
  exposeHeaders: string[];
  /** Seconds a browser may keep a preflight's answer. */
  maxAge: number;
}

/**
 * CORS for every origin: tokens travel in the Authorization header, never in cookies, so any
 * origin may call. Preflights (OPTIONS) are hono/cors's answer. On every other request the
 * headers are set on the response the handler gave, after it ran, together with the request
 * id: hono/cors sets them on `c.res` BEFORE the handler, and once `c.res` exists Hono makes
 * every response assigned to it again (from its body, then copying both header sets over), so
 * each response, a 304 included, was built twice, the second time as an undici Response,
 * which also lost @hono/node-server's direct write of a response made from bytes.
 */
export function anyOriginCors(options: AnyOriginCorsOptions): MiddlewareHandler<AppEnv> {
  const preflight = cors({ origin: "*", ...options });
  const expose = options.exposeHeaders.join(",");
  return async (c, next) => {
    if (c.req.method === "OPTIONS") return preflight(c, next);
    await next();
    const set = (headers: Headers) => {
      headers.set("Access-Control-Allow-Origin", "*");
      headers.set("Access-Control-Expose-Headers", expose);
      // The request id middleware's header only reaches responses built with c.body/c.json.
      headers.set("X-Request-Id", c.get("requestId"));
    };
    try {
      set(c.res.headers);
    } catch {
      // Some responses (a fetched asset) have immutable headers: copy once, then set.
      c.res = new Response(c.res.body, c.res);
      set(c.res.headers);
    }
  };
}
