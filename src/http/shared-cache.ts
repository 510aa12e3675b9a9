/**
 * A cache shared by every instance of the app in one place (Cloudflare's Cache API on
 * Workers: every isolate of a location), holding the identity bytes of public ranking bodies
 * under their URL and entity tag. A polled leaderboard is then built once per location, not
 * once per isolate, and served without touching Turso beyond the scope query that authorises
 * the read and names the tag. Private bodies are never put in it (see cached-body.ts).
 * A dependency of createApp: worker.ts passes `cloudflareSharedCache(caches.default)`, Node
 * passes nothing (one process already shares its in-memory cache).
 */
import type { Bytes } from "./response-cache";

export interface SharedCache {
  match(key: string): Promise<Bytes | undefined>;
  put(key: string, body: Bytes): Promise<void>;
}

/** URL (origin and path) plus entity tag: a new tag is a new key, so an entry is never stale. */
export function sharedCacheKey(url: string, etag: string): string {
  const u = new URL(url);
  return `${u.origin}${u.pathname}?etag=${encodeURIComponent(etag)}`;
}

/** Entries expire after a day; a newer tag never reads an older entry anyway. */
const SHARED_TTL_S = 86_400;

/**
 * The Cache API (`caches.default` on Workers). Only GET requests with http(s) URLs are keys;
 * on a `*.workers.dev` host the Cache API stores nothing (Cloudflare documents it), which only
 * costs the build it would have saved.
 */
export function cloudflareSharedCache(cache: Cache): SharedCache {
  return {
    async match(key) {
      const res = await cache.match(new Request(key));
      return res ? new Uint8Array(await res.arrayBuffer()) : undefined;
    },
    async put(key, body) {
      await cache.put(
        new Request(key),
        new Response(body, {
          headers: { "content-type": "application/json", "cache-control": `public, max-age=${SHARED_TTL_S}` },
        }),
      );
    },
  };
}
