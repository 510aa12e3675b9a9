/**
 * Scoped credentials: clients limited at creation to one event or session, and the
 * OAuth2 `scope` parameter of the token endpoint asking for fewer rights than the role.
 */
import { decodeJwt } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import type { App } from "../../src/http/app";
import { bearer, createOrgClient, type OrgClient, tokenRequest } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { createPlayers, type JsonClient, jsonRequest } from "../helpers/workflow";

let app: App;
let db: Database;
let chain: OrgClient;
let store: OrgClient;
let eventId: string;
let otherEventId: string;
let sessionA: string;
let sessionB: string;
let players: string[];

const as = (auth: Record<string, string>): JsonClient => jsonRequest(app, auth);

async function token(clientId: string, clientSecret: string, scope?: string) {
  const res = await app.request("/v1/auth/token", tokenRequest(clientId, clientSecret, scope));
  return { status: res.status, body: (await res.json()) as Record<string, string>, headers: res.headers };
}

async function newClient(orgOwner: OrgClient, body: Record<string, unknown>) {
  const res = await as(orgOwner.auth).post(`/v1/orgs/${orgOwner.orgId}/clients`, body);
  expect(res.status, res.text).toBe(201);
  return res.body as { clientId: string; clientSecret: string; scope: unknown };
}

beforeAll(async () => {
  ({ app, db } = await createTestApp());
  chain = await createOrgClient(app, db, { name: "Chain", kind: "chain" });
  store = await createOrgClient(app, db, { name: "Store", parentOrgId: chain.orgId });
  const api = as(chain.auth);
  eventId = (await api.post(`/v1/orgs/${chain.orgId}/events`, { name: "Qualifier", visibility: "private" }))
    .body.id;
  otherEventId = (await api.post(`/v1/orgs/${chain.orgId}/events`, { name: "Other", visibility: "private" }))
    .body.id;
  sessionA = (await api.post(`/v1/events/${eventId}/sessions`, { name: "A", hostOrgId: store.orgId })).body
    .id;
  sessionB = (await api.post(`/v1/events/${eventId}/sessions`, { name: "B" })).body.id;
  players = await createPlayers(api, chain.orgId, 8);
});

describe("the token endpoint's scope parameter", () => {
  it("grants every scope of the role without `scope`, listed in the response and the token", async () => {
    const res = await token(chain.clientId, chain.clientSecret);
    expect(res.status).toBe(200);
    const granted = res.body.scope!.split(" ");
    expect(granted).toEqual(expect.arrayContaining(["results:write", "seating:write", "clients:manage"]));
    expect(granted).not.toContain("orgs:create");
    expect(decodeJwt(res.body.access_token!).scope).toBe(res.body.scope);
  });

  it("grants fewer rights when asked: a results:write token submits results but cannot register", async () => {
    const res = await token(chain.clientId, chain.clientSecret, "results:write");
    expect(res.status).toBe(200);
    expect(res.body.scope).toBe("results:write");
    const api = as(bearer(res.body.access_token!));
    const refused = await api.post(`/v1/sessions/${sessionB}/players`, { playerIds: players });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("insufficient_scope");
    expect(refused.headers.get("www-authenticate")).toContain('error="insufficient_scope"');
    expect(refused.headers.get("www-authenticate")).toContain('scope="registrations:write"');
    // The full-rights token sets up a table; the results-only token reads it and enters the result.
    await as(chain.auth).post(`/v1/sessions/${sessionB}/players`, { playerIds: players });
    const round = await as(chain.auth).post(`/v1/sessions/${sessionB}/rounds`, {});
    const table = round.body.data[0].tables[0];
    const ids = table.seats.map((s: { player: { id: string } }) => s.player.id);
    expect((await api.get(`/v1/tables/${table.id}`)).status).toBe(200);
    const sheet = {
      scores: ids.map((playerId: string, i: number) => ({ playerId, vp: i ? 6 : 10 })),
      winnerId: ids[0],
    };
    expect((await api.put(`/v1/tables/${table.id}/result`, sheet)).status).toBe(200);
  });

  it("a standings:read token reads private data and changes nothing", async () => {
    const res = await token(chain.clientId, chain.clientSecret, "standings:read");
    const api = as(bearer(res.body.access_token!));
    expect((await api.get(`/v1/events/${eventId}/qualification`)).status).toBe(200);
    const refused = await api.patch(`/v1/events/${eventId}`, { name: "renamed" });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("insufficient_scope");
  });

  it("refuses unknown scopes and scopes beyond the role with invalid_scope (400)", async () => {
    const reporter = await newClient(chain, { name: "phone", role: "reporter" });
    const beyond = await token(reporter.clientId, reporter.clientSecret, "results:write seating:write");
    expect(beyond.status).toBe(400);
    expect(beyond.body.error).toBe("invalid_scope");
    const unknown = await token(reporter.clientId, reporter.clientSecret, "everything");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("invalid_scope");
    const ok = await token(reporter.clientId, reporter.clientSecret, "results:write");
    expect(ok.body.scope).toBe("results:write");
  });
});

describe("clients limited to one event or session", () => {
  it("a session-limited client acts in its session only (403 outside_client_scope elsewhere)", async () => {
    const tablet = await newClient(chain, {
      name: "tablet A",
      role: "organizer",
      scope: { sessionId: sessionA },
    });
    expect(tablet.scope).toEqual({ eventId, sessionId: sessionA });
    const t = await token(tablet.clientId, tablet.clientSecret);
    expect(decodeJwt(t.body.access_token!).lim).toEqual({ eventId, sessionId: sessionA });
    const api = as(bearer(t.body.access_token!));
    expect(
      (await api.post(`/v1/sessions/${sessionA}/players`, { playerIds: players.slice(0, 4) })).status,
    ).toBe(200);
    for (const res of [
      await api.post(`/v1/sessions/${sessionB}/players`, { playerIds: players.slice(0, 4) }),
      await api.patch(`/v1/events/${eventId}`, { name: "x" }),
      await api.post(`/v1/orgs/${chain.orgId}/events`, { name: "y" }),
    ]) {
      expect(res.status, res.text).toBe(403);
      expect(res.body.code).toBe("outside_client_scope");
    }
    // It reads its own event, not the organisation's other private events.
    expect((await api.get(`/v1/events/${eventId}`)).status).toBe(200);
    expect((await api.get(`/v1/events/${otherEventId}`)).status).toBe(404);
  });

  it("an event-limited client acts on every session of that event and no other event", async () => {
    const bot = await newClient(chain, { name: "bot", role: "reporter", scope: { eventId } });
    expect(bot.scope).toEqual({ eventId });
    const api = as(bearer((await token(bot.clientId, bot.clientSecret)).body.access_token!));
    expect((await api.get(`/v1/events/${eventId}/sessions`)).status).toBe(200);
    expect((await api.get(`/v1/events/${otherEventId}`)).status).toBe(404);
  });

  it("a store may limit its clients to the session it hosts, not to the chain's other sessions", async () => {
    const mine = await newClient(store, {
      name: "store tablet",
      role: "reporter",
      scope: { sessionId: sessionA },
    });
    expect(mine.scope).toEqual({ eventId, sessionId: sessionA });
    const res = await as(store.auth).post(`/v1/orgs/${store.orgId}/clients`, {
      name: "not ours",
      role: "reporter",
      scope: { sessionId: sessionB },
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("invalid_client_scope");
    expect(res.body.errors[0].path).toBe("scope.sessionId");
  });
});

describe("the OpenAPI document", () => {
  it("lists the scopes in the OAuth2 security scheme", async () => {
    const doc = (await as({}).get("/openapi.json")).body;
    const scopes = doc.components.securitySchemes.oauth2.flows.clientCredentials.scopes;
    expect(Object.keys(scopes)).toEqual(
      expect.arrayContaining(["standings:read", "results:write", "seating:write", "registrations:write"]),
    );
  });
});
