import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX, compress } from "hono/compress";
import { editResponseHeaders } from "../response-headers";

const gzip = compress();

function varyOnEncoding(headers: Headers): void {
  const vary = headers.get("Vary");
  if (vary === "*" || (vary && /\baccept-encoding\b/i.test(vary))) return;
  headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
}

/**
 * Node compresses here; on Workers, Cloudflare's edge does. Every response of a compressible
 * type, and every 304 (which names what its 200 varies on, RFC 9110 §15.4.5), says it varies
 * on `Accept-Encoding`, set before `compress` looks: `compress` would set it with `c.header()`.
 */
export const compression: MiddlewareHandler = (c, next) =>
  gzip(c, async () => {
    await next();
    const type = c.res.headers.get("Content-Type");
    if (c.res.status !== 304 && !(type && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type))) return;
    editResponseHeaders(c, varyOnEncoding);
  });
