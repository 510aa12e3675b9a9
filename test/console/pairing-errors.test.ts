/**
 * Pairing refusals: a code that is unknown, expired or already used; pairings beyond the
 * caller's role, organisation or limit; malformed bodies. Every refusal is a problem naming the
 * field and the rule, never a 500.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import type { App } from "../../src/http/app";
import { addClient, createOrgClient } from "../helpers/auth";
import { pairDevice } from "../helpers/console";
import { type PagesFixture, pagesFixture } from "../helpers/pages-fixture";
import { createTestApp } from "../helpers/test-app";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

let app: App;
let db: Database;
let f: PagesFixture;
let anonymous: JsonClient;
let now = new Date("2026-12-05T08:00:00Z");

beforeAll(async () => {
  ({ app, db } = await createTestApp({ time: { clock: () => now } }));
  f = await pagesFixture(app, db);
  anonymous = jsonRequest(app, {});
});

const newCode = async (body: Record<string, unknown> = { name: "Device", role: "reporter" }) =>
  (await f.api.post(`/v1/orgs/${f.orgId}/pairings`, body)).body.code as string;

describe("redeeming a code", () => {
  it("an unknown code is 404 pairing_code_not_found, naming the field", async () => {
    const res = await anonymous.post("/v1/auth/device-sessions", { code: "AAAA-BBBB-CCCC" });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.body).toMatchObject({ code: "pairing_code_not_found", errors: [{ path: "code" }] });
  });

  it("a used code is 410 pairing_code_used, and no second session is opened", async () => {
    const code = await newCode();
    expect((await anonymous.post("/v1/auth/device-sessions", { code })).status).toBe(201);
    const again = await anonymous.post("/v1/auth/device-sessions", { code });
    expect(again.status).toBe(410);
    expect(again.body.code).toBe("pairing_code_used");
    expect(again.headers.get("set-cookie")).toBeNull();
  });

  it("two devices racing with one code: one signs in, the other gets 410", async () => {
    const code = await newCode();
    const answers = await Promise.all([
      anonymous.post("/v1/auth/device-sessions", { code }),
      anonymous.post("/v1/auth/device-sessions", { code }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 410]);
  });

  it("an expired code is 410 pairing_code_expired", async () => {
    const code = await newCode({ name: "Late", role: "reporter", expiresInMinutes: 2 });
    const started = now;
    now = new Date(started.getTime() + 2 * 60_000);
    try {
      const res = await anonymous.post("/v1/auth/device-sessions", { code });
      expect(res.status).toBe(410);
      expect(res.body.code).toBe("pairing_code_expired");
    } finally {
      now = started;
    }
  });

  it("a malformed body is 422 naming the field", async () => {
    for (const body of [{}, { code: "" }, { code: "AAAA-BBBB-CCCC", role: "owner" }]) {
      const res = await anonymous.post("/v1/auth/device-sessions", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("validation_failed");
    }
  });
});

describe("making a code", () => {
  it("needs a token or a device of an owner or organiser", async () => {
    const res = await anonymous.post(`/v1/orgs/${f.orgId}/pairings`, { name: "X", role: "reader" });
    expect(res.status).toBe(401);
    const referee = await addClient(app, db, f.orgId, "referee");
    const refused = await jsonRequest(app, referee.auth).post(`/v1/orgs/${f.orgId}/pairings`, {
      name: "X",
      role: "reader",
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("insufficient_role");
  });

  it("never hands out more than the caller holds: an organiser cannot pair an owner", async () => {
    const organizer = await addClient(app, db, f.orgId, "organizer");
    const api = jsonRequest(app, organizer.auth);
    const refused = await api.post(`/v1/orgs/${f.orgId}/pairings`, { name: "X", role: "owner" });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "insufficient_role", errors: [{ path: "role" }] });
    expect((await api.post(`/v1/orgs/${f.orgId}/pairings`, { name: "X", role: "organizer" })).status).toBe(
      201,
    );
  });

  it("a device limited to a session pairs only devices limited to it", async () => {
    const desk = await pairDevice(app, f.api, f.orgId, {
      name: "Session desk",
      role: "organizer",
      scope: { sessionId: f.sessionId },
    });
    const unlimited = await desk.api.post(`/v1/orgs/${f.orgId}/pairings`, { name: "X", role: "reporter" });
    expect(unlimited.status).toBe(403);
    expect(unlimited.body.code).toBe("outside_client_scope");
    const eventWide = await desk.api.post(`/v1/orgs/${f.orgId}/pairings`, {
      name: "X",
      role: "reporter",
      scope: { eventId: f.eventId },
    });
    expect(eventWide.body.code).toBe("outside_client_scope");
    const within = await desk.api.post(`/v1/orgs/${f.orgId}/pairings`, {
      name: "Phone",
      role: "reporter",
      scope: { sessionId: f.sessionId },
    });
    expect(within.status, within.text).toBe(201);
  });

  it("a limit outside the organisation is 422 invalid_client_scope", async () => {
    const other = await pagesFixture(app, db);
    const res = await f.api.post(`/v1/orgs/${f.orgId}/pairings`, {
      name: "X",
      role: "reporter",
      scope: { sessionId: other.sessionId },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "invalid_client_scope", errors: [{ path: "scope.sessionId" }] });
  });

  it("a parent organisation gets 403, an unrelated one 404", async () => {
    const chain = await createOrgClient(app, db, { name: "Chain", kind: "chain" });
    const store = await createOrgClient(app, db, { name: "Store", parentOrgId: chain.orgId });
    const asChain = await jsonRequest(app, chain.auth).post(`/v1/orgs/${store.orgId}/pairings`, {
      name: "X",
      role: "reader",
    });
    expect(asChain.status).toBe(403);
    expect(asChain.body.code).toBe("read_only_ancestor");
    const asStranger = await f.api.post(`/v1/orgs/${store.orgId}/pairings`, { name: "X", role: "reader" });
    expect(asStranger.status).toBe(404);
    expect(asStranger.body.code).toBe("organization_not_found");
  });

  it("bad bodies are 422 naming the field", async () => {
    for (const [body, path] of [
      [{ name: "X", role: "admin" }, "role"],
      [{ name: " ", role: "reader" }, "name"],
      [{ name: "X", role: "reader", expiresInMinutes: 0 }, "expiresInMinutes"],
      [{ name: "X", role: "reader", expiresInMinutes: 61 }, "expiresInMinutes"],
      [{ name: "X", role: "reader", sessionHours: 73 }, "sessionHours"],
      [{ name: "X", role: "reader", orgId: f.orgId }, ""],
    ] as const) {
      const res = await f.api.post(`/v1/orgs/${f.orgId}/pairings`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("validation_failed");
      if (path) expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
  });
});

describe("listing and revoking", () => {
  it("an unknown device session is 404 device_session_not_found", async () => {
    const res = await f.api.delete(`/v1/orgs/${f.orgId}/device-sessions/dvs_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("device_session_not_found");
  });

  it("an organiser cannot sign out an owner's device", async () => {
    const ownerDevice = await pairDevice(app, f.api, f.orgId, { name: "Owner laptop", role: "owner" });
    const organizer = await addClient(app, db, f.orgId, "organizer");
    const res = await jsonRequest(app, organizer.auth).delete(
      `/v1/orgs/${f.orgId}/device-sessions/${ownerDevice.session.id}`,
    );
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("insufficient_role");
    expect((await ownerDevice.api.get("/v1/auth/device-sessions/current")).status).toBe(200);
  });

  it("another organisation's device session is 404", async () => {
    const other = await pagesFixture(app, db);
    const device = await pairDevice(app, other.api, other.orgId);
    const res = await f.api.delete(`/v1/orgs/${other.orgId}/device-sessions/${device.session.id}`);
    expect(res.status).toBe(404);
    const wrongOrg = await f.api.delete(`/v1/orgs/${f.orgId}/device-sessions/${device.session.id}`);
    expect(wrongOrg.status).toBe(404);
  });

  it("the current session needs a device cookie: 401 without anything, 404 with a token", async () => {
    expect((await anonymous.get("/v1/auth/device-sessions/current")).body.code).toBe("token_required");
    const withToken = await f.api.get("/v1/auth/device-sessions/current");
    expect(withToken.status).toBe(404);
    expect(withToken.body.code).toBe("device_session_not_found");
  });
});
