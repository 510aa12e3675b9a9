// The embedded replica's pulls, on a thread of their own: the replica client's sync() blocks
// the thread that calls it until the primary has answered (two requests), so on the app's
// thread every write would stall every other request that long (src/db/replica.ts). Plain
// JavaScript: it runs under `tsx` (npm start) and under the test runner alike.
import { parentPort, workerData } from "node:worker_threads";
import { createClient } from "@libsql/client";

const message = (error) => String(error?.message ?? error);
let replica;
try {
  // With a sync interval the client downloads the primary's snapshot here, on first start.
  replica = createClient(workerData.config);
  parentPort.postMessage({ type: "ready" });
} catch (error) {
  parentPort.postMessage({ type: "failed", message: message(error) });
}

parentPort.on("message", async (request) => {
  if (request.type === "sync") {
    try {
      const replicated = await replica.sync();
      parentPort.postMessage({ type: "synced", id: request.id, replicated });
    } catch (error) {
      parentPort.postMessage({ type: "sync-failed", id: request.id, message: message(error) });
    }
  } else if (request.type === "close") {
    replica?.close();
    parentPort.postMessage({ type: "closed" });
  }
});
