import DataLoader from "dataloader";

/**
 * Per-request batching for resolvers that run once per list item (a round's tables): the ids
 * asked for while graphql-js walks one level of the result are loaded with one call.
 */
export function batchLoader<V>(
  loadMany: (ids: string[]) => Promise<Map<string, V | Error>>,
): (id: string) => Promise<V> {
  const loader = new DataLoader<string, V>(
    async (ids) => {
      const values = await loadMany([...ids]);
      return ids.map((id) => values.get(id) ?? new Error(`batch loader returned nothing for ${id}`));
    },
    { cache: false },
  );
  return (id) => loader.load(id);
}

/** One promise per key for the life of a request: repeated fields share one computation. */
export function memoise<V>(load: (id: string) => Promise<V>): (id: string) => Promise<V> {
  const seen = new Map<string, Promise<V>>();
  return (id) => {
    if (!seen.has(id)) seen.set(id, load(id));
    return seen.get(id)!;
  };
}
