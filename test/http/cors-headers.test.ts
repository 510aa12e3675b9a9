/**
 * CORS for any origin (tokens travel in the Authorization header, never in cookies) and the
 * request id: every kind of response carries both.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import type { App } from "../../src/http/app";
import { createOrgClient, type OrgClient } from "../helpers/auth";
import { seeder } from "../helpers/seed-results";
import { createTestApp } from "../helpers/test-app";

let app: App;
let db: Database;
let store: OrgClient;
let qualification: string;

beforeAll(async () => {
  ({ app, db } = await createTestApp());
  store = await createOrgClient(app, db);
  const s = seeder(db, store.orgId);
  const evt = await s.event();
  const ids = await s.players(4);
  const ses = await s.session(evt.id, ids);
  await s.round(evt.id, { sessionId: ses, tables: [{ players: ids, vp: [10, 8, 6, 4] }] });
  qualification = `/v1/events/${evt.id}/qualification`;
});

function expectCorsAndId(res: Response) {
  expect(res.headers.get("access-control-allow-origin")).toBe("*");
  expect(res.headers.get("access-control-expose-headers")?.split(",")).toEqual(
    expect.arrayContaining(["ETag", "Link", "X-Request-Id", "RateLimit"]),
  );
  expect(res.headers.get("x-request-id")).toMatch(/^[\w-]+$/);
}

describe("CORS headers and request id on the final response", () => {
  it("are on a 200, a 304, a handler's 404, a middleware's 401, an unknown route and a page", async () => {
    const ok = await app.request(qualification);
    expect(ok.status).toBe(200);
    expectCorsAndId(ok);
    const notModified = await app.request(qualification, {
      headers: { "if-none-match": ok.headers.get("etag")! },
    });
    expect(notModified.status).toBe(304);
    expectCorsAndId(notModified);
    expect(notModified.headers.get("etag")).toBe(ok.headers.get("etag"));
    const missing = await app.request("/v1/events/evt_missing/qualification");
    expect(missing.status).toBe(404);
    expectCorsAndId(missing);
    const refused = await app.request(qualification, { headers: { authorization: "Bearer nope" } });
    expect(refused.status).toBe(401);
    expectCorsAndId(refused);
    expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer /);
    const unknown = await app.request("/v1/nowhere");
    expect(unknown.status).toBe(404);
    expectCorsAndId(unknown);
    expectCorsAndId(await app.request("/health?check=live"));
  });

  it("keep a request id the client sent", async () => {
    const res = await app.request(qualification, { headers: { "x-request-id": "poll-42" } });
    expect(res.headers.get("x-request-id")).toBe("poll-42");
  });

  it("leave the preflight to hono/cors", async () => {
    const preflight = await app.request(qualification, {
      method: "OPTIONS",
      headers: { origin: "https://board.example", "access-control-request-method": "GET" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-max-age")).toBe("86400");
    expect(preflight.headers.get("access-control-allow-headers")).toContain("If-None-Match");
  });
});
