/**
 * Per-request batching for resolvers that run once per list item (a round's tables): the ids
 * asked for while graphql-js walks one level of the result are loaded with one call.
 */
export function batchLoader<V>(
  loadMany: (ids: string[]) => Promise<Map<string, V | Error>>,
): (id: string) => Promise<V> {
  let queue: { id: string; resolve: (value: V) => void; reject: (error: unknown) => void }[] = [];

  async function flush() {
    const batch = queue;
    queue = [];
    try {
      const values = await loadMany(batch.map((item) => item.id));
      for (const { id, resolve, reject } of batch) {
        const value = values.get(id);
        if (value === undefined) reject(new Error(`batch loader returned nothing for ${id}`));
        else if (value instanceof Error) reject(value);
        else resolve(value);
      }
    } catch (error) {
      for (const { reject } of batch) reject(error);
    }
  }

  return (id) =>
    new Promise<V>((resolve, reject) => {
      // graphql-js calls the resolvers of one list synchronously: they all land before this runs.
      if (queue.length === 0) queueMicrotask(() => void flush());
      queue.push({ id, resolve, reject });
    });
}

/** One promise per key for the life of a request: repeated fields share one computation. */
export function memoise<V>(load: (id: string) => Promise<V>): (id: string) => Promise<V> {
  const seen = new Map<string, Promise<V>>();
  return (id) => {
    let value = seen.get(id);
    if (!value) {
      value = load(id);
      seen.set(id, value);
    }
    return value;
  };
}
