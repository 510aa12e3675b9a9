/**
 * The CSV variant of a JSON read, negotiated by `?format=csv` or `Accept: text/csv`. The route's
 * handler stays a JSON handler: this wraps it, turns its 200 body into CSV and gives the CSV its
 * own entity tag (the JSON tag + `:csv`, RFC 9110 §8.8.3: negotiated variants need distinct
 * tags), so `If-None-Match` still answers 304 after one cheap check.
 */
import type { MiddlewareHandler } from "hono";
import { accepts } from "hono/accepts";
import type { AppEnv } from "../context";
import { etagMatches, weakEtag } from "./etag";

export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

function wantsCsv(format: string | undefined, accept: string | undefined): boolean {
  if (format) return format === "csv";
  if (!accept) return false;
  const chosen = accepts({ req: { header: () => accept } } as never, {
    header: "Accept",
    supports: ["application/json", "text/csv"],
    default: "application/json",
  });
  return chosen === "text/csv";
}

async function hashTag(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return weakEtag(Array.from(digest.subarray(0, 12), (b) => b.toString(16).padStart(2, "0")).join(""), "csv");
}

/** The CSV tag of a JSON tag: `W/"x"` → `W/"x:csv"`. */
const csvTagOf = (jsonTag: string) => jsonTag.replace(/"\s*$/, ':csv"').replace(/^"/, 'W/"');

export function csvVariant(toCsv: (body: never) => string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const csv = c.req.method === "GET" && wantsCsv(c.req.query("format"), c.req.header("accept"));
    if (!csv) {
      await next();
      c.res.headers.append("Vary", "Accept");
      return;
    }
    // The handler compares If-None-Match with its JSON tag; the client holds a CSV tag, so the
    // comparison is ours. And the handler may send cached JSON as br/gzip bytes, which this
    // wrapper could not read: it gets identity. A copy of the request without both headers
    // (request headers can be immutable).
    const ifNoneMatch = c.req.header("if-none-match");
    if (ifNoneMatch !== undefined || c.req.header("accept-encoding") !== undefined) {
      const headers = new Headers(c.req.raw.headers);
      headers.delete("if-none-match");
      headers.delete("accept-encoding");
      c.req.raw = new Request(c.req.raw, { headers });
    }
    await next();
    const res = c.res;
    if (res.status !== 200 || !(res.headers.get("content-type") ?? "").startsWith("application/json")) return;
    const body = toCsv((await res.json()) as never);
    const jsonTag = res.headers.get("ETag");
    const etag = jsonTag ? csvTagOf(jsonTag) : await hashTag(body);
    const headers = new Headers(res.headers);
    headers.set("Content-Type", CSV_CONTENT_TYPE);
    headers.set("ETag", etag);
    headers.append("Vary", "Accept");
    headers.delete("Content-Length");
    if (!headers.has("Cache-Control"))
      headers.set("Cache-Control", c.req.header("authorization") ? "private, no-cache" : "no-cache");
    // Assigning c.res merges the old response's headers over the new one's: drop it first.
    c.res = undefined;
    c.res = etagMatches(ifNoneMatch, etag)
      ? new Response(null, { status: 304, headers })
      : new Response(body, { status: 200, headers });
  };
}
