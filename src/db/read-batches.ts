/**
 * Reads sent together: the statements and batches asked for while one macrotask runs go to the
 * database as ONE batch (one round trip), and each caller gets its own results. Work that reads
 * for many parents at once (GraphQL's resolvers, the rankings of a series or a player's history)
 * thereby costs the same round trips for 1 parent as for 200. Reads only: a failed statement
 * fails every caller of the wave.
 */
import type { Client, InArgs, InStatement, ResultSet } from "@libsql/client";
import DataLoader from "dataloader";
import { statementOf } from "./statements";

type ReadBatch = (statements: InStatement[]) => Promise<ResultSet[]>;

/**
 * A macrotask, not a microtask: callers that await their scope first still join the wave.
 * `setImmediate` where there is one (Node), as `setTimeout(0)` waits at least a millisecond there.
 */
const nextMacrotask = (flush: () => void) =>
  typeof setImmediate === "function" ? void setImmediate(flush) : void setTimeout(flush, 0);

function coalescedReadBatches(client: Client): ReadBatch {
  const loader = new DataLoader<InStatement[], ResultSet[]>(
    async (lists) => {
      const results = await client.batch(lists.flat());
      let offset = 0;
      return lists.map((list) => {
        offset += list.length;
        return results.slice(offset - list.length, offset);
      });
    },
    { cache: false, batchScheduleFn: nextMacrotask },
  );
  return (statements) => loader.load(statements);
}

/** A client whose reads (`execute` and `batch` alike) join the wave of their macrotask. */
export function coalescingClient(client: Client): Client {
  const read = coalescedReadBatches(client);
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === "execute")
        return async (statement: InStatement | string, args?: InArgs) =>
          (await read([statementOf(statement, args)]))[0]!;
      if (prop === "batch") return (statements: InStatement[]) => read(statements);
      return Reflect.get(target, prop, receiver);
    },
  });
}
