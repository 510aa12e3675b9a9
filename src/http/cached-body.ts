/**
 * Sends a body from the response cache (response-cache.ts) after the handler authorised the
 * read and `notModified` set ETag and Cache-Control. On a miss, a public body is looked up in
 * the shared cache (Workers) before it is built, and put there after; a private body never
 * leaves this instance. Compression, where the runtime asks for it, is the app's middleware,
 * but for these bodies: they are kept gzipped too.
 */
import type { Context } from "hono";
import { parseAccept } from "hono/utils/accept";
import { afterResponse } from "./background";
import type { AppEnv } from "./context";
import type { Bytes } from "./response-cache";
import { sharedCacheKey } from "./shared-cache";

const utf8 = new TextEncoder();

/** Whether the client takes gzip (named, or by `*`, with a q above 0). */
function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const accepts = parseAccept(header);
  const q = accepts.find((a) => a.type.toLowerCase() === "gzip")?.q ?? accepts.find((a) => a.type === "*")?.q;
  return (q ?? 0) > 0;
}

async function gzip(bytes: Bytes): Promise<Bytes> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function sendCachedJson(
  c: Context<AppEnv>,
  etag: string,
  options: { private: boolean },
  build: () => Promise<unknown>,
): Promise<Response> {
  const shared = options.private ? undefined : c.get("deps").storage.sharedCache;
  const body = await c.get("responseCache").getOrBuild(etag, async () => {
    const key = shared && sharedCacheKey(c.req.url, etag);
    if (shared && key) {
      const hit = await shared.match(key);
      if (hit) return hit;
    }
    const bytes: Bytes = utf8.encode(JSON.stringify(await build()));
    if (shared && key) afterResponse(c, shared.put(key, bytes), "shared cache put failed");
    return bytes;
  });
  // Every poller fetches the new body after a change, nearly all of them asking for gzip:
  // compressed per request it cost 5 times the identity answer (docs/performance.md#rankings),
  // so the gzipped bytes are kept beside it. `compress` leaves an encoded response alone.
  if (c.get("deps").http.compress && acceptsGzip(c.req.header("accept-encoding"))) {
    const gzipped = await c.get("responseCache").getOrBuild(`${etag} gzip`, () => gzip(body));
    return c.body(gzipped, 200, { "content-type": "application/json", "content-encoding": "gzip" });
  }
  return c.body(body, 200, { "content-type": "application/json" });
}
