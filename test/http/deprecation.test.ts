import { createRoute, z } from "@hono/zod-openapi";
import { beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../src/http/app";
import { deprecate } from "../../src/http/deprecation";
import { createRouter } from "../../src/http/router";
import { createTestApp } from "../helpers/test-app";

// A deprecated operation, as docs/versioning.md says: marked `deprecated: true` in the OpenAPI
// document, and answered with Deprecation (RFC 9745) and Sunset (RFC 8594) on every answer,
// through the app's whole middleware chain. The route is a fixture mounted on a real app.
const SINCE = new Date("2026-12-01T00:00:00Z");
const SUNSET = new Date("2027-06-01T00:00:00Z");

const getOldGreeting = deprecate(
  createRoute({
    method: "get",
    path: "/v1/fixtures/old-greeting",
    operationId: "getOldGreeting",
    tags: ["System"],
    summary: "A deprecated fixture",
    description: "Says hello.",
    security: [],
    request: { query: z.object({ name: z.string().min(1).max(20).optional() }) },
    responses: {
      200: {
        description: "The greeting.",
        content: { "application/json": { schema: z.object({ hello: z.string() }) } },
      },
    },
  }),
  { since: SINCE, sunset: SUNSET, link: "/docs" },
);

const getCurrentGreeting = createRoute({
  method: "get",
  path: "/v1/fixtures/greeting",
  operationId: "getGreeting",
  tags: ["System"],
  summary: "A current fixture",
  security: [],
  responses: {
    200: {
      description: "The greeting.",
      content: { "application/json": { schema: z.object({ hello: z.string() }) } },
    },
  },
});

let app: App;

beforeAll(async () => {
  ({ app } = await createTestApp());
  const fixtures = createRouter()
    .openapi(getOldGreeting, (c) => c.json({ hello: c.req.valid("query").name ?? "world" }, 200))
    .openapi(getCurrentGreeting, (c) => c.json({ hello: "world" }, 200));
  app.route("/", fixtures as unknown as typeof app);
});

const expectDeprecationHeaders = (res: Response) => {
  expect(res.headers.get("deprecation")).toBe("@1796083200");
  expect(res.headers.get("sunset")).toBe("Tue, 01 Jun 2027 00:00:00 GMT");
  expect(res.headers.get("link")).toBe('</docs>; rel="deprecation"');
};

describe("a deprecated operation", () => {
  it("answers with Deprecation, Sunset and a deprecation link", async () => {
    const res = await app.request("/v1/fixtures/old-greeting?name=Rūta");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ hello: "Rūta" });
    expectDeprecationHeaders(res);
  });

  it("says so on its 304 and on its errors too", async () => {
    const first = await app.request("/v1/fixtures/old-greeting");
    const etag = first.headers.get("etag")!;
    const notModified = await app.request("/v1/fixtures/old-greeting", {
      headers: { "if-none-match": etag },
    });
    expect(notModified.status).toBe(304);
    expectDeprecationHeaders(notModified);
    const invalid = await app.request(`/v1/fixtures/old-greeting?name=${"x".repeat(21)}`);
    expect(invalid.status).toBe(422);
    expectDeprecationHeaders(invalid);
  });

  it("lets a browser frontend read the headers (CORS)", async () => {
    const res = await app.request("/v1/fixtures/old-greeting", {
      headers: { origin: "https://bot.example" },
    });
    const exposed = (res.headers.get("access-control-expose-headers") ?? "").toLowerCase().split(/\s*,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(["deprecation", "sunset", "link"]));
  });

  it("is marked deprecated in the OpenAPI document, with when and the headers documented", async () => {
    const doc = app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } });
    const old = doc.paths?.["/v1/fixtures/old-greeting"]?.get;
    expect(old?.deprecated).toBe(true);
    expect(old?.description).toBe(
      "Deprecated since 2026-12-01; it may be removed after 2027-06-01. Says hello.",
    );
    const ok = old?.responses?.["200"] as { headers?: object } | undefined;
    expect(Object.keys(ok?.headers ?? {})).toEqual(["Deprecation", "Sunset"]);
  });

  it("refuses a sunset sooner than the promised notice", () => {
    expect(() =>
      deprecate(getCurrentGreeting, { since: SINCE, sunset: new Date("2027-05-31T00:00:00Z") }),
    ).toThrow(/6-month notice/);
  });

  it("leaves other operations alone", async () => {
    const res = await app.request("/v1/fixtures/greeting");
    expect(res.status).toBe(200);
    expect(res.headers.get("deprecation")).toBeNull();
    expect(res.headers.get("sunset")).toBeNull();
    const doc = app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } });
    expect(doc.paths?.["/v1/fixtures/greeting"]?.get?.deprecated).toBeUndefined();
  });
});
