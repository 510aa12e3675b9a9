/**
 * Device pairing, the way the console and any other frontend use it: an owner makes a code, a
 * device redeems it and gets a cookie, and the cookie then acts exactly as a token of the
 * device's own client would (services, permissions, rate limits, idempotency), until it is
 * revoked, signs out or expires.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli";
import type { Database } from "../../src/db/client";
import type { App } from "../../src/http/app";
import { createMemoryRateLimiter } from "../../src/http/rate-limit";
import { cookieFrom, pairDevice, SITE } from "../helpers/console";
import { type PagesFixture, pagesFixture } from "../helpers/pages-fixture";
import { createTestApp } from "../helpers/test-app";
import { jsonRequest } from "../helpers/workflow";

let app: App;
let db: Database;
let f: PagesFixture;
let now = new Date("2026-12-05T08:00:00Z");

beforeAll(async () => {
  ({ app, db } = await createTestApp({
    limits: { rateLimiter: createMemoryRateLimiter() },
    time: { clock: () => now },
  }));
  f = await pagesFixture(app, db);
});

const sheet = (table: PagesFixture["round"]["tables"][number]) => ({
  scores: table.seats.map((s, i) => ({ playerId: s.player.id, vp: [10, 8, 6, 4][i] })),
  winnerId: table.seats[0]!.player.id,
});

describe("a pairing code", () => {
  it("is made by an owner with a role and a limit, shown once with the console's URL", async () => {
    const res = await f.api.post(`/v1/orgs/${f.orgId}/pairings`, {
      name: "Phone 1",
      role: "reporter",
      scope: { sessionId: f.sessionId },
      expiresInMinutes: 5,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body).toMatchObject({
      orgId: f.orgId,
      name: "Phone 1",
      role: "reporter",
      scope: { eventId: f.eventId, sessionId: f.sessionId },
      expiresAt: new Date(now.getTime() + 5 * 60_000).toISOString(),
      sessionHours: 16,
    });
    expect(res.body.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(res.body.url).toBe(`${SITE}/console/pair?code=${res.body.code}`);
  });

  it("signs a device in once: a session bound to a new client, with an HttpOnly SameSite cookie", async () => {
    const pairing = await f.api.post(`/v1/orgs/${f.orgId}/pairings`, { name: "Laptop", role: "organizer" });
    // Typed by hand: lower case, without dashes.
    const code = pairing.body.code.replace(/-/g, "").toLowerCase();
    const res = await jsonRequest(app, { "user-agent": "Test browser" }).post("/v1/auth/device-sessions", {
      code,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      orgId: f.orgId,
      name: "Laptop",
      role: "organizer",
      scope: null,
      userAgent: "Test browser",
      revokedAt: null,
      expiresAt: new Date(now.getTime() + 16 * 3_600_000).toISOString(),
    });
    expect(res.body.clientId).toMatch(/^cli_/);
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(
      /^catan-device=ds_[A-Za-z0-9_-]+\.[A-Za-z0-9%]+; Max-Age=57600; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    // The new client is in the organisation's list of clients, like any other.
    const clients = await f.api.get(`/v1/orgs/${f.orgId}/clients`);
    expect(clients.body.data.map((c: { clientId: string }) => c.clientId)).toContain(res.body.clientId);
  });

  it("over HTTPS the cookie is __Host- and Secure", async () => {
    const secure = await createTestApp({ http: { publicUrl: "https://catan.example" } });
    const store = await pagesFixture(secure.app, secure.db);
    const pairing = await store.api.post(`/v1/orgs/${store.orgId}/pairings`, {
      name: "Laptop",
      role: "owner",
    });
    expect(pairing.body.url).toMatch(/^https:\/\/catan\.example\/console\/pair\?code=/);
    const res = await jsonRequest(secure.app, {}).post("/v1/auth/device-sessions", {
      code: pairing.body.code,
    });
    expect(res.headers.get("set-cookie")).toMatch(
      /^__Host-catan-device=ds_[^;]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    // And it signs in over HTTPS under that name.
    const me = await jsonRequest(secure.app, { cookie: cookieFrom(res) }).get(
      "/v1/auth/device-sessions/current",
    );
    expect(me.status, me.text).toBe(200);
  });
});

describe("the cookie acts as the device's client", () => {
  it("enters a result like a token of a reporter limited to the session would", async () => {
    const phone = await pairDevice(app, f.api, f.orgId, {
      name: "Phone 2",
      role: "reporter",
      scope: { sessionId: f.sessionId },
    });
    const table = f.round.tables[0]!;
    const res = await phone.api.put(`/v1/tables/${table.id}/result`, sheet(table));
    expect(res.status, res.text).toBe(200);
    expect(res.body.result.status).toBe("pending");
    // The audit names the device's client, as it would name a token's.
    const audit = await f.api.get(`/v1/events/${f.eventId}/audit`);
    const submitted = audit.body.data.filter((a: { action: string }) => a.action === "result.submit");
    expect(submitted.at(-1).actorClientId).toBe(phone.session.clientId);
  });

  it("counts rate limits on the device's client and its organisation", async () => {
    const laptop = await pairDevice(app, f.api, f.orgId);
    const res = await laptop.api.get(`/v1/sessions/${f.sessionId}/players`);
    expect(res.status).toBe(200);
    expect(res.headers.get("ratelimit-policy")).toBe('"read";q=600;w=60, "org-read";q=2400;w=60');
  });

  it("replays a write retried with the same Idempotency-Key: written once", async () => {
    const laptop = await pairDevice(app, f.api, f.orgId);
    const table = f.round.tables[1]!;
    const key = { "idempotency-key": "sheet-retry-1" };
    const first = await laptop.api.put(`/v1/tables/${table.id}/result`, sheet(table), key);
    const again = await laptop.api.put(`/v1/tables/${table.id}/result`, sheet(table), key);
    expect(first.status, first.text).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.result.version).toBe(first.body.result.version);
  });

  it("reads what the device may read, and its own session", async () => {
    const laptop = await pairDevice(app, f.api, f.orgId, { name: "Desk", role: "organizer" });
    const me = await laptop.api.get("/v1/auth/device-sessions/current");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: laptop.session.id, name: "Desk", role: "organizer" });
    expect((await laptop.api.get(`/v1/orgs/${f.orgId}/players`)).status).toBe(200);
  });
});

describe("device sessions are listed, revoked, signed out and expire", () => {
  it("lists the organisation's devices for an owner, without any secret", async () => {
    const device = await pairDevice(app, f.api, f.orgId, { name: "Listed", role: "referee" });
    const list = await f.api.get(`/v1/orgs/${f.orgId}/device-sessions?limit=500`);
    expect(list.status).toBe(200);
    const row = list.body.data.find((d: { id: string }) => d.id === device.session.id);
    expect(row).toMatchObject({
      name: "Listed",
      role: "referee",
      revokedAt: null,
      clientId: device.session.clientId,
    });
    expect(list.text).not.toContain(device.cookie.split("=")[1]);
  });

  it("a revoked device is signed out at its next request, and its cookie cleared", async () => {
    const device = await pairDevice(app, f.api, f.orgId, { name: "To revoke", role: "reporter" });
    expect((await device.api.get("/v1/auth/device-sessions/current")).status).toBe(200);
    const revoked = await f.api.delete(`/v1/orgs/${f.orgId}/device-sessions/${device.session.id}`);
    expect(revoked.status).toBe(204);
    const next = await device.api.get(`/v1/sessions/${f.sessionId}`);
    expect(next.status).toBe(401);
    expect(next.body.code).toBe("device_session_ended");
    expect(next.headers.get("set-cookie")).toMatch(
      /^catan-device=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    // Idempotent; the list shows when.
    expect((await f.api.delete(`/v1/orgs/${f.orgId}/device-sessions/${device.session.id}`)).status).toBe(204);
    const list = await f.api.get(`/v1/orgs/${f.orgId}/device-sessions?limit=500`);
    const row = list.body.data.find((d: { id: string }) => d.id === device.session.id);
    expect(row.revokedAt).toBe(now.toISOString());
  });

  it("revoking the device's client ends the session at once", async () => {
    const device = await pairDevice(app, f.api, f.orgId, { name: "Client revoked", role: "reporter" });
    const res = await f.api.delete(`/v1/orgs/${f.orgId}/clients/${device.session.clientId}`);
    expect(res.status).toBe(204);
    const next = await device.api.get("/v1/auth/device-sessions/current");
    expect(next.status).toBe(401);
    expect(next.body.code).toBe("device_session_ended");
  });

  it("signing out ends the session and its client, and clears the cookie", async () => {
    const device = await pairDevice(app, f.api, f.orgId, { name: "Leaving", role: "reporter" });
    const out = await device.api.delete("/v1/auth/device-sessions/current");
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toMatch(/^catan-device=; Max-Age=0/);
    expect((await device.api.get("/v1/auth/device-sessions/current")).status).toBe(401);
    const client = await f.api.get(`/v1/orgs/${f.orgId}/clients/${device.session.clientId}`);
    expect(client.body.revokedAt).not.toBeNull();
  });

  it("a session ends when its hours are over", async () => {
    const device = await pairDevice(app, f.api, f.orgId, {
      name: "Short",
      role: "reporter",
      sessionHours: 1,
    });
    expect((await device.api.get("/v1/auth/device-sessions/current")).status).toBe(200);
    const started = now;
    now = new Date(started.getTime() + 3_600_000);
    try {
      const next = await device.api.get("/v1/auth/device-sessions/current");
      expect(next.status).toBe(401);
      expect(next.body.detail).toMatch(/expired/);
    } finally {
      now = started;
    }
  });

  it("the audit records the pairing, the sign-in and the revocation", async () => {
    const device = await pairDevice(app, f.api, f.orgId, {
      name: "Audited",
      role: "reporter",
      scope: { sessionId: f.sessionId },
    });
    await f.api.delete(`/v1/orgs/${f.orgId}/device-sessions/${device.session.id}`);
    const audit = await f.api.get(`/v1/events/${f.eventId}/audit?limit=500`);
    const actions = audit.body.data
      .filter((a: { entityId: string; after: unknown }) => JSON.stringify(a).includes("Audited"))
      .map((a: { action: string }) => a.action);
    expect(actions).toEqual(["device.pairing-created", "device.paired", "device.revoked"]);
  });
});

describe("the organisation's first sign-in", () => {
  it("comes from the CLI as a one-time link", async () => {
    const dir = await import("node:fs/promises").then((fs) => fs.mkdtemp("/tmp/catan-console-cli-"));
    const env = { DATABASE_URL: `file:${dir}/catan.db`, PUBLIC_URL: "http://store.local:8787" };
    const lines: string[] = [];
    const log = console.log;
    console.log = (line: string) => lines.push(line);
    try {
      expect(await runCli(["create-org", "--name", "Store", "--kind", "store", "--json"], env)).toBe(0);
      const { orgId } = JSON.parse(lines.pop()!);
      expect(await runCli(["console-link", "--org", orgId, "--json"], env)).toBe(0);
      const link = JSON.parse(lines.pop()!);
      expect(link.url).toBe(`http://store.local:8787/console/pair?code=${link.code}`);
      const { createClient } = await import("@libsql/client");
      const { createDatabase } = await import("../../src/db/client");
      const client = createClient({ url: env.DATABASE_URL });
      const other = await createTestApp({ storage: { db: createDatabase(client) } });
      const res = await jsonRequest(other.app, {}).post("/v1/auth/device-sessions", { code: link.code });
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({ orgId, role: "owner", pairedBy: "system" });
      client.close();
    } finally {
      console.log = log;
      await import("node:fs/promises").then((fs) => fs.rm(dir, { recursive: true, force: true }));
    }
  });
});
