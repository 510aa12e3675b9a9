/**
 * Limits an operator sets: RATE_LIMITS (per policy limit and window, or `off`), a higher quota
 * a platform admin gives one client through the API, and the venue's phones behind one NAT
 * address, which their own policy keeps from being limited.
 */
import { readFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import { auditLog } from "../../src/db/schema";
import type { AppEnv } from "../../src/http/context";
import {
  bindingName,
  createMemoryRateLimiter,
  nodeRateLimits,
  RATE_LIMIT_POLICIES,
  type RateLimitPolicies,
  rateLimitSettings,
  rateLimits,
} from "../../src/http/rate-limit";
import { ANONYMOUS } from "../../src/services/access";
import { adminAuth, createOrgClient } from "../helpers/auth";
import { startNodeServer } from "../helpers/node-server";
import { createTestApp, createTestLogger } from "../helpers/test-app";
import { createPlayers, jsonRequest } from "../helpers/workflow";

async function limitedApp(policies?: RateLimitPolicies) {
  let address = "192.0.2.1";
  const ctx = await createTestApp({
    limits: {
      rateLimiter: createMemoryRateLimiter(),
      clientAddress: () => address,
      ...(policies ? { rateLimitPolicies: policies } : {}),
    },
  });
  return {
    ...ctx,
    from: (next: string) => {
      address = next;
    },
  };
}

describe("RATE_LIMITS", () => {
  it("is the defaults when unset, none with `off`, and changes the policies it names", () => {
    expect(rateLimitSettings(undefined)).toEqual({ off: false, policies: RATE_LIMIT_POLICIES });
    expect(rateLimitSettings(" OFF ")).toEqual({ off: true });
    const set = rateLimitSettings("read=1200/60, public=6000/120s,org-write=900/60");
    expect(set.off).toBe(false);
    if (set.off) return;
    expect(set.policies.read).toEqual({ name: "read", limit: 1200, windowSeconds: 60 });
    expect(set.policies.public).toEqual({ name: "public", limit: 6000, windowSeconds: 120 });
    expect(set.policies.orgWrite).toEqual({ name: "org-write", limit: 900, windowSeconds: 60 });
    expect(set.policies.write).toEqual(RATE_LIMIT_POLICIES.write);
  });

  it.each(["reads=10/60", "read=10", "read=0/60", "read=10/0", "read=ten/60", "read=10/60/2"])(
    "refuses %s, naming the entry and the policies",
    (value) => {
      expect(() => rateLimitSettings(value)).toThrow(/RATE_LIMITS: .* the policies are read, write, graphql/);
    },
  );

  it("limits as set: the policy's limit and window in the headers and the 429", async () => {
    const set = rateLimitSettings("read=3/10");
    if (set.off) throw new Error("off");
    const { app } = await limitedApp(set.policies);
    for (let i = 0; i < 3; i++) expect((await app.request("/health?check=live")).status).toBe(200);
    const limited = await app.request("/health?check=live");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("ratelimit-policy")).toBe('"read";q=3;w=10');
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(10);
  });

  it("ships wrangler.toml with one Workers binding per policy, at the policy's limit and period", () => {
    const toml = readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8");
    const bindings = [
      ...toml.matchAll(
        /\[\[ratelimits\]\]\s*name = "(\w+)"\s*namespace_id = "\d+"\s*simple = \{ limit = (\d+), period = (\d+) \}/g,
      ),
    ].map(([, name, limit, period]) => ({ name, limit: Number(limit), period: Number(period) }));
    expect(bindings).toEqual(
      Object.values(RATE_LIMIT_POLICIES).map((p) => ({
        name: bindingName(p.name),
        limit: p.limit,
        period: p.windowSeconds,
      })),
    );
  });
});

describe("RATE_LIMITS on the Node server", () => {
  it("`off` gives the app no limiter: nothing is counted, no RateLimit headers", async () => {
    expect(nodeRateLimits(rateLimitSettings("off"))).toEqual({});
    const { app } = await createTestApp({
      limits: { ...nodeRateLimits(rateLimitSettings("off")), clientAddress: () => "192.0.2.3" },
    });
    const res = await app.request("/health?check=live");
    expect(res.headers.get("ratelimit-policy")).toBeNull();
    const set = nodeRateLimits(rateLimitSettings("read=7/60"));
    expect(set.rateLimitPolicies?.read).toEqual({ name: "read", limit: 7, windowSeconds: 60 });
  });

  it("is read from the environment at start, and a malformed value stops the server naming it", async () => {
    const limited = await startNodeServer(
      { DATABASE_URL: ":memory:", RATE_LIMITS: "read=2/60" },
      { firstStart: true },
    );
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await fetch(`${limited.url}/health?check=live`)).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.kill();
    }
    await expect(startNodeServer({ DATABASE_URL: ":memory:", RATE_LIMITS: "reads=1/60" })).rejects.toThrow(
      /RATE_LIMITS: "reads=1\/60"/,
    );
  }, 120_000);
});

describe("a client's quota, set by a platform admin", () => {
  it("multiplies the client's limits, counts it off its organisation's budget, and is audited", async () => {
    const { app, db } = await limitedApp();
    const store = await createOrgClient(app, db);
    const admin = jsonRequest(app, (await adminAuth(app, db)).auth);
    const owner = jsonRequest(app, store.auth);
    const path = `/v1/orgs/${store.orgId}/clients/${store.clientId}/rate-limit`;
    // An owner cannot raise its own organisation's limits.
    expect((await owner.put(path, { factor: 5 })).status).toBe(403);
    expect((await admin.put(path, { factor: 0 })).status).toBe(422);
    expect((await admin.put(path, { factor: 21 })).status).toBe(422);
    const set = await admin.put(path, { factor: 3 });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ clientId: store.clientId, rateLimitFactor: 3 });
    const writes: number[] = [];
    let policy = "";
    // The owner's refused attempt above was one of its writes.
    const quota = 3 * RATE_LIMIT_POLICIES.write.limit - 1;
    for (let i = 0; i <= quota; i++) {
      const res = await app.request(`/v1/orgs/${store.orgId}/events`, {
        method: "POST",
        headers: { "content-type": "application/json", ...store.auth },
        body: "{",
      });
      writes.push(res.status);
      policy = res.headers.get("ratelimit-policy") ?? "";
    }
    expect(writes.filter((s) => s === 400)).toHaveLength(quota);
    expect(writes.at(-1)).toBe(429);
    expect(policy).toBe(`"write";q=${3 * RATE_LIMIT_POLICIES.write.limit};w=60`);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "client.rate-limit"), eq(auditLog.entityId, store.clientId)));
    expect(audit).toMatchObject({
      orgId: store.orgId,
      before: { rateLimitFactor: 1 },
      after: { rateLimitFactor: 3 },
    });
  });
});

describe("a store's phones behind one NAT address", () => {
  it("are never limited reading the live screen, its change feed and the table pages, minute after minute", async () => {
    const limiter = createMemoryRateLimiter();
    const nat = "203.0.113.77";
    const { app, db } = await createTestApp({ limits: { rateLimiter: limiter, clientAddress: () => nat } });
    const store = await createOrgClient(app, db);
    const staff = jsonRequest(app, store.auth);
    const players = await createPlayers(staff, store.orgId, 12);
    const event = (await staff.post(`/v1/orgs/${store.orgId}/events`, { name: "Store night" })).body;
    const session = (await staff.post(`/v1/events/${event.id}/sessions`, { name: "Night" })).body;
    await staff.post(`/v1/sessions/${session.id}/players`, { playerIds: players });
    const round = (await staff.post(`/v1/sessions/${session.id}/rounds`, {})).body.data[0];
    const tableIds: string[] = round.tables.map((t: { id: string }) => t.id);
    const screen = `/e/${event.id}/screen`;
    const phones = 40;
    // The same limiter and policies in front of a handler that costs nothing: what is counted is
    // decided before any handler runs, and 2,400 page renders a minute would make a slow test.
    const sameLimits = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set("actor", ANONYMOUS);
        c.set("requestId", "nat");
        c.set("logger", createTestLogger());
        await next();
      })
      .use(rateLimits(limiter, () => nat, RATE_LIMIT_POLICIES).publicReads)
      .get("*", (c) => c.text("ok"));
    const now = Date.parse("2026-12-05T14:00:00Z");
    vi.useFakeTimers({ toFake: ["Date"], now });
    try {
      for (let minute = 0; minute < 3; minute++) {
        vi.setSystemTime(now + minute * 60_000);
        const statuses: number[] = [];
        // Every phone opens the screen and its change feed (it reconnects every 10 minutes; here
        // every minute) and a table page (the QR code): through the whole app the first minute.
        const via = minute === 0 ? app : sameLimits;
        for (let p = 0; p < phones; p++) {
          statuses.push((await via.request(screen)).status);
          statuses.push((await via.request(`/t/${tableIds[p % tableIds.length]}`)).status);
          const feed = await via.request(`/v1/events/${event.id}/changes?maxSeconds=1`);
          statuses.push(feed.status);
          await feed.body?.cancel();
        }
        // The busiest minute: a result changes every second, and each phone's screen refetches its
        // page on each change (it follows the feed, which looks once a second: never more often).
        for (let change = 0; change < 60; change++) {
          for (let p = 0; p < phones; p++) statuses.push((await sameLimits.request(screen)).status);
        }
        const last = await app.request(screen);
        expect(
          statuses.filter((s) => s !== 200),
          `minute ${minute}`,
        ).toEqual([]);
        expect(last.status).toBe(200);
        expect(last.headers.get("ratelimit")).toMatch(/^"public";r=\d+;t=\d+$/);
      }
    } finally {
      vi.useRealTimers();
    }
    // The JSON API from the same address keeps its own, tighter limit.
    const json = await app.request(`/v1/events/${event.id}`);
    expect(json.headers.get("ratelimit-policy")).toBe('"read";q=600;w=60');
  }, 120_000);
});
