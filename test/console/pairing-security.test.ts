/**
 * What a device cookie cannot do: act from another site, act outside its session, outlive its
 * revocation, or be read back from the database. Tokens keep working as before beside it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import type { App } from "../../src/http/app";
import { pairDevice, SITE } from "../helpers/console";
import { type PagesFixture, pagesFixture } from "../helpers/pages-fixture";
import { createCountingTestDatabase, createTestApp } from "../helpers/test-app";
import { jsonRequest } from "../helpers/workflow";

let app: App;
let db: Database;
let f: PagesFixture;
let otherSessionTable: string;

beforeAll(async () => {
  ({ app, db } = await createTestApp());
  f = await pagesFixture(app, db);
  // A second session of the same event, seated, for the phone that belongs to the first.
  const session = await f.api.post(`/v1/events/${f.eventId}/sessions`, {
    name: "Second",
    date: "2026-12-06",
  });
  const ids: string[] = [];
  for (const name of ["A", "B", "C", "D"])
    ids.push((await f.api.post(`/v1/orgs/${f.orgId}/players`, { name })).body.id);
  await f.api.post(`/v1/sessions/${session.body.id}/players`, { playerIds: ids });
  const rounds = await f.api.post(`/v1/sessions/${session.body.id}/rounds`, { seed: "other" });
  otherSessionTable = rounds.body.data[0].tables[0].id;
});

async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, needle: string): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes(needle)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  return text;
}

const sheetOf = (seats: { player: { id: string } }[]) => ({
  scores: seats.map((s, i) => ({ playerId: s.player.id, vp: [10, 8, 6, 4][i] })),
  winnerId: seats[0]!.player.id,
});

describe("cross-site requests", () => {
  it("a write with the cookie from another site, or naming no site, is 403 cross_site_request", async () => {
    const laptop = await pairDevice(app, f.api, f.orgId);
    const body = JSON.stringify({ name: "Walk-in" });
    const attempts: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site", origin: "http://sub.localhost" },
      {},
    ];
    for (const headers of attempts) {
      const res = await app.request(`/v1/orgs/${f.orgId}/players`, {
        method: "POST",
        headers: { cookie: laptop.cookie, "content-type": "application/json", ...headers },
        body,
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe("cross_site_request");
    }
    // A form post from another site, the classic forgery, too.
    const form = await app.request(`/v1/sessions/${f.sessionId}/check-ins`, {
      method: "POST",
      headers: {
        cookie: laptop.cookie,
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
      },
      body: "playerIds=x",
    });
    expect(form.status).toBe(403);
  });

  it("the same write from a page of this site passes (Origin, or Sec-Fetch-Site: same-origin)", async () => {
    const laptop = await pairDevice(app, f.api, f.orgId);
    const pages: Record<string, string>[] = [{ origin: SITE }, { "sec-fetch-site": "same-origin" }];
    for (const headers of pages) {
      const res = await app.request(`/v1/orgs/${f.orgId}/players`, {
        method: "POST",
        headers: { cookie: laptop.cookie, "content-type": "application/json", ...headers },
        body: JSON.stringify({ name: `Walk-in ${JSON.stringify(headers)}` }),
      });
      expect(res.status, JSON.stringify(headers)).toBe(201);
    }
  });

  it("reads need no Origin: a GET is not a forgery", async () => {
    const laptop = await pairDevice(app, f.api, f.orgId);
    const res = await app.request(`/v1/sessions/${f.sessionId}/players`, {
      headers: { cookie: laptop.cookie },
    });
    expect(res.status).toBe(200);
  });

  it("answers to a cookie are never shared with another site (no credentials in CORS)", async () => {
    const laptop = await pairDevice(app, f.api, f.orgId);
    const res = await app.request(`/v1/sessions/${f.sessionId}/players`, {
      headers: { cookie: laptop.cookie, origin: "https://evil.example" },
    });
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
  });
});

describe("a phone paired to one session", () => {
  it("gets the API's refusals elsewhere: another session's table, registrations, pairing", async () => {
    const phone = await pairDevice(app, f.api, f.orgId, {
      name: "Phone",
      role: "reporter",
      scope: { sessionId: f.sessionId },
    });
    const table = await f.api.get(`/v1/tables/${otherSessionTable}`);
    const outside = await phone.api.put(`/v1/tables/${otherSessionTable}/result`, sheetOf(table.body.seats));
    expect(outside.status).toBe(403);
    expect(outside.body.code).toBe("outside_client_scope");
    const register = await phone.api.post(`/v1/sessions/${f.sessionId}/check-ins`, {
      playerIds: [f.playerIds[0]],
    });
    expect(register.status).toBe(403);
    expect(register.body.code).toBe("insufficient_role");
    const pair = await phone.api.post(`/v1/orgs/${f.orgId}/pairings`, { name: "More", role: "reporter" });
    expect(pair.body.code).toBe("insufficient_role");
    const org = await phone.api.get(`/v1/orgs/${f.orgId}/players`);
    expect(org.status).toBe(403);
    expect(org.body.code).toBe("outside_client_scope");
    // Its own session's table it may score.
    const own = f.round.tables[0]!;
    expect((await phone.api.put(`/v1/tables/${own.id}/result`, sheetOf(own.seats))).status).toBe(200);
  });
});

describe("the cookie and its secret", () => {
  it("only hashes are stored: neither the code nor the cookie's secret is in the database", async () => {
    const pairing = await f.api.post(`/v1/orgs/${f.orgId}/pairings`, { name: "Hashed", role: "reader" });
    const res = await jsonRequest(app, {}).post("/v1/auth/device-sessions", { code: pairing.body.code });
    const secret = res.headers.get("set-cookie")!.split(";")[0]!.split("=")[1]!;
    const dump = JSON.stringify([
      await db.$client.execute("select * from device_pairings"),
      await db.$client.execute("select * from device_sessions"),
      await db.$client.execute("select * from audit_log"),
    ]);
    expect(dump).not.toContain(pairing.body.code);
    expect(dump).not.toContain(pairing.body.code.replace(/-/g, ""));
    expect(dump).not.toContain(secret);
  });

  it("a forged or unknown cookie is 401 under /v1 and cleared; public pages still answer", async () => {
    for (const cookie of ["catan-device=ds_forgedforgedforgedforgedforged", "catan-device=garbage"]) {
      const api = await app.request(`/v1/events/${f.eventId}`, { headers: { cookie } });
      expect(api.status).toBe(401);
      expect(api.headers.get("set-cookie")).toMatch(/Max-Age=0/);
      const page = await app.request("/", { headers: { cookie } });
      expect(page.status).toBe(200);
      expect(page.headers.get("set-cookie")).toMatch(/Max-Age=0/);
      expect((await app.request("/health", { headers: { cookie } })).status).toBe(200);
    }
  });

  it("a cookie this server did not sign is refused without a database read", async () => {
    const counting = await createCountingTestDatabase();
    const own = await createTestApp({ storage: { db: counting.db } });
    const store = await pagesFixture(own.app, counting.db);
    const laptop = await pairDevice(own.app, store.api, store.orgId);
    const secret = decodeURIComponent(laptop.cookie.split("=")[1]!).split(".")[0]!;
    const lookups = () => counting.statements().filter((sql) => sql.includes('"device_sessions"')).length;
    const before = lookups();
    // Well-formed but unsigned, signed with another key, or a real session's secret unsigned.
    for (const value of ["ds_forgedforgedforgedforgedforged", `${secret}.${"A".repeat(43)}=`, secret]) {
      const res = await own.app.request(`/v1/events/${store.eventId}`, {
        headers: { cookie: `catan-device=${encodeURIComponent(value)}` },
      });
      expect(res.status, value).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe("device_session_ended");
    }
    expect(lookups()).toBe(before);
    // The cookie as it was set still signs in.
    expect(
      (await own.app.request(`/v1/orgs/${store.orgId}/players`, { headers: { cookie: laptop.cookie } }))
        .status,
    ).toBe(200);
  });

  it("answers to a cookie are private: a shared cache never keeps them", async () => {
    const laptop = await pairDevice(app, f.api, f.orgId);
    const res = await app.request(`/v1/orgs/${f.orgId}/players`, { headers: { cookie: laptop.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("a bearer token wins over a cookie sent with it", async () => {
    const phone = await pairDevice(app, f.api, f.orgId, {
      name: "Phone",
      role: "reader",
      scope: { sessionId: f.sessionId },
    });
    const res = await app.request(`/v1/orgs/${f.orgId}/players`, {
      headers: { ...f.auth, cookie: phone.cookie },
    });
    expect(res.status).toBe(200);
  });

  it("a stale cookie does not stop the device from signing in again", async () => {
    const device = await pairDevice(app, f.api, f.orgId, { name: "Again", role: "reporter" });
    await device.api.delete("/v1/auth/device-sessions/current");
    const pairing = await f.api.post(`/v1/orgs/${f.orgId}/pairings`, { name: "Again", role: "reporter" });
    const res = await jsonRequest(app, { cookie: device.cookie }).post("/v1/auth/device-sessions", {
      code: pairing.body.code,
    });
    expect(res.status, res.text).toBe(201);
  });

  it("a revoked device's open change feed ends", async () => {
    const ctx = await createTestApp({ live: { changePollMs: 20 } });
    const store = await pagesFixture(ctx.app, ctx.db);
    const device = await pairDevice(ctx.app, store.api, store.orgId, { name: "Watcher", role: "reader" });
    const res = await ctx.app.request(`/v1/events/${store.eventId}/changes?maxSeconds=60`, {
      headers: { cookie: device.cookie },
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await readUntil(reader, '"resultsVersion":0');
    await store.api.delete(`/v1/orgs/${store.orgId}/device-sessions/${device.session.id}`);
    expect(await readUntil(reader, "client_revoked")).toContain("event: end");
  });
});
