import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { Config, Replicated } from "@libsql/client";

/** The embedded replica, kept on a worker thread (replica-pull-thread.mjs says why): it only pulls. */
export interface ReplicaPuller {
  /** Pulls the primary's new frames into the replica's file; resolves once they are there. */
  sync(): Promise<Replicated>;
  close(): void;
}

type Answer =
  | { type: "ready" | "closed" }
  | { type: "failed"; message: string }
  | { type: "synced"; id: number; replicated: Replicated }
  | { type: "sync-failed"; id: number; message: string };

/** Starts the replica (`config`: its `file:` URL, `syncUrl`, token, sync interval) on a thread. */
export function startReplicaPuller(config: Config): ReplicaPuller {
  const worker = new Worker(fileURLToPath(new URL("./replica-pull-thread.mjs", import.meta.url)), {
    workerData: { config },
  });
  worker.unref(); // the pulls never keep the process alive on their own
  const pending = new Map<number, { resolve: (r: Replicated) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  let failure: Error | null = null;
  let markReady: () => void = () => {};
  let markFailed: (error: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    markFailed = reject;
  });
  ready.catch(() => {}); // surfaced by sync()
  const fail = (error: Error) => {
    failure = error;
    markFailed(error);
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  worker.on("message", (answer: Answer) => {
    if (answer.type === "ready") markReady();
    else if (answer.type === "failed")
      fail(new Error(`The embedded replica could not start: ${answer.message}`));
    else if (answer.type === "synced" || answer.type === "sync-failed") {
      const waiting = pending.get(answer.id);
      pending.delete(answer.id);
      if (answer.type === "synced") waiting?.resolve(answer.replicated);
      else waiting?.reject(new Error(`The embedded replica could not pull the primary: ${answer.message}`));
    }
  });
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`The embedded replica's thread exited (${code}).`)));

  return {
    async sync() {
      await ready;
      if (failure) throw failure;
      const id = nextId++;
      return new Promise<Replicated>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ type: "sync", id });
      });
    },
    close() {
      worker.postMessage({ type: "close" });
      // The thread closes the replica and is then ended (its 'exit' rejects nothing: no pulls wait).
      worker.once("message", () => void worker.terminate());
    },
  };
}
