import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX, compress } from "hono/compress";

const gzip = compress();

function varyOnEncoding(headers: Headers): void {
  const vary = headers.get("Vary");
  if (vary === "*" || (vary && /\baccept-encoding\b/i.test(vary))) return;
  headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
}

/**
 * Node compresses here; on Workers, Cloudflare's edge does. Every response of a compressible
 * type, and every 304 (which names what its 200 varies on, RFC 9110 §15.4.5), says it varies
 * on `Accept-Encoding`. That is set on the response in place before `compress` looks:
 * `compress` would add it with `c.header`, after which Hono re-creates the response around
 * its body, and on Node sends a stream instead of the bytes.
 */
export const compression: MiddlewareHandler = (c, next) =>
  gzip(c, async () => {
    await next();
    const type = c.res.headers.get("Content-Type");
    if (c.res.status !== 304 && !(type && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type))) return;
    try {
      varyOnEncoding(c.res.headers);
    } catch {
      // Immutable headers (a fetched asset): `compress` adds it its own way.
    }
  });
