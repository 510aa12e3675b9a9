/**
 * The response cache: serialised bodies of expensive reads (rankings, series, ratings) keyed
 * by their entity tag, in memory, per app instance (an isolate on Workers, a process on Node).
 * An entity tag names one state of the data, so an entry is never stale: a result change makes
 * a new tag and the old entry ages out. Authorisation always runs before the lookup, so a
 * cached private body is only served to callers who may read it.
 *
 * lru-cache bounds it by bytes (least recently used out first), so it stays inside a Worker
 * isolate's 128 MB whatever the number of events polled, and its `fetch` builds a missing
 * body once however many requests ask for it at the same time.
 */
import { LRUCache } from "lru-cache";

/** Bytes over a plain ArrayBuffer: what Response bodies accept. */
export type Bytes = Uint8Array<ArrayBuffer>;

/** 16 MiB: room for ~40 qualifications of a 50-session chain event, an eighth of an isolate. */
export const DEFAULT_RESPONSE_CACHE_BYTES = 16 * 1024 * 1024;

type Build = () => Promise<Bytes>;

const utf8 = new TextEncoder();
const decoder = new TextDecoder();

export class ResponseCache {
  private readonly lru: LRUCache<string, Bytes, Build> | null;

  /** `maxBytes` 0 keeps nothing: every request builds (what a benchmark of the build wants). */
  constructor(readonly maxBytes = DEFAULT_RESPONSE_CACHE_BYTES) {
    this.lru =
      maxBytes > 0
        ? new LRUCache<string, Bytes, Build>({
            maxSize: maxBytes,
            sizeCalculation: (body) => Math.max(1, body.byteLength),
            fetchMethod: (_key, _stale, { context }) => context(),
          })
        : null;
  }

  /** Bytes held now. */
  get size(): number {
    return this.lru?.calculatedSize ?? 0;
  }

  /** The body cached under `key`, or the one `build` makes (once, however many ask at once). */
  async getOrBuild(key: string, build: Build): Promise<Bytes> {
    if (!this.lru) return build();
    // A body larger than the whole budget is served but not kept.
    const body = await this.lru.fetch(key, { context: build });
    if (!body) throw new Error(`response cache: no body built for ${key}`);
    return body;
  }

  /** A cached body as the object GraphQL and the ratings resolve from: built by whichever asked first. */
  async getObject<T>(key: string, build: () => Promise<T>): Promise<T> {
    const body = await this.getOrBuild(key, async () => utf8.encode(JSON.stringify(await build())));
    return JSON.parse(decoder.decode(body)) as T;
  }
}
