import { describe, expect, it } from "vitest";
import { addClient, adminAuth, createOrgClient } from "./helpers/auth";
import { createTestApp } from "./helpers/test-app";

describe("auth helpers", () => {
  it("create orgs and clients and fetch real tokens", async () => {
    const { app, db } = await createTestApp();
    const store = await createOrgClient(app, db);
    expect(store.orgId).toMatch(/^org_/);
    expect(store.token.split(".")).toHaveLength(3);
    const ref = await addClient(app, db, store.orgId, "referee");
    const admin = await adminAuth(app, db);
    expect(ref.auth.authorization).toMatch(/^Bearer /);
    expect((await app.request("/health", { headers: admin.auth })).status).toBe(200);
    expect((await app.request("/health", { headers: { authorization: "Bearer nope" } })).status).toBe(401);
  });
});
