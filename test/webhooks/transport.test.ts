/**
 * The Node transport against receivers that misbehave after answering: a delivery needs the
 * status (and Retry-After) only, so the body a receiver sends is never downloaded.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { nodeTransport } from "../../src/runtime/node/transport";

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** Answers 200 at once, then streams a body that never ends; says when the connection closed. */
async function endlessBody() {
  let sent = 0;
  let closed: () => void = () => {};
  const closedAt = new Promise<void>((resolve) => {
    closed = resolve;
  });
  const server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { "content-type": "application/octet-stream" });
    const chunk = Buffer.alloc(64 * 1024, 120);
    const timer = setInterval(() => {
      res.write(chunk);
      sent += chunk.length;
    }, 10);
    res.on("close", () => {
      clearInterval(timer);
      closed();
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, closed: closedAt, sent: () => sent };
}

describe("the Node webhook transport", () => {
  it("reads the status and closes the connection instead of downloading a body that never ends", async () => {
    const receiver = await endlessBody();
    const reply = await nodeTransport({ allowLoopback: true })({
      url: receiver.url,
      headers: { "content-type": "application/json" },
      body: "{}",
      timeoutMs: 10_000,
    });
    expect(reply.status).toBe(200);
    const outcome = await Promise.race([
      receiver.closed.then(() => "closed"),
      new Promise((resolve) => setTimeout(() => resolve("still downloading"), 1500)),
    ]);
    expect(outcome).toBe("closed");
    expect(receiver.sent()).toBeLessThan(4 * 1024 * 1024);
  });
});
