/**
 * The Hrana test server (tools/hrana-server.ts) on a thread of its own, for an embedded
 * replica in this process: the replica's client runs each statement synchronously, blocking
 * the event loop until the primary answers, so a primary on the same loop could never answer.
 * Its request counters are shared memory, exact at any moment without a message.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { HranaServerOptions, Latency } from "../../tools/hrana-server";

export interface ThreadedHranaServer {
  url: string;
  /** Statement requests answered or under way (pipeline + cursor): round trips to the primary. */
  readonly statementRequests: number;
  /** Sync pulls (`GET /sync/…`). */
  readonly pulls: number;
  /** The simulated distance of the following requests (HranaServer.setLatency). */
  setLatency(latency: Latency): Promise<void>;
  close(): Promise<void>;
}

export async function startHranaThread(
  options: Omit<HranaServerOptions, "counters">,
): Promise<ThreadedHranaServer> {
  const counters = new SharedArrayBuffer(8);
  const view = new Int32Array(counters);
  const worker = new Worker(resolve(import.meta.dirname, "hrana-thread-entry.mjs"), {
    workerData: {
      serverModule: pathToFileURL(resolve(import.meta.dirname, "../../tools/hrana-server.ts")).href,
      options: { ...options, counters },
    },
  });
  const url = await new Promise<string>((ok, fail) => {
    worker.once("message", (message: { url: string }) => ok(message.url));
    worker.once("error", fail);
  });
  return {
    url,
    get statementRequests() {
      return Atomics.load(view, 0);
    },
    get pulls() {
      return Atomics.load(view, 1);
    },
    async setLatency(latency) {
      const set = new Promise<void>((done) => worker.once("message", () => done()));
      worker.postMessage({ latency });
      await set;
    },
    async close() {
      const closed = new Promise<void>((done) => worker.once("message", () => done()));
      worker.postMessage("close");
      await closed;
      await worker.terminate();
    },
  };
}
