// The worker thread of test/helpers/hrana-thread.ts: the Hrana test server, loaded through tsx.
import { parentPort, workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { startHranaServer } = await import(workerData.serverModule);
const server = await startHranaServer(workerData.options);
parentPort.on("message", async (message) => {
  if (message?.latency) {
    server.setLatency(message.latency);
    parentPort.postMessage("latency set");
  } else if (message === "close") {
    await server.close();
    parentPort.postMessage("closed");
  }
});
parentPort.postMessage({ url: server.url });
