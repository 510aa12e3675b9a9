/**
 * Concurrent live streams are capped per client id and per address (an IPv6 address by its
 * /64): past the cap, 429 with a problem naming the limit; a closed stream frees its slot at
 * once; an anonymous caller's stream ends sooner than maxSeconds asks. The default cap lets a
 * store's 40 phones behind one NAT address watch the venue screen.
 */
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_STREAM_LIMITS } from "../../src/services/live";
import { addClient, createOrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { jsonRequest } from "../helpers/workflow";

const opened: Response[] = [];

afterEach(async () => {
  for (const res of opened.splice(0)) await res.body?.cancel().catch(() => {});
});

async function setup(limits: Partial<typeof DEFAULT_STREAM_LIMITS> = {}) {
  const ctx = await createTestApp({
    live: { changePollMs: 20, streamLimits: limits },
    limits: { clientAddress: (c) => c.req.header("x-test-address") },
  });
  const store = await createOrgClient(ctx.app, ctx.db, { name: "Capped store" });
  const api = jsonRequest(ctx.app, store.auth);
  const eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Capped cup" })).body
    .id as string;
  const open = async (
    address: string,
    headers: Record<string, string> = {},
    path = `/v1/events/${eventId}/changes`,
  ) => {
    const res = await ctx.app.request(`${path}?maxSeconds=3600`, {
      headers: { "x-test-address": address, ...headers },
    });
    if (res.status === 200) opened.push(res);
    return res;
  };
  return { ctx, store, eventId, open };
}

describe("concurrent streams per address", () => {
  it("answers 429 naming the limit past the cap, and frees a slot when a stream closes", async () => {
    const { open } = await setup({ perAddress: 3 });
    for (let i = 0; i < 3; i++) expect((await open("203.0.113.7")).status).toBe(200);
    const refused = await open("203.0.113.7");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    const problem = await refused.json();
    expect(problem).toMatchObject({ status: 429, code: "too_many_streams" });
    expect(problem.detail).toContain("streams-per-address");
    expect(problem.detail).toContain("address 203.0.113.7");
    // Another address is not affected; a closed stream frees its slot.
    expect((await open("198.51.100.1")).status).toBe(200);
    await opened[0]!.body!.cancel();
    opened.shift();
    expect((await open("203.0.113.7")).status).toBe(200);
  });

  it("counts an IPv6 address by its /64", async () => {
    const { open } = await setup({ perAddress: 2 });
    expect((await open("2001:db8:1:2::1")).status).toBe(200);
    expect((await open("2001:db8:1:2:ffff:ffff:ffff:fffe")).status).toBe(200);
    const refused = await open("2001:db8:1:2::42");
    expect(refused.status).toBe(429);
    expect((await refused.json()).detail).toContain("2001:db8:1:2::/64");
    expect((await open("2001:db8:1:3::1")).status).toBe(200);
  });

  it("lets a store's 40 phones behind one address watch the screen with the default caps", async () => {
    const { open } = await setup();
    for (let i = 0; i < 40; i++) expect((await open("192.0.2.40")).status).toBe(200);
    expect(DEFAULT_STREAM_LIMITS.perAddress).toBeGreaterThanOrEqual(40 * 4);
  });
});

describe("concurrent streams per client", () => {
  it("caps a client's streams whatever address they come from, the organisation feed included", async () => {
    const { ctx, store, eventId, open } = await setup({ perClient: 2 });
    const bot = await addClient(ctx.app, ctx.db, store.orgId, "reader");
    expect((await open("192.0.2.1", bot.auth)).status).toBe(200);
    expect((await open("192.0.2.2", bot.auth, `/v1/orgs/${store.orgId}/changes`)).status).toBe(200);
    const refused = await open("192.0.2.3", bot.auth);
    expect(refused.status).toBe(429);
    expect((await refused.json()).detail).toContain(`streams-per-client`);
    // Another client of the same store still gets its own.
    expect((await open("192.0.2.4", store.auth, `/v1/events/${eventId}/changes`)).status).toBe(200);
  });
});

describe("the longest anonymous stream", () => {
  it("ends an anonymous stream at the anonymous maximum however long maxSeconds asks", async () => {
    const { open } = await setup({ anonymousMaxSeconds: 1 });
    const res = await open("192.0.2.9");
    const started = Date.now();
    const text = await res.text();
    expect(text).toContain("event: results");
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
