import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../src/db/schema";
import { generateOpenApiDocument } from "../../src/http/openapi/generate";
import { createMemoryRateLimiter, RATE_LIMIT_POLICIES } from "../../src/http/rate-limit";
import { addClient, bearer, createOrgClient, fetchToken } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";

/** An app with Node's limiter; each test's requests come from the address it names. */
async function limitedApp() {
  let address = "192.0.2.1";
  const ctx = await createTestApp({
    limits: { rateLimiter: createMemoryRateLimiter(), clientAddress: () => address },
  });
  const from = (next: string) => {
    address = next;
  };
  return { ...ctx, from };
}

function tokenRequest(app: Awaited<ReturnType<typeof limitedApp>>["app"], clientId: string, secret: string) {
  return app.request("/v1/auth/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: clientId,
      client_secret: secret,
    }),
  });
}

describe("rate limits", () => {
  it("sends the IETF RateLimit-Policy and RateLimit headers on every answer", async () => {
    const { app } = await limitedApp();
    const res = await app.request("/health");
    expect(res.headers.get("ratelimit-policy")).toBe('"read";q=600;w=60');
    expect(res.headers.get("ratelimit")).toMatch(/^"read";r=599;t=\d+$/);
  });

  it("never limits a leaderboard bot polling every 5 s with If-None-Match (12 a minute in a 600-a-minute window)", async () => {
    const { app, db } = await limitedApp();
    const store = await createOrgClient(app, db);
    const event = await app.request(`/v1/orgs/${store.orgId}/events`, {
      method: "POST",
      headers: { "content-type": "application/json", ...store.auth },
      body: JSON.stringify({ name: "Polled Cup" }),
    });
    const { id } = (await event.json()) as { id: string };
    // 12 polls a minute; the window is a minute, so one minute's polls show the whole hour's margin
    const first = await app.request(`/v1/events/${id}/qualification`);
    const etag = first.headers.get("etag")!;
    for (let i = 0; i < 11; i++) {
      const res = await app.request(`/v1/events/${id}/qualification`, { headers: { "if-none-match": etag } });
      expect(res.status).toBe(304);
    }
    const remaining = Number(
      /r=(\d+)/.exec((await app.request(`/v1/events/${id}/qualification`)).headers.get("ratelimit")!)?.[1],
    );
    expect(remaining).toBeGreaterThanOrEqual(RATE_LIMIT_POLICIES.read.limit - 13);
  });

  it("answers 429 problem+json with Retry-After once an anonymous address spends its reads", async () => {
    const { app, from } = await limitedApp();
    from("198.51.100.7");
    for (let i = 0; i < RATE_LIMIT_POLICIES.read.limit; i++)
      expect((await app.request("/health")).status).toBe(200);
    const res = await app.request("/health");
    expect(res.status).toBe(429);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(res.headers.get("ratelimit")).toMatch(/^"read";r=0;t=\d+$/);
    expect(await res.json()).toMatchObject({ status: 429, code: "rate_limited" });
    // another address is not affected
    from("198.51.100.8");
    expect((await app.request("/health")).status).toBe(200);
  });

  it("counts a token's requests per client id, not per address", async () => {
    const { app, db, from } = await limitedApp();
    const store = await createOrgClient(app, db);
    for (let i = 0; i < RATE_LIMIT_POLICIES.write.limit; i++) {
      from(`203.0.113.${i % 200}`);
      const res = await app.request(`/v1/orgs/${store.orgId}/events`, {
        method: "POST",
        headers: { "content-type": "application/json", ...store.auth },
        body: "{",
      });
      expect(res.status).toBe(400);
    }
    from("203.0.113.250");
    const res = await app.request(`/v1/orgs/${store.orgId}/events`, {
      method: "POST",
      headers: { "content-type": "application/json", ...store.auth },
      body: "{",
    });
    expect(res.status).toBe(429);
  });

  it("limits wrong secrets per client id and address, never the right one: it is checked before the count", async () => {
    const { app, db, from } = await limitedApp();
    const store = await createOrgClient(app, db);
    from("192.0.2.50");
    for (let i = 0; i < 20; i++)
      expect((await tokenRequest(app, store.clientId, store.clientSecret)).status).toBe(200);
    // A tablemate's phone at the venue guesses from the one address every phone there shares.
    from("192.0.2.66");
    for (let i = 0; i < RATE_LIMIT_POLICIES.tokenClient.limit; i++)
      expect((await tokenRequest(app, store.clientId, "cs_wrong")).status).toBe(401);
    const stopped = await tokenRequest(app, store.clientId, "cs_wrong");
    expect(stopped.status).toBe(429);
    expect(stopped.headers.get("retry-after")).toBeTruthy();
    expect(stopped.headers.get("ratelimit-policy")).toContain('"token-client";q=10;w=60');
    expect(await stopped.json()).toMatchObject({ code: "rate_limited" });
    // The right secret from that same address is still taken, and counts nothing.
    for (let i = 0; i < 3; i++)
      expect((await tokenRequest(app, store.clientId, store.clientSecret)).status).toBe(200);
    expect((await tokenRequest(app, store.clientId, "cs_wrong")).status).toBe(429);
    // One address guessing many client ids runs into the per-address budget of failures, and
    // a right secret from it still works.
    from("192.0.2.200");
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMIT_POLICIES.tokenAddress.limit; i++)
      statuses.push((await tokenRequest(app, `cli_guess${i}`, "cs_wrong")).status);
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await tokenRequest(app, store.clientId, store.clientSecret)).status).toBe(200);
  });

  it("counts every token request of an address on its write budget: the rate a guesser can still try", async () => {
    const { app, db, from } = await limitedApp();
    const store = await createOrgClient(app, db);
    from("192.0.2.77");
    for (let i = 0; i < RATE_LIMIT_POLICIES.write.limit; i++)
      await tokenRequest(app, store.clientId, i % 2 ? store.clientSecret : `cs_guess_${i}`);
    const res = await tokenRequest(app, store.clientId, store.clientSecret);
    expect(res.status).toBe(429);
    expect(res.headers.get("ratelimit-policy")).toContain('"write";q=120;w=60');
    from("192.0.2.78");
    expect((await tokenRequest(app, store.clientId, store.clientSecret)).status).toBe(200);
  });

  it("raises one audit event when many addresses guess one client's secret, and locks nobody out", async () => {
    const { app, db, from, logger } = await limitedApp();
    const store = await createOrgClient(app, db);
    const guesses = RATE_LIMIT_POLICIES.tokenAlarm.limit + 10;
    for (let i = 0; i < guesses; i++) {
      from(`203.0.113.${i}`);
      expect((await tokenRequest(app, store.clientId, `cs_guess_${i}`)).status).toBe(401);
    }
    from("198.51.100.21");
    expect((await tokenRequest(app, store.clientId, store.clientSecret)).status).toBe(200);
    const alarms = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "client.token-guessing"), eq(auditLog.entityId, store.clientId)));
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({ orgId: store.orgId, entityType: "client" });
    expect(logger.lines.filter((l) => l.message === "token guessing suspected")).toHaveLength(1);
  });

  it("counts an organisation's clients together: minting clients does not multiply its budget", async () => {
    const { app, db, from } = await limitedApp();
    const store = await createOrgClient(app, db);
    const minted = [store];
    for (let i = 0; i < 4; i++)
      minted.push({ ...(await addClient(app, db, store.orgId, "owner")), orgId: store.orgId });
    const statuses: number[] = [];
    for (const client of minted) {
      for (let i = 0; i < RATE_LIMIT_POLICIES.write.limit; i++) {
        from(`203.0.113.${i % 200}`);
        const res = await app.request(`/v1/orgs/${store.orgId}/events`, {
          method: "POST",
          headers: { "content-type": "application/json", ...client.auth },
          body: "{",
        });
        statuses.push(res.status);
        if (res.status === 429) expect((await res.json()).detail).toContain(`organisation ${store.orgId}`);
      }
    }
    expect(statuses.filter((s) => s === 400)).toHaveLength(RATE_LIMIT_POLICIES.orgWrite.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(
      minted.length * RATE_LIMIT_POLICIES.write.limit - RATE_LIMIT_POLICIES.orgWrite.limit,
    );
  });

  it("counts IPv6 callers per /64 and an IPv4-mapped address as its IPv4 address", async () => {
    const { app, from } = await limitedApp();
    const spend = async (addresses: string[]) => {
      for (let i = 0; i < RATE_LIMIT_POLICIES.read.limit; i++) {
        from(addresses[i % addresses.length]!);
        expect((await app.request("/health?check=live")).status).toBe(200);
      }
    };
    await spend(["2001:db8:1:2::1", "2001:db8:1:2:ffff:ffff:ffff:fffe", "2001:DB8:1:2::a%eth0"]);
    from("2001:db8:1:2:1234::1");
    expect((await app.request("/health?check=live")).status).toBe(429);
    from("2001:db8:1:3::1");
    expect((await app.request("/health?check=live")).status).toBe(200);
    await spend(["192.0.2.9"]);
    from("::ffff:192.0.2.9");
    expect((await app.request("/health?check=live")).status).toBe(429);
  });

  it("limits GraphQL on its own budget, and tokens keep working for other routes", async () => {
    const { app, db } = await limitedApp();
    const store = await createOrgClient(app, db);
    const token = await fetchToken(app, store.clientId, store.clientSecret);
    let last = 0;
    for (let i = 0; i <= RATE_LIMIT_POLICIES.graphql.limit; i++) {
      last = (
        await app.request("/graphql", {
          method: "POST",
          headers: { "content-type": "application/json", ...bearer(token) },
          body: JSON.stringify({ query: "{ __typename }" }),
        })
      ).status;
    }
    expect(last).toBe(429);
    expect((await app.request(`/v1/orgs/${store.orgId}`, { headers: bearer(token) })).status).toBe(200);
  });
});

describe("rate limits in the OpenAPI document", () => {
  it("documents 429 with Retry-After and the RateLimit headers on every operation", async () => {
    const doc = (await generateOpenApiDocument()) as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>
      >;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ name: `${method} ${path}`, op })),
    );
    expect(operations.length).toBeGreaterThan(30);
    for (const { name, op } of operations) {
      expect(op.responses["429"], name).toBeDefined();
      expect(
        Object.keys(op.responses["429"]?.headers ?? {}).map((h) => h.toLowerCase()),
        name,
      ).toEqual(expect.arrayContaining(["retry-after", "ratelimit", "ratelimit-policy"]));
    }
  });
});
