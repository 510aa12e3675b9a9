/**
 * Serialised bodies of expensive reads (rankings) keyed by their entity tag, in memory, per
 * app instance (an isolate on Workers, a process on Node). An entity tag names one state of
 * the data, so an entry is never stale: a result change makes a new tag, and the old entry
 * simply ages out. Authorisation always runs before the lookup, so a cached private body is
 * only served to callers who may read it.
 *
 * Entries are bytes, not objects: a hit is a memcpy-free send, never a re-serialisation, and
 * each compressed variant (br, gzip) is made once per tag, on first demand. The cache is
 * bounded by bytes (all variants counted), least recently used out first, so its footprint
 * stays inside a Worker isolate's 128 MB whatever the number of events polled. Concurrent
 * requests for a tag being built share one build (single flight), and so do variants.
 */
import type { BodyEncoding, Bytes } from "./encoding";

/** 16 MiB: room for ~40 qualifications of a 50-session chain event, an eighth of an isolate. */
export const DEFAULT_RESPONSE_CACHE_BYTES = 16 * 1024 * 1024;

export interface CachedBody {
  /** The JSON bytes as built. */
  readonly identity: Bytes;
  /** Compressed variants made so far. */
  readonly variants: Map<BodyEncoding, Bytes>;
}

interface Entry {
  body: CachedBody;
  bytes: number;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, Promise<CachedBody>>();
  private readonly encoding = new Map<string, Promise<Bytes>>();
  private total = 0;

  constructor(readonly maxBytes = DEFAULT_RESPONSE_CACHE_BYTES) {}

  /** Bytes held now (every variant of every entry). */
  get size(): number {
    return this.total;
  }

  /** The cached body for `key`, or the one `build` makes (once, however many ask at once). */
  async getOrBuild(key: string, build: () => Promise<Bytes>): Promise<CachedBody> {
    const hit = this.touch(key);
    if (hit) return hit.body;
    let pending = this.building.get(key);
    if (!pending) {
      pending = build()
        .then((identity) => this.insert(key, { identity, variants: new Map() }))
        .finally(() => this.building.delete(key));
      this.building.set(key, pending);
    }
    return pending;
  }

  /** The `encoding` variant of a cached body, compressed on first demand (single flight too). */
  async variant(
    key: string,
    body: CachedBody,
    encoding: BodyEncoding,
    compress: (bytes: Bytes) => Promise<Bytes>,
  ): Promise<Bytes> {
    const done = body.variants.get(encoding);
    if (done) return done;
    const flightKey = `${encoding}\u0000${key}`;
    let pending = this.encoding.get(flightKey);
    if (!pending) {
      pending = compress(body.identity)
        .then((bytes) => {
          body.variants.set(encoding, bytes);
          const entry = this.entries.get(key);
          if (entry?.body === body) {
            entry.bytes += bytes.byteLength;
            this.total += bytes.byteLength;
            this.evict();
          }
          return bytes;
        })
        .finally(() => this.encoding.delete(flightKey));
      this.encoding.set(flightKey, pending);
    }
    return pending;
  }

  private touch(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Re-insert to keep the Map in least-recently-used order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  private insert(key: string, body: CachedBody): CachedBody {
    const bytes = body.identity.byteLength;
    // A body larger than the whole budget is served but not kept.
    if (bytes > this.maxBytes) return body;
    const previous = this.entries.get(key);
    if (previous) this.total -= previous.bytes;
    this.entries.delete(key);
    this.entries.set(key, { body, bytes });
    this.total += bytes;
    this.evict();
    return body;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.total <= this.maxBytes) return;
      this.entries.delete(key);
      this.total -= entry.bytes;
    }
  }
}
