/**
 * A GET never asks for the request's body: on @hono/node-server, `req.body` turns the light
 * request into a whole undici Request (a stream, an AbortSignal), the largest single cost of
 * a poll before it was skipped. The body limit still holds for requests that have one.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { App } from "../../src/http/app";
import { MAX_BODY_BYTES } from "../../src/http/app";
import { createOrgClient, type OrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";

let app: App;
let store: OrgClient;

beforeAll(async () => {
  const made = await createTestApp();
  app = made.app;
  store = await createOrgClient(app, made.db);
});

describe("request bodies", () => {
  it("are not asked for on a GET, a 404 GET or a HEAD", async () => {
    const body = vi.spyOn(Request.prototype, "body", "get");
    try {
      expect((await app.request("/health?check=live")).status).toBe(200);
      expect((await app.request("/v1/events/evt_missing/qualification")).status).toBe(404);
      expect((await app.request("/health?check=live", { method: "HEAD" })).status).toBe(200);
      expect(body).not.toHaveBeenCalled();
    } finally {
      body.mockRestore();
    }
  });

  it("are still limited on a POST: over the limit is a 413", async () => {
    const res = await app.request(`/v1/orgs/${store.orgId}/events`, {
      method: "POST",
      headers: { ...store.auth, "content-type": "application/json" },
      body: JSON.stringify({ name: "x".repeat(MAX_BODY_BYTES + 1) }),
    });
    expect(res.status).toBe(413);
  });
});
