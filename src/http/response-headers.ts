import type { Context } from "hono";

/**
 * Changes the headers of the response the route answered, in place. Setting them on `c.res`
 * before the route, or with `c.header()` after it, makes Hono re-create the response around
 * its body, which on Node is then sent as a stream instead of the bytes. A response whose
 * headers are immutable (a fetched asset) is copied once.
 */
export function editResponseHeaders(c: Context, edit: (headers: Headers) => void): void {
  try {
    edit(c.res.headers);
  } catch {
    c.res = new Response(c.res.body, c.res);
    edit(c.res.headers);
  }
}
