/**
 * Conditional GET for reads whose version is known before the body is built (rankings from
 * `events.resultsVersion`, anything with a version column). The handler loads the version with
 * its authorisation query, then:
 *
 *   const etag = weakEtag(event.id, event.resultsVersion, "qualification");
 *   if (notModified(c, etag)) return c.body(null, 304);
 *   return c.json(await computeTheBody(), 200);
 *
 * Tags are weak (`W/"…"`): they name a state of the data, not the bytes of one encoding, so
 * they stay valid through compression and JSON formatting changes. If-None-Match always uses
 * the weak comparison (RFC 9110 §13.1.2), so clients just echo the header back.
 */
import type { Context, MiddlewareHandler } from "hono";
import { sha256 } from "hono/utils/crypto";
import type { AppEnv } from "../context";

/** Characters RFC 9110 allows inside an entity tag (no `"`, no spaces or controls). */
const ETAG_PART = /^[\x21\x23-\x7e]+$/;

/** `W/"part1:part2:…"`; parts must be visible ASCII without `"` (ids, numbers, hex). */
export function weakEtag(...parts: (string | number)[]): string {
  const text = parts.map(String).join(":");
  if (!ETAG_PART.test(text))
    throw new RangeError(`entity tag parts must be visible ASCII without '"': ${text}`);
  return `W/"${text}"`;
}

/** A weak tag hashed from a body (SHA-256, 96 bits): for reads that have no version to name. */
export async function bodyEtag(body: BufferSource | string): Promise<string> {
  return weakEtag((await sha256(body))!.slice(0, 24));
}

/** The opaque part of a tag, without `W/` and quotes: what the weak comparison compares. */
export function opaque(tag: string): string {
  const match = /^\s*(?:W\/)?"([^"]*)"\s*$/.exec(tag);
  return match ? match[1]! : tag.trim();
}

/**
 * Whether an If-None-Match header matches `etag` (weak comparison). Handles lists
 * (`"a", W/"b"`), commas inside tags and `*`.
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const wanted = opaque(etag);
  for (const match of ifNoneMatch.matchAll(/(?:W\/)?"([^"]*)"/g)) {
    if (match[1] === wanted) return true;
  }
  return false;
}

/**
 * Sets `ETag` and `Cache-Control: no-cache` (store, but revalidate every time: polling stays
 * cheap and never stale) and says whether the client's copy is current. When it returns true
 * the handler answers `c.body(null, 304)`, which keeps both headers as RFC 9110 wants.
 * Responses that only some tokens may see (private events) are `private`, so shared caches
 * never keep them.
 */
export function notModified(c: Context, etag: string, options: { private?: boolean } = {}): boolean {
  c.header("ETag", etag);
  c.header("Cache-Control", options.private ? "private, no-cache" : "no-cache");
  return etagMatches(c.req.header("if-none-match"), etag);
}

/**
 * Whether the request came with a token or a device's session cookie: its answer may hold
 * private data, which shared caches must not keep.
 */
export const signedIn = (c: Context<AppEnv>) =>
  c.req.header("authorization") !== undefined || c.get("deviceSession") !== undefined;

/**
 * Every JSON read (GET or HEAD) gets an ETag: routes that know their version set it themselves (rankings,
 * tables); for the rest a weak tag is hashed from the body. `If-None-Match` then answers 304.
 * Streams (server-sent events, NDJSON exports) are left alone.
 */
export const conditionalGet: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const res = c.res;
  // HEAD runs the GET route (the body is dropped after the chain): it gets the same tag.
  if (
    (c.req.method !== "GET" && c.req.method !== "HEAD") ||
    res.status !== 200 ||
    !(res.headers.get("content-type") ?? "").startsWith("application/json")
  ) {
    return;
  }
  let etag = res.headers.get("ETag");
  if (!etag) {
    etag = await bodyEtag(await res.clone().arrayBuffer());
    res.headers.set("ETag", etag);
  }
  if (!res.headers.has("Cache-Control"))
    res.headers.set("Cache-Control", signedIn(c) ? "private, no-cache" : "no-cache");
  if (etagMatches(c.req.header("if-none-match"), etag)) {
    c.res = new Response(null, {
      status: 304,
      headers: {
        ETag: etag,
        "Cache-Control": res.headers.get("Cache-Control")!,
        "X-Request-Id": res.headers.get("X-Request-Id") ?? "",
        ...(res.headers.has("Vary") ? { Vary: res.headers.get("Vary")! } : {}),
      },
    });
  }
};
