import { describe, expect, it } from "vitest";
import { workerLiveFeeds } from "./live-feeds";

/**
 * A namespace of objects answering as `answer` says, recording every call: enough to see which
 * leases the Worker takes and gives back, without workerd.
 */
function fakeNamespace(answer: (name: string, path: string) => Response | Promise<Response>) {
  const calls: { name: string; path: string; body: string }[] = [];
  const namespace = {
    idFromName: (name: string) => name,
    get: (name: string) => ({
      async fetch(url: string, init?: RequestInit) {
        const path = new URL(url).pathname.slice(1);
        calls.push({ name, path, body: String(init?.body ?? "") });
        return answer(name, path);
      },
    }),
  } as unknown as DurableObjectNamespace;
  const released = () =>
    calls.filter((c) => c.path === "release").map((c) => JSON.parse(c.body).id as string);
  const acquired = () =>
    calls.filter((c) => c.path === "acquire").map((c) => JSON.parse(c.body).id as string);
  return { namespace, calls, released, acquired };
}

const logger = { info() {}, error() {} } as never;
const charges = [
  { key: "client:c1", limit: 5, name: "per-client", per: "client c1" },
  { key: "addr:203.0.113.1", limit: 20, name: "per-address", per: "address 203.0.113.1" },
];
const granted = () => Response.json({ granted: true });
const request = { kind: "event", id: "evt_1" } as never;

describe("stream slots on Workers", () => {
  it("gives back the leases already taken when a counter's object fails", async () => {
    const fake = fakeNamespace((name, path) => {
      if (path === "acquire" && name.startsWith("slots:addr:")) throw new Error("object overloaded");
      return path === "acquire" ? granted() : new Response(null, { status: 204 });
    });
    const live = workerLiveFeeds(fake.namespace, logger);
    await expect(live.acquire(charges as never)).rejects.toThrow("object overloaded");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.acquired()).toHaveLength(2);
    expect(fake.released()).toEqual([fake.acquired()[0]]);
  });

  it("gives back the leases when the feed's object does not take the stream", async () => {
    const fake = fakeNamespace((_name, path) =>
      path === "acquire"
        ? granted()
        : path === "stream"
          ? new Response("busy", { status: 503 })
          : new Response(null),
    );
    const live = workerLiveFeeds(fake.namespace, logger);
    const slot = await live.acquire(charges as never);
    if (!slot.granted) throw new Error("refused");
    const c = { req: { raw: new Request("https://api.example/v1/events/evt_1/changes") } } as never;
    const res = await live.stream(c, request, slot);
    expect(res.status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.released().sort()).toEqual(fake.acquired().sort());
  });
});
