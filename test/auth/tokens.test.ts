import { createRoute, z } from "@hono/zod-openapi";
import { base64url, decodeJwt, decodeProtectedHeader, type JWTPayload, SignJWT } from "jose";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import type { App } from "../../src/http/app";
import { requireAuth } from "../../src/http/middleware/auth";
import { createRouter } from "../../src/http/router";
import { type ClientAuth, createOrgClient, fetchToken } from "../helpers/auth";
import { createTestApp, TEST_JWT_SECRET } from "../helpers/test-app";

const T0 = new Date("2026-12-12T10:00:00.000Z");
const sec = (date: Date) => Math.floor(date.getTime() / 1000);
const KEY = new TextEncoder().encode(TEST_JWT_SECRET);

let app: App;
let db: Database;
let now: Date;
let store: ClientAuth & { orgId: string };
let handlerCalls = 0;

// A protected probe on the real app: counts how often a handler actually runs.
const probe = createRoute({
  method: "get",
  path: "/__probe/protected",
  middleware: [requireAuth] as const,
  responses: {
    200: { description: "ok", content: { "application/json": { schema: z.object({ who: z.string() }) } } },
  },
});

beforeAll(async () => {
  ({ app, db } = await createTestApp({ time: { clock: () => now } }));
  app.route(
    "/",
    createRouter().openapi(probe, (c) => {
      handlerCalls++;
      const actor = c.var.actor;
      return c.json({ who: actor.kind === "client" ? actor.clientId : "anonymous" }, 200);
    }),
  );
  now = T0;
  store = await createOrgClient(app, db);
});

beforeEach(() => {
  now = T0;
  handlerCalls = 0;
});

/** A token like ours, with claims and header overridable; signed with the test key unless told otherwise. */
async function forge(
  overrides: JWTPayload = {},
  options: { key?: Uint8Array; alg?: string; typ?: string | null; omit?: string[] } = {},
): Promise<string> {
  const claims: JWTPayload = {
    iss: "catan-tournament-api",
    aud: "catan-tournament-api",
    sub: store.clientId,
    org: store.orgId,
    role: "owner",
    iat: sec(now),
    exp: sec(now) + 900,
    jti: crypto.randomUUID(),
    ...overrides,
  };
  for (const name of options.omit ?? []) delete claims[name];
  const header = {
    alg: options.alg ?? "HS256",
    ...(options.typ === null ? {} : { typ: options.typ ?? "at+jwt" }),
  };
  return new SignJWT(claims).setProtectedHeader(header).sign(options.key ?? KEY);
}

const callProtected = (authorization?: string) =>
  app.request("/__probe/protected", authorization ? { headers: { authorization } } : {});

async function expectRefused(authorization: string | undefined, code = "invalid_token") {
  for (const res of [
    await callProtected(authorization),
    await app.request(`/v1/orgs/${store.orgId}`, authorization ? { headers: { authorization } } : {}),
  ]) {
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer realm="catan", error="invalid_token"/);
    expect((await res.json()).code).toBe(code);
  }
  expect(handlerCalls).toBe(0);
}

describe("a valid token", () => {
  it("reaches the handler as its client", async () => {
    const res = await callProtected(`Bearer ${store.token}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ who: store.clientId });
    expect(handlerCalls).toBe(1);
  });

  it("accepts a forged-alike token signed with the right key (the baseline of every refusal below)", async () => {
    expect((await callProtected(`Bearer ${await forge()}`)).status).toBe(200);
  });

  it("carries iss, aud, sub, org, role, iat, exp (15 min) and jti, typ at+jwt, alg HS256", async () => {
    const claims = decodeJwt(store.token);
    expect(claims).toMatchObject({
      iss: "catan-tournament-api",
      aud: "catan-tournament-api",
      sub: store.clientId,
      org: store.orgId,
      role: "owner",
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(900);
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(decodeProtectedHeader(store.token)).toEqual({ alg: "HS256", typ: "at+jwt" });
  });
});

describe("no token on a protected route: 401 token_required, a Bearer challenge without an error (RFC 6750 §3.1)", () => {
  it("names the scheme and realm only, on the route middleware and in the services alike", async () => {
    for (const res of [await callProtected(), await app.request(`/v1/orgs/${store.orgId}`)]) {
      expect(res.status).toBe(401);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="catan"');
      expect((await res.json()).code).toBe("token_required");
    }
    expect(handlerCalls).toBe(0);
  });
});

describe("refused tokens: 401, WWW-Authenticate Bearer error=invalid_token, no handler runs", () => {
  it("alg none (unsigned)", async () => {
    const [, payload] = (await forge()).split(".");
    const header = base64url.encode(JSON.stringify({ alg: "none", typ: "at+jwt" }));
    await expectRefused(`Bearer ${header}.${payload}.`);
  });

  it("signed with another key", async () => {
    await expectRefused(`Bearer ${await forge({}, { key: new TextEncoder().encode("x".repeat(40)) })}`);
  });

  it("HS512 with the right key (the algorithm is pinned)", async () => {
    await expectRefused(`Bearer ${await forge({}, { alg: "HS512" })}`);
  });

  it("wrong issuer", async () => {
    await expectRefused(`Bearer ${await forge({ iss: "https://evil.example" })}`);
  });

  it("wrong audience", async () => {
    await expectRefused(`Bearer ${await forge({ aud: "another-api" })}`);
  });

  it("expired beyond the 60 s clock skew", async () => {
    await expectRefused(`Bearer ${await forge({ iat: sec(now) - 1000, exp: sec(now) - 61 })}`);
  });

  it("nbf in the future (beyond the skew)", async () => {
    await expectRefused(`Bearer ${await forge({ nbf: sec(now) + 120 })}`);
  });

  it("no exp", async () => {
    await expectRefused(`Bearer ${await forge({}, { omit: ["exp"] })}`);
  });

  it("no sub / no jti / no role / no org", async () => {
    for (const claim of ["sub", "jti", "role", "org"]) {
      await expectRefused(`Bearer ${await forge({}, { omit: [claim] })}`);
    }
  });

  it("not an access token (no typ at+jwt)", async () => {
    await expectRefused(`Bearer ${await forge({}, { typ: null })}`);
  });

  it("tampered payload (role raised to admin, signature kept)", async () => {
    const [header, , signature] = store.token.split(".");
    const claims = { ...decodeJwt(store.token), role: "admin", org: null };
    await expectRefused(`Bearer ${header}.${base64url.encode(JSON.stringify(claims))}.${signature}`);
  });

  it("correctly signed but claiming a role or org its client does not have", async () => {
    await expectRefused(`Bearer ${await forge({ role: "admin", org: null })}`);
    const other = await createOrgClient(app, db);
    await expectRefused(`Bearer ${await forge({ org: other.orgId })}`);
  });

  it("correctly signed for a client that does not exist", async () => {
    await expectRefused(`Bearer ${await forge({ sub: "cli_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A" })}`);
  });

  it("garbage, a bare scheme, or another scheme", async () => {
    for (const header of [
      "Bearer garbage",
      "Bearer a.b.c",
      "Bearer ",
      "Bearer",
      "Basic dXNlcjpwYXNz",
      "Token abc",
    ]) {
      await expectRefused(header);
    }
  });

  it("a token of a revoked client: its old token is refused and it gets no new one", async () => {
    const victim = await createOrgClient(app, db);
    expect((await callProtected(`Bearer ${victim.token}`)).status).toBe(200);
    handlerCalls = 0;
    const res = await app.request(`/v1/orgs/${victim.orgId}/clients/${victim.clientId}`, {
      method: "DELETE",
      headers: victim.auth,
    });
    expect(res.status).toBe(204);
    await expectRefused(`Bearer ${victim.token}`);
    await expect(fetchToken(app, victim.clientId, victim.clientSecret)).rejects.toThrow(
      /401.*invalid_client/,
    );
  });

  it("logs why, never the token", async () => {
    const { app: logged, logger } = await createTestApp({ storage: { db }, time: { clock: () => now } });
    const token = await forge({ aud: "another-api" });
    expect(
      (await logged.request(`/v1/orgs/${store.orgId}`, { headers: { authorization: `Bearer ${token}` } }))
        .status,
    ).toBe(401);
    const lines = JSON.stringify(logger.lines);
    expect(lines).toContain("bearer token refused");
    expect(lines).not.toContain(token.split(".")[2]);
  });
});

describe("expiry with the injected clock", () => {
  it("accepts a token up to 60 s after exp and refuses it after", async () => {
    const token = await fetchToken(app, store.clientId, store.clientSecret);
    now = new Date(T0.getTime() + (900 + 59) * 1000);
    expect((await callProtected(`Bearer ${token}`)).status).toBe(200);
    now = new Date(T0.getTime() + (900 + 61) * 1000);
    handlerCalls = 0;
    await expectRefused(`Bearer ${token}`);
  });

  it("accepts a forged expiry within the skew", async () => {
    expect(
      (await callProtected(`Bearer ${await forge({ iat: sec(now) - 950, exp: sec(now) - 50 })}`)).status,
    ).toBe(200);
  });

  it("accepts an iat slightly in the future (issuer clock ahead)", async () => {
    expect(
      (await callProtected(`Bearer ${await forge({ iat: sec(now) + 30, nbf: sec(now) + 30 })}`)).status,
    ).toBe(200);
  });
});
