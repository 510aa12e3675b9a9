import type { Client, InStatement, ResultSet } from "@libsql/client";
import type { Database } from "./client";

type BatchArg = Parameters<Database["batch"]>[0];
type BatchResult = Awaited<ReturnType<Database["batch"]>>;

/**
 * Calls of `run` made while one macrotask runs, sent as ONE call of `run` with all their items
 * (one round trip); each caller gets its own slice of the results. A failed item fails every
 * caller of that wave.
 */
function waves<Item, Result>(run: (items: Item[]) => Promise<Result[]>) {
  let wave: { items: readonly Item[]; resolve: (r: Result[]) => void; reject: (e: unknown) => void }[] = [];

  async function flush() {
    const current = wave;
    wave = [];
    try {
      const results = await run(current.flatMap((call) => [...call.items]));
      let offset = 0;
      for (const call of current) {
        call.resolve(results.slice(offset, offset + call.items.length));
        offset += call.items.length;
      }
    } catch (error) {
      for (const call of current) call.reject(error);
    }
  }

  return (items: readonly Item[]) =>
    new Promise<Result[]>((resolve, reject) => {
      // A macrotask, not a microtask: callers that await something (hashing, another
      // helper) before their batch still join the same wave.
      if (wave.length === 0) setTimeout(() => void flush(), 0);
      wave.push({ items, resolve, reject });
    });
}

/**
 * A view of `db` whose `batch` calls, made while one macrotask runs, go to the database as ONE
 * batch (one round trip), and so do the batches of its libSQL client (`$client`, which the
 * rankings read through). Reads that call a per-event service for many events at once
 * (`Promise.all(events.map(…))`) thereby cost the same number of round trips for 1 event as
 * for 200. Everything else (plain selects, writes) goes straight through. Reads only: a failed
 * statement fails every caller of that wave.
 */
export function coalescingDatabase(db: Database): Database {
  const drizzleBatch = waves<BatchArg[number], unknown>(
    (queries) => db.batch(queries as unknown as BatchArg) as unknown as Promise<unknown[]>,
  );
  const clientBatch = waves<InStatement, ResultSet>((statements) => db.$client.batch(statements));
  // A proxy, not Object.create: the client's own methods use private fields, so they must run
  // on the client itself.
  const client = new Proxy(db.$client, {
    get(target, property) {
      if (property === "batch") return (statements: InStatement[]) => clientBatch(statements);
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  }) as Client;
  const view = Object.create(db) as Database;
  Object.defineProperty(view, "batch", {
    value: (queries: BatchArg) => drizzleBatch(queries) as unknown as Promise<BatchResult>,
  });
  Object.defineProperty(view, "$client", { value: client });
  return view;
}
