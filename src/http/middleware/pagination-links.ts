import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";

/**
 * RFC 8288 `Link: <…>; rel="next"` beside `nextCursor` on every paginated read, so generic
 * HTTP clients can walk pages without knowing the body: the same URL with `cursor` set (and
 * on PUBLIC_URL when it is configured). Any list route gets it by returning a page.
 */
export const paginationLinks: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const res = c.res;
  if (
    c.req.method !== "GET" ||
    res.status !== 200 ||
    // Cached ranking bytes (maybe br/gzip) are never pages: reading them back cost a clone and
    // a decode of up to ~400 KB per hit, most of what a cache hit cost.
    c.get("sentFromCache") ||
    !(res.headers.get("content-type") ?? "").startsWith("application/json")
  ) {
    return;
  }
  const text = await res.clone().text();
  // Cheap test first: only page bodies carry a string nextCursor.
  if (!text.includes('"nextCursor":"')) return;
  const nextCursor = (JSON.parse(text) as { nextCursor?: unknown }).nextCursor;
  if (typeof nextCursor !== "string") return;
  const url = new URL(c.req.url);
  url.searchParams.set("cursor", nextCursor);
  const base = c.get("deps").publicUrl?.replace(/\/+$/, "") ?? url.origin;
  res.headers.append("Link", `<${base}${url.pathname}${url.search}>; rel="next"`);
};
