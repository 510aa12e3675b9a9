/**
 * Sends a ranking body from the response cache as bytes (see response-cache.ts): identity or,
 * when the client accepts it and the runtime offers it, br/gzip. Called by handlers after the
 * scope query authorised the read and `notModified` set ETag and Cache-Control. On a miss, a
 * public body is looked up in the shared cache (Workers) before it is built, and put there
 * after; a private body never leaves this instance.
 */
import type { Context } from "hono";
import type { AppEnv } from "./context";
import { negotiateEncoding } from "./encoding";
import { sharedCacheKey } from "./shared-cache";

const utf8 = new TextEncoder();

/** Lets a shared-cache write finish after the response (waitUntil on Workers). */
function inBackground(c: Context<AppEnv>, task: Promise<void>): void {
  const logged = task.catch((error) =>
    c.get("logger").error("shared cache put failed", { error: String(error) }),
  );
  try {
    c.executionCtx.waitUntil(logged);
  } catch {
    // No execution context (Node, app.request in tests): the promise simply runs on.
  }
}

/**
 * Makes `res` the response as it is. Assigning a handler's response to a context whose `c.res`
 * a middleware already touched makes Hono re-create it from `res.body`: the cached bytes were
 * copied into a stream and sent in chunks, where @hono/node-server writes a response made from
 * bytes in one call. No middleware does that now (cors sets its headers after the handler,
 * middleware/cors.ts); this keeps a hit's bytes whole if one ever does. `c.body` has already
 * copied the prepared headers into `res`, so nothing is lost by skipping the merge.
 */
function sendAsIs(c: Context<AppEnv>, res: Response): Response {
  c.res = undefined;
  c.res = res;
  return res;
}

/**
 * The 304 for a body `sendCachedJson` would send: with the same `Vary: Accept-Encoding` as
 * that 200 (RFC 9110 §15.4.5), so a cache keeps one variant per encoding either way.
 */
export function sendNotModified(c: Context<AppEnv>): Response {
  return c.get("deps").compressor ? c.body(null, 304, { vary: "Accept-Encoding" }) : c.body(null, 304);
}

export async function sendCachedJson(
  c: Context<AppEnv>,
  etag: string,
  options: { private: boolean },
  build: () => Promise<unknown>,
): Promise<Response> {
  const responseCache = c.get("responseCache");
  const deps = c.get("deps");
  const shared = options.private ? undefined : deps.sharedCache;
  const body = await responseCache.getOrBuild(etag, async () => {
    const key = shared && sharedCacheKey(c.req.url, etag);
    if (shared && key) {
      const hit = await shared.match(key);
      if (hit) return hit;
    }
    const bytes = utf8.encode(JSON.stringify(await build()));
    if (shared && key) inBackground(c, shared.put(key, bytes));
    return bytes;
  });
  c.set("sentFromCache", true);
  const compressor = deps.compressor;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (!compressor) return sendAsIs(c, c.body(body.identity, 200, headers));
  headers.vary = "Accept-Encoding";
  const encoding = negotiateEncoding(c.req.header("accept-encoding"), compressor.encodings);
  if (!encoding) return sendAsIs(c, c.body(body.identity, 200, headers));
  const bytes = await responseCache.variant(etag, body, encoding, (b) => compressor.compress(encoding, b));
  headers["content-encoding"] = encoding;
  return sendAsIs(c, c.body(bytes, 200, headers));
}
