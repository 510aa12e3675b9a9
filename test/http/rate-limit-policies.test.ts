/**
 * Which policy counts which request: every path is counted once, on the policy of the routes it
 * belongs to, whoever asks and whatever the route answers (404 and 405 included).
 */
import { describe, expect, it } from "vitest";
import { createMemoryRateLimiter, RATE_LIMIT_POLICIES } from "../../src/http/rate-limit";
import { createOrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";

const READ = '"read";q=600;w=60';
const WRITE = '"write";q=120;w=60';
const PUBLIC = '"public";q=3000;w=60';
const CLIENT_READ = `${READ}, "org-read";q=2400;w=60`;
const CLIENT_WRITE = `${WRITE}, "org-write";q=480;w=60`;

async function limitedApp() {
  const ctx = await createTestApp({
    limits: { rateLimiter: createMemoryRateLimiter(), clientAddress: () => "192.0.2.31" },
  });
  const store = await createOrgClient(ctx.app, ctx.db);
  const policy = async (path: string, init: RequestInit = {}) =>
    (await ctx.app.request(path, init)).headers.get("ratelimit-policy");
  return { ...ctx, store, policy };
}

describe("the policy of each kind of route", () => {
  it("counts the venue pages and the public change feeds on `public` when anonymous, the API's policies with a token", async () => {
    const { policy, store } = await limitedApp();
    // Every path the pages router serves, its 404s included.
    for (const path of ["/", "/e/evt_nope", "/s/ses_nope", "/t/tbl_nope", "/e/", "/t/tbl_nope/print", "/e"]) {
      expect(await policy(path), path).toBe(PUBLIC);
      expect(await policy(path, { method: "HEAD" }), `HEAD ${path}`).toBe(PUBLIC);
    }
    for (const path of ["/v1/events/evt_nope/changes", `/v1/orgs/${store.orgId}/changes`]) {
      expect(await policy(path), path).toBe(PUBLIC);
      expect(await policy(path, { headers: store.auth }), path).toBe(CLIENT_READ);
    }
    // Not a venue page, nor a public feed: the API's reads.
    for (const path of ["/ex", "/v1/events/evt_nope/live", "/v1/events/evt_nope/changes/"]) {
      expect(await policy(path), path).toBe(READ);
    }
    // A player's form on a table's page is a write.
    const form = {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "",
    };
    expect(await policy("/t/tbl_nope/confirmations", form)).toBe(WRITE);
  });

  it("counts the API's reads and writes per client and organisation with a token, per address without, answered or not", async () => {
    const { policy, store } = await limitedApp();
    expect(await policy(`/v1/orgs/${store.orgId}`, { headers: store.auth })).toBe(CLIENT_READ);
    expect(await policy(`/v1/orgs/${store.orgId}/events`, { method: "POST", headers: store.auth })).toBe(
      CLIENT_WRITE,
    );
    expect(await policy("/v1/events/evt_nope")).toBe(READ);
    expect(await policy("/v1/nowhere")).toBe(READ);
    expect(await policy("/v1/nowhere", { method: "POST" })).toBe(WRITE);
    // Outside /v1 too: the system routes, the documentation, unknown paths, a method not allowed.
    for (const path of ["/health", "/openapi.json", "/.well-known/oauth-authorization-server", "/nowhere"]) {
      expect(await policy(path), path).toBe(READ);
    }
    expect(await policy("/nowhere", { method: "DELETE" })).toBe(WRITE);
    expect(await policy("/health", { method: "DELETE" })).toBe(WRITE);
    expect(await policy("/v1/auth/token")).toBe(READ);
  });

  it("counts a session's print pages, whose work grows with its tables (a QR code each), on `read`", async () => {
    const { policy } = await limitedApp();
    for (const path of ["/s/ses_nope/print/sheets", "/s/ses_nope/print/slips", "/s/ses_nope/print/seating"]) {
      expect(await policy(path), path).toBe(READ);
    }
  });

  it("counts a request whose token or device cookie does not sign in as an anonymous one, until its 429", async () => {
    const { policy } = await limitedApp();
    const junkToken = { authorization: "Bearer not.a.token" };
    const junkCookie = { cookie: "catan-device=not-a-session" };
    expect(await policy("/v1/events/evt_nope", { headers: junkToken })).toBe(READ);
    expect(await policy("/v1/events/evt_nope", { headers: junkCookie })).toBe(READ);
    expect(await policy("/graphql", { method: "POST", headers: junkCookie })).toBe('"graphql";q=60;w=60');

    // A cookie guesser looks a session up per request: past the address's budget it stops at 429.
    const read = { ...RATE_LIMIT_POLICIES.read, limit: 3 };
    const { app } = await createTestApp({
      limits: {
        rateLimiter: createMemoryRateLimiter(),
        clientAddress: () => "192.0.2.32",
        rateLimitPolicies: { ...RATE_LIMIT_POLICIES, read },
      },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const headers = { cookie: `catan-device=guess-${i}` };
      statuses.push((await app.request("/v1/events/evt_nope", { headers })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it("counts GraphQL on its own policies and Discord's interactions on `discord`, by address", async () => {
    const { policy, store } = await limitedApp();
    const query = { "content-type": "application/json" };
    const body = JSON.stringify({ query: "{ __typename }" });
    expect(await policy("/graphql", { method: "POST", headers: query, body })).toBe('"graphql";q=60;w=60');
    expect(await policy("/graphql", { method: "POST", headers: { ...query, ...store.auth }, body })).toBe(
      '"graphql";q=60;w=60, "org-graphql";q=240;w=60',
    );
    expect(await policy("/discord/interactions", { method: "POST", headers: query, body: "{}" })).toBe(
      '"discord";q=12000;w=60',
    );
    expect(await policy("/discord/install")).toBe(READ);
  });

  it("counts the console's pages as reads and none of its forms (their API requests are counted)", async () => {
    const { policy } = await limitedApp();
    expect(await policy("/console")).toBe(READ);
    expect(await policy("/console/pair")).toBe(READ);
    const form = {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "",
    };
    expect(await policy("/console", form)).toBeNull();
    expect(await policy("/console/sign-out", form)).toBeNull();
  });

  it("counts a replayed write like any other, and lists a failed token request's policies after `write`", async () => {
    const { app, policy, store } = await limitedApp();
    const create = {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": "once", ...store.auth },
      body: JSON.stringify({ name: "Replayed Cup" }),
    };
    await app.request(`/v1/orgs/${store.orgId}/events`, create);
    const replay = await app.request(`/v1/orgs/${store.orgId}/events`, create);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.headers.get("ratelimit")).toMatch(/^"write";r=118;t=\d+, "org-write";r=478;t=\d+$/);
    const guess = () =>
      app.request("/v1/auth/token", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "client_credentials",
          client_id: store.clientId,
          client_secret: "x",
        }),
      });
    const wrong = await guess();
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("ratelimit-policy")).toBe(
      `${WRITE}, "token-address";q=30;w=60, "token-client";q=10;w=60`,
    );
    expect(wrong.headers.get("ratelimit")).toMatch(
      /^"write";r=\d+;t=\d+, "token-address";r=29;t=\d+, "token-client";r=9;t=\d+$/,
    );
    for (let i = 1; i < 10; i++) expect((await guess()).status).toBe(401);
    const stopped = await guess();
    expect(stopped.status).toBe(429);
    expect(stopped.headers.get("ratelimit-policy")).toBe(
      `${WRITE}, "token-address";q=30;w=60, "token-client";q=10;w=60`,
    );
    expect(stopped.headers.get("ratelimit")).toMatch(
      /^"write";r=\d+;t=\d+, "token-address";r=19;t=\d+, "token-client";r=0;t=\d+$/,
    );
    expect(await stopped.json()).toMatchObject({ status: 429, code: "rate_limited" });
    // A malformed request is not a failure of the secret: only `write` counts it.
    expect(
      await policy("/v1/auth/token", { method: "POST", headers: { "content-type": "text/plain" } }),
    ).toBe(WRITE);
  });

  it("counts a failed token request against the client id it names, in the body or in a Basic header, malformed or not", async () => {
    const { app, store } = await limitedApp();
    /** What is left of the store's client's failures from this address after one more (NaN: not counted). */
    const clientLeft = async (authorization: string | undefined, body: Record<string, string>) => {
      const res = await app.request("/v1/auth/token", {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          ...(authorization ? { authorization } : {}),
        },
        body: new URLSearchParams({ grant_type: "client_credentials", ...body }),
      });
      expect(res.status).toBe(401);
      return Number(/"token-client";r=(\d+)/.exec(res.headers.get("ratelimit") ?? "")?.[1]);
    };
    const id = store.clientId;
    expect(await clientLeft(undefined, { client_id: id, client_secret: "x" })).toBe(9);
    expect(await clientLeft(undefined, { client_id: id })).toBe(8);
    expect(await clientLeft(`Basic ${btoa(`${id}:x`)}`, {})).toBe(7);
    expect(await clientLeft(`Basic ${btoa(id)}`, {})).toBe(6);
    expect(await clientLeft(`Basic ${btoa(`${id}:%E0`)}`, {})).toBe(5);
    // These name no client: only the address counts them.
    expect(await clientLeft("Basic !!!", {})).toBeNaN();
    expect(await clientLeft(undefined, { client_secret: "x" })).toBeNaN();
  });
});
