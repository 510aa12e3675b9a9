import type { Database } from "./client";

type BatchArg = Parameters<Database["batch"]>[0];
type BatchResult = Awaited<ReturnType<Database["batch"]>>;

/**
 * A view of `db` whose `batch` calls, made while one macrotask runs, go to the database as ONE
 * batch (one round trip). Reads that call a per-event service for many events at once
 * (`Promise.all(events.map(…))`) thereby cost the same number of round trips for 1 event as
 * for 200. Everything else (plain selects, writes) goes straight through. Reads only: a failed
 * statement fails every caller of that wave.
 */
export function coalescingDatabase(db: Database): Database {
  let wave: { queries: BatchArg; resolve: (r: BatchResult) => void; reject: (e: unknown) => void }[] = [];

  async function flush() {
    const current = wave;
    wave = [];
    try {
      const all = current.flatMap((call) => [...call.queries]) as unknown as BatchArg;
      const results = (await db.batch(all)) as unknown as unknown[];
      let offset = 0;
      for (const call of current) {
        call.resolve(results.slice(offset, offset + call.queries.length) as BatchResult);
        offset += call.queries.length;
      }
    } catch (error) {
      for (const call of current) call.reject(error);
    }
  }

  const view = Object.create(db) as Database;
  Object.defineProperty(view, "batch", {
    value: (queries: BatchArg) =>
      new Promise<BatchResult>((resolve, reject) => {
        // A macrotask, not a microtask: callers that await something (hashing, another
        // helper) before their batch still join the same wave.
        if (wave.length === 0) setTimeout(() => void flush(), 0);
        wave.push({ queries, resolve, reject });
      }),
  });
  return view;
}
