/**
 * Bodies of expensive reads keyed by their entity tag, in memory, per app instance (an isolate
 * on Workers, a process on Node). An entity tag names one state of the data, so an entry is
 * never stale: a result change makes a new tag, and the old entry simply ages out.
 * Authorisation always runs before the lookup, so a cached private body is only served to
 * callers who may read it.
 */
export class ResponseCache {
  // Promises, not values: concurrent readers of one tag share one computation.
  private readonly entries = new Map<string, Promise<unknown>>();

  constructor(private readonly maxEntries = 128) {}

  /** The cached body for `key`, or the one `build` makes (and caches). */
  async getOrBuild<T>(key: string, build: () => Promise<T>): Promise<T> {
    const cached = this.entries.get(key) as Promise<T> | undefined;
    if (cached) {
      // Re-insert to keep the Map in least-recently-used order.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const value = build();
    this.entries.set(key, value);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    // A failed build is not an answer: the next reader tries again.
    value.catch(() => {
      if (this.entries.get(key) === value) this.entries.delete(key);
    });
    return value;
  }
}
