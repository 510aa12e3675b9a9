import { describe, expect, it } from "vitest";
import { idempotencyKeys } from "../../src/db/schema";
import {
  IDEMPOTENCY_LEASE_MS,
  IDEMPOTENCY_TTL_MS,
  sweepIdempotencyKeys,
} from "../../src/http/middleware/idempotency";
import { bearer, createOrgClient, fetchToken } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { jsonRequest } from "../helpers/workflow";

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function setup() {
  let now = new Date("2026-12-05T10:00:00Z");
  const ctx = await createTestApp({ time: { clock: () => now } });
  const store = await createOrgClient(ctx.app, ctx.db);
  let api = jsonRequest(ctx.app, store.auth);
  const createPlayer = (key: string, name = "Lease") =>
    api.post(`/v1/orgs/${store.orgId}/players`, { name }, { "idempotency-key": key });
  /** Moves the clock on, with a fresh token (they last 15 minutes). */
  const advance = async (ms: number) => {
    now = new Date(now.getTime() + ms);
    api = jsonRequest(ctx.app, bearer(await fetchToken(ctx.app, store.clientId, store.clientSecret)));
  };
  return { ...ctx, store, api: () => api, createPlayer, advance };
}

describe("Idempotency-Key leases and expiry", () => {
  it("answers 409 while a claim is fresh, and runs the request once its lease has lapsed", async () => {
    const t = await setup();
    // what a process that died mid-request leaves behind
    await t.db.insert(idempotencyKeys).values({
      clientId: t.store.clientId,
      key: "k1",
      method: "POST",
      path: `/v1/orgs/${t.store.orgId}/players`,
      requestHash: await sha256Hex(
        `POST /v1/orgs/${t.store.orgId}/players\n${JSON.stringify({ name: "Lease" })}`,
      ),
      status: 0,
      responseBody: "",
      responseHeaders: {},
      createdAt: new Date("2026-12-05T10:00:00Z").toISOString(),
    });
    expect((await t.createPlayer("k1")).body.code).toBe("idempotent_request_in_progress");
    await t.advance(IDEMPOTENCY_LEASE_MS);
    const retried = await t.createPlayer("k1");
    expect(retried.status).toBe(201);
    const replay = await t.createPlayer("k1");
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.id).toBe(retried.body.id);
  });

  it("replays a stored answer for 24 hours, then lets the key be used afresh", async () => {
    const t = await setup();
    const first = await t.createPlayer("k2");
    await t.advance(IDEMPOTENCY_TTL_MS - 1000);
    expect((await t.createPlayer("k2")).body.id).toBe(first.body.id);
    await t.advance(1000);
    const fresh = await t.createPlayer("k2", "Another");
    expect(fresh.status).toBe(201);
    expect(fresh.body.id).not.toBe(first.body.id);
  });

  it("sweeps answers older than a day and lapsed claims at start-up", async () => {
    const t = await setup();
    await t.createPlayer("old");
    await t.advance(IDEMPOTENCY_TTL_MS + 1);
    await t.createPlayer("new");
    await sweepIdempotencyKeys(t.db, new Date(Date.parse("2026-12-05T10:00:00Z") + IDEMPOTENCY_TTL_MS + 2));
    expect((await t.db.select().from(idempotencyKeys)).map((r) => r.key)).toEqual(["new"]);
  });

  it("answers a retried client creation 409 naming the client, never a second secret", async () => {
    const t = await setup();
    const headers = { "idempotency-key": "bot" };
    const first = await t
      .api()
      .post(`/v1/orgs/${t.store.orgId}/clients`, { name: "Bot", role: "reporter" }, headers);
    expect(first.status).toBe(201);
    const retry = await t
      .api()
      .post(`/v1/orgs/${t.store.orgId}/clients`, { name: "Bot", role: "reporter" }, headers);
    expect(retry.status).toBe(409);
    expect(retry.body).toMatchObject({ code: "client_already_created" });
    expect(retry.body.detail).toContain(first.body.clientId);
    expect(retry.body.clientSecret).toBeUndefined();
    expect(retry.headers.get("location")).toBe(`/v1/orgs/${t.store.orgId}/clients/${first.body.clientId}`);
    const clients = (await t.api().get(`/v1/orgs/${t.store.orgId}/clients`)).body.data;
    expect(clients.filter((c: { name: string }) => c.name === "Bot")).toHaveLength(1);
  });
});
