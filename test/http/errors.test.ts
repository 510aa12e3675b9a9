import { createRoute, z } from "@hono/zod-openapi";
import { beforeAll, describe, expect, it } from "vitest";
import { createRouter } from "../../src/http/router";
import { ServiceError } from "../../src/services/errors";
import { createTestApp, type TestLogger } from "../helpers/test-app";

// A probe route mounted on the real app, so the error mapping is tested on the real middleware chain.
const probeRoute = createRoute({
  method: "post",
  path: "/__probe",
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({ name: z.string().min(1), count: z.number().int() }).strict(),
        },
      },
    },
  },
  responses: {
    200: { description: "ok", content: { "application/json": { schema: z.object({ ok: z.boolean() }) } } },
  },
});

let app: Awaited<ReturnType<typeof createTestApp>>["app"];
let logger: TestLogger;

beforeAll(async () => {
  ({ app, logger } = await createTestApp());
  const probe = createRouter().openapi(probeRoute, (c) => c.json({ ok: true }, 200));
  probe.get("/__boom", () => {
    throw new Error("SQLITE_CONSTRAINT: secret table detail");
  });
  probe.get("/__conflict", () => {
    throw new ServiceError("conflict", "result_already_final", "The result is final.", { rule: "1.3.5" });
  });
  app.route("/", probe);
});

const post = (body: string, contentType = "application/json") =>
  app.request("/__probe", { method: "POST", body, headers: { "content-type": contentType } });

describe("problem+json error mapping", () => {
  it("answers an unknown route with a 404 problem", async () => {
    const res = await app.request("/v1/does-not-exist");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    const body = await res.json();
    expect(body).toMatchObject({ status: 404, code: "route_not_found", title: "Not Found" });
    expect(body.requestId).toBe(res.headers.get("x-request-id"));
  });

  it("answers malformed JSON with 400, not 500", async () => {
    const res = await post("{ not json");
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(await res.json()).toMatchObject({ status: 400, code: "bad_request" });
  });

  it("answers schema violations with 422 naming each field", async () => {
    const res = await post(JSON.stringify({ name: "", count: 1.5, extra: true }));
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.code).toBe("validation_failed");
    const paths = body.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(["name", "count"]));
    expect(JSON.stringify(body.errors)).toContain("extra");
  });

  it("answers an unsupported content type with 415", async () => {
    const res = await post("name=x", "text/plain");
    expect(res.status).toBe(415);
    expect((await res.json()).code).toBe("unsupported_media_type");
  });

  it("answers a body over 1 MB with 413", async () => {
    const res = await post(JSON.stringify({ name: "x".repeat(1024 * 1024 + 10), count: 1 }));
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe("payload_too_large");
  });

  it("keeps the status and code of service errors", async () => {
    const res = await app.request("/__conflict");
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "result_already_final", rule: "1.3.5" });
  });

  it("hides internal errors behind a 500 without stack or SQL, and logs them with the request id", async () => {
    const res = await app.request("/__boom", { headers: { "x-request-id": "req-123" } });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain("SQLITE");
    expect(text).not.toContain("at ");
    expect(JSON.parse(text)).toMatchObject({ code: "internal_error", requestId: "req-123" });
    expect(logger.lines.some((l) => l.level === "error" && l.fields?.requestId === "req-123")).toBe(true);
  });

  it("sends a request id on successful responses too", async () => {
    const res = await app.request("/health");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });
});

describe("system routes", () => {
  it("GET /health ignores a stale or invalid token", async () => {
    const res = await app.request("/health", { headers: { authorization: "Bearer expired.or.garbage" } });
    expect(res.status).toBe(200);
  });

  it("GET /health checks the database", async () => {
    const res = await app.request("/health");
    expect(await res.json()).toMatchObject({ status: "ok", database: "ok" });
  });

  it("GET /health?check=live answers without the database; an unknown check is a 422", async () => {
    const live = await app.request("/health?check=live");
    expect(await live.json()).toMatchObject({ status: "ok", database: "not_checked" });
    const bad = await app.request("/health?check=deep");
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ code: "validation_failed", errors: [{ path: "check" }] });
  });

  it("GET /docs serves the reference without any CDN", async () => {
    const res = await app.request("/docs");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('src="/docs/scalar.js"');
    expect(html).not.toMatch(/cdn\.|jsdelivr|unpkg/);
    const script = await app.request("/docs/scalar.js");
    expect(script.headers.get("content-type")).toContain("javascript");
  });

  it("GET /openapi.json is an OpenAPI 3.1 document with the bearer scheme", async () => {
    const doc = await (await app.request("/openapi.json")).json();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.paths["/health"].get.operationId).toBe("getHealth");
  });
});

describe("CORS for browser frontends", () => {
  it("answers a preflight and marks responses, errors included, as readable from any origin", async () => {
    const preflight = await app.request("/v1/tables/tbl_x/result", {
      method: "OPTIONS",
      headers: {
        origin: "https://leaderboard.example",
        "access-control-request-method": "PUT",
        "access-control-request-headers": "authorization,if-match",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("if-match");
    const error = await app.request("/v1/events/evt_missing", {
      headers: { origin: "https://leaderboard.example" },
    });
    expect(error.status).toBe(404);
    expect(error.headers.get("access-control-allow-origin")).toBe("*");
    expect(error.headers.get("access-control-expose-headers")).toContain("ETag");
  });
});

describe("wrong method", () => {
  it("answers 405 with Allow on a known path", async () => {
    const res = await app.request("/v1/events/evt_x", { method: "DELETE" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, PATCH");
    expect(await res.json()).toMatchObject({ code: "method_not_allowed" });
  });
});

describe("malformed JSON on every JSON route", () => {
  it("is a 400 problem, with or without a token, before any authorisation", async () => {
    const doc = await (await app.request("/openapi.json")).json();
    const routes = Object.entries(
      doc.paths as Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>,
    ).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => op.requestBody?.content?.["application/json"])
        .map(([method]) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, "x_1") })),
    );
    expect(routes.length).toBeGreaterThan(15);
    for (const { method, path } of routes) {
      if (path === "/v1/auth/token") continue; // OAuth error bodies, documented apart
      // Discord's signed requests: anything unsigned is a 401 before the body is read.
      if (path === "/discord/interactions") continue;
      const res = await app.request(path, {
        method,
        body: "{ not json",
        headers: { "content-type": "application/json" },
      });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.headers.get("content-type"), `${method} ${path}`).toBe("application/problem+json");
    }
  });
});
