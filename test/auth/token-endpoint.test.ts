import { decodeJwt } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import type { App } from "../../src/http/app";
import { operationCodes } from "../../src/http/openapi/operation-problems";
import { createMemoryRateLimiter } from "../../src/http/rate-limit";
import { type ClientAuth, createOrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";

let app: App;
let db: Database;
let store: ClientAuth & { orgId: string };

beforeAll(async () => {
  ({ app, db } = await createTestApp());
  store = await createOrgClient(app, db);
});

const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  app.request("/v1/auth/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });

const json = (body: unknown, headers: Record<string, string> = {}) =>
  app.request("/v1/auth/token", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const basic = (id: string, secret: string) => ({ authorization: `Basic ${btoa(`${id}:${secret}`)}` });

async function expectToken(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  const body = await res.json();
  expect(body).toEqual({
    access_token: expect.any(String),
    token_type: "Bearer",
    expires_in: 900,
    scope: expect.any(String),
  });
  expect(decodeJwt(body.access_token)).toMatchObject({
    sub: store.clientId,
    org: store.orgId,
    role: "owner",
  });
  const use = await app.request(`/v1/orgs/${store.orgId}`, {
    headers: { authorization: `Bearer ${body.access_token}` },
  });
  expect(use.status).toBe(200);
}

/**
 * Every error of the token endpoint is one shape: a problem (RFC 9457) carrying OAuth's `error`
 * and `error_description` (RFC 6749 §5.2), as `application/json`, never stored.
 */
async function expectTokenError(res: Response, status: number, error: string, code = error) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(res.headers.get("cache-control")).toBe("no-store");
  const body = await res.json();
  expect(body).toEqual({
    type: `/problems/${code.replace(/_/g, "-")}`,
    title: expect.any(String),
    status,
    detail: expect.any(String),
    code,
    instance: "/v1/auth/token",
    requestId: expect.any(String),
    error,
    error_description: body.detail,
  });
  return res;
}
const expectOAuthError = (res: Response, status: number, error: string) =>
  expectTokenError(res, status, error);

describe("POST /v1/auth/token (OAuth2 client credentials)", () => {
  it("accepts form-encoded credentials (RFC 6749)", async () => {
    await expectToken(
      await form({
        grant_type: "client_credentials",
        client_id: store.clientId,
        client_secret: store.clientSecret,
      }),
    );
  });

  it("accepts JSON credentials", async () => {
    await expectToken(
      await json({
        grant_type: "client_credentials",
        client_id: store.clientId,
        client_secret: store.clientSecret,
      }),
    );
  });

  it("accepts HTTP Basic client authentication", async () => {
    await expectToken(
      await form({ grant_type: "client_credentials" }, basic(store.clientId, store.clientSecret)),
    );
  });

  // `scope` is honoured (test/auth/scopes.test.ts); other extensions are ignored.
  it("ignores unknown parameters such as resource (RFC 6749 §3.2)", async () => {
    await expectToken(
      await form({
        grant_type: "client_credentials",
        client_id: store.clientId,
        client_secret: store.clientSecret,
        resource: "https://elsewhere.example",
      }),
    );
  });

  it("ignores a (even invalid) bearer token on the token endpoint", async () => {
    const res = await json(
      { grant_type: "client_credentials", client_id: store.clientId, client_secret: store.clientSecret },
      { authorization: "Bearer garbage" },
    );
    expect(res.status).toBe(200);
  });
});

describe("token endpoint errors are OAuth error objects, not problem+json", () => {
  it("wrong secret → 401 invalid_client with WWW-Authenticate Basic", async () => {
    const res = await form({
      grant_type: "client_credentials",
      client_id: store.clientId,
      client_secret: "cs_wrong",
    });
    await expectOAuthError(res, 401, "invalid_client");
    expect(res.headers.get("www-authenticate")).toBe('Basic realm="catan"');
  });

  it("wrong Basic secret → 401 invalid_client", async () => {
    await expectOAuthError(
      await form({ grant_type: "client_credentials" }, basic(store.clientId, "nope")),
      401,
      "invalid_client",
    );
  });

  it("unknown client id → 401 invalid_client (same answer as a wrong secret)", async () => {
    for (const clientId of ["cli_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A", "nonsense", ""]) {
      await expectOAuthError(
        await json({
          grant_type: "client_credentials",
          client_id: clientId,
          client_secret: store.clientSecret,
        }),
        401,
        "invalid_client",
      );
    }
  });

  it("no credentials → 401 invalid_client", async () => {
    await expectOAuthError(await form({ grant_type: "client_credentials" }), 401, "invalid_client");
  });

  it("malformed Basic header → 401 invalid_client", async () => {
    await expectOAuthError(
      await form({ grant_type: "client_credentials" }, { authorization: "Basic !!!" }),
      401,
      "invalid_client",
    );
  });

  it("unsupported grant → 400 unsupported_grant_type", async () => {
    for (const grant of ["password", "authorization_code", "refresh_token"]) {
      await expectOAuthError(
        await form({ grant_type: grant, client_id: store.clientId, client_secret: store.clientSecret }),
        400,
        "unsupported_grant_type",
      );
    }
  });

  it("missing grant_type → 400 invalid_request", async () => {
    await expectOAuthError(
      await json({ client_id: store.clientId, client_secret: store.clientSecret }),
      400,
      "invalid_request",
    );
  });

  it("a non-string parameter → 400 invalid_request", async () => {
    await expectOAuthError(await json({ grant_type: 42 }), 400, "invalid_request");
  });

  it("credentials both in Basic and in the body → 400 invalid_request", async () => {
    await expectOAuthError(
      await form(
        { grant_type: "client_credentials", client_id: store.clientId, client_secret: store.clientSecret },
        basic(store.clientId, store.clientSecret),
      ),
      400,
      "invalid_request",
    );
  });

  it("malformed JSON → 400 invalid_request", async () => {
    await expectOAuthError(await json("{ nope"), 400, "invalid_request");
  });

  it("another content type → 400 invalid_request", async () => {
    const res = await app.request("/v1/auth/token", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "grant_type=client_credentials",
    });
    await expectOAuthError(res, 400, "invalid_request");
  });
});

describe("every error of the token endpoint has the one shape, OAuth's error inside the problem", () => {
  it("a body over 1 MB: 413, invalid_request", async () => {
    await expectTokenError(
      await json("x".repeat(1024 * 1024 + 1)),
      413,
      "invalid_request",
      "payload_too_large",
    );
  });

  it("another method: 405, invalid_request", async () => {
    const res = await expectTokenError(
      await app.request("/v1/auth/token"),
      405,
      "invalid_request",
      "method_not_allowed",
    );
    expect(res.headers.get("allow")).toBe("POST");
  });

  it("too many attempts: 429, temporarily_unavailable, with Retry-After", async () => {
    const limited = await createTestApp({
      limits: { rateLimiter: createMemoryRateLimiter(), clientAddress: () => "192.0.2.7" },
    });
    let res: Response | undefined;
    for (let i = 0; i < 40; i++) {
      res = await limited.app.request("/v1/auth/token", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "client_credentials",
          client_id: "cli_x",
          client_secret: "no",
        }).toString(),
      });
      if (res.status === 429) break;
    }
    await expectTokenError(res!, 429, "temporarily_unavailable", "rate_limited");
    expect(Number(res!.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("the OpenAPI document gives every error status of the operation that one schema", async () => {
    const doc = await (await app.request("/openapi.json")).json();
    const responses = doc.paths["/v1/auth/token"].post.responses as Record<string, { content?: object }>;
    const errors = Object.entries(responses).filter(([status]) => Number(status) >= 400);
    expect(errors.map(([status]) => status)).toEqual(
      expect.arrayContaining(["400", "401", "413", "429", "500"]),
    );
    for (const [status, response] of errors) {
      expect(response.content, status).toEqual({
        "application/json": { schema: { $ref: "#/components/schemas/OAuthError" } },
      });
    }
    const schema = doc.components.schemas.OAuthError;
    // Its code enum is every code the operation answers: a client's switch over it is complete.
    expect(new Set(schema.properties.code.enum)).toEqual(
      new Set(
        [...operationCodes("/v1/auth/token", "post", doc.paths["/v1/auth/token"].post).values()].flat(),
      ),
    );
    expect(schema.required).toEqual(
      expect.arrayContaining(["type", "status", "code", "error", "error_description"]),
    );
  });
});
