/**
 * Programme exclusion (docs/rules.md#sanctions): a federation (an organisation with member
 * organisations) excludes a player from its whole programme until a date. Registering the player
 * in any event of its tree is refused with a problem naming the exclusion's end; lifting it is
 * possible and audited (what it does at once to registrations and seated games:
 * exclusion-effects.test.ts).
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { auditLog } from "../../src/db/schema";
import type { App } from "../../src/http/app";
import { addClient, createOrgClient, type OrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let app: App;
let db: Database;
let fed: OrgClient;
let storeA: OrgClient;
let storeB: OrgClient;
let stranger: OrgClient;
let fedApi: JsonClient;
let playerId: string;
let other: string;
let earlierSession: string;

const until = "2099-06-01";

async function sessionOf(store: OrgClient, name: string): Promise<string> {
  const api = jsonRequest(app, store.auth);
  const event = await api.post(`/v1/orgs/${store.orgId}/events`, { name });
  expect(event.status, event.text).toBe(201);
  const session = await api.post(`/v1/events/${event.body.id}/sessions`, { name: "Day 1" });
  expect(session.status, session.text).toBe(201);
  return session.body.id;
}

beforeAll(async () => {
  const ctx = await createTestApp();
  app = ctx.app;
  db = ctx.db;
  fed = await createOrgClient(app, db, { name: "Federation", kind: "federation" });
  storeA = await createOrgClient(app, db, { name: "Store A", parentOrgId: fed.orgId });
  storeB = await createOrgClient(app, db, { name: "Store B", parentOrgId: fed.orgId });
  stranger = await createOrgClient(app, db, { name: "Another tree" });
  fedApi = jsonRequest(app, fed.auth);
  const a = jsonRequest(app, storeA.auth);
  playerId = (await a.post(`/v1/orgs/${storeA.orgId}/players`, { name: "Excluded" })).body.id;
  other = (await a.post(`/v1/orgs/${storeA.orgId}/players`, { name: "Fine" })).body.id;
  earlierSession = await sessionOf(storeA, "Before the exclusion");
  const reg = await a.post(`/v1/sessions/${earlierSession}/players`, { playerIds: [playerId] });
  expect(reg.status, reg.text).toBe(200);
});

const exclude = (who: JsonClient, orgId: string, body: unknown) =>
  who.post(`/v1/orgs/${orgId}/exclusions`, body);

describe("excluding a player from a federation's programme", () => {
  let exclusion: Json;
  let historyBefore: Json;

  beforeAll(async () => {
    historyBefore = (await fedApi.get(`/v1/players/${playerId}/history`)).body;
    const res = await exclude(fedApi, fed.orgId, { playerId, until, reason: "Repeated free-resource deals" });
    expect(res.status, res.text).toBe(201);
    exclusion = res.body;
  });

  it("answers the exclusion: who, until when, why", () => {
    expect(exclusion).toEqual({
      id: expect.stringMatching(/^exc_/),
      orgId: fed.orgId,
      player: { id: playerId, name: "Excluded" },
      until,
      reason: "Repeated free-resource deals",
      recordedBy: expect.any(String),
      createdAt: expect.any(String),
      liftedAt: null,
      // At once: the registration whose games had not started is withdrawn.
      effects: { withdrawnFrom: [earlierSession], sessions: [] },
    });
  });

  it("refuses the player's registration in any event of the tree, naming the exclusion's end", async () => {
    for (const store of [storeA, storeB]) {
      const sessionId = await sessionOf(store, `Event of ${store.orgId}`);
      const res = await jsonRequest(app, store.auth).post(`/v1/sessions/${sessionId}/players`, {
        playerIds: [other, playerId],
      });
      expect(res.status, res.text).toBe(422);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      expect(res.body.code).toBe("excluded_from_programme");
      expect(res.body.detail).toContain(until);
      expect(res.body.errors).toEqual([
        { path: "playerIds[1]", message: expect.stringContaining(`until ${until}`) },
      ]);
    }
  });

  it("withdraws the registration whose games had not started: the history no longer lists that event", async () => {
    const roster = await jsonRequest(app, storeA.auth).get(`/v1/sessions/${earlierSession}/players`);
    expect(roster.body.data).toEqual([]);
    expect(historyBefore.events).toHaveLength(1);
    const history = (await fedApi.get(`/v1/players/${playerId}/history`)).body;
    expect(history).toEqual({ ...historyBefore, events: [] });
  });

  it("is listed for the federation's staff, never for its members, other trees or anonymous callers", async () => {
    const list = await fedApi.get(`/v1/orgs/${fed.orgId}/exclusions`);
    expect(list.status, list.text).toBe(200);
    const { effects: _, ...listed } = exclusion;
    expect(list.body.data).toEqual([listed]);
    expect((await jsonRequest(app, storeA.auth).get(`/v1/orgs/${fed.orgId}/exclusions`)).status).toBe(404);
    expect((await jsonRequest(app, stranger.auth).get(`/v1/orgs/${fed.orgId}/exclusions`)).status).toBe(404);
    expect((await jsonRequest(app, {}).get(`/v1/orgs/${fed.orgId}/exclusions`)).status).toBe(401);
  });

  it("is lifted by the federation, audited, and the player registers again", async () => {
    const lifted = await fedApi.delete(`/v1/orgs/${fed.orgId}/exclusions/${exclusion.id}`);
    expect(lifted.status, lifted.text).toBe(200);
    const { effects: _, ...recorded } = exclusion;
    expect(lifted.body).toEqual({ ...recorded, liftedAt: expect.any(String) });
    const sessionId = await sessionOf(storeB, "After the lift");
    const res = await jsonRequest(app, storeB.auth).post(`/v1/sessions/${sessionId}/players`, {
      playerIds: [playerId],
    });
    expect(res.status, res.text).toBe(200);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, exclusion.id));
    expect(audit.map((e) => e.action).sort()).toEqual(["exclusion.add", "exclusion.lift"]);
    expect((await fedApi.get(`/v1/orgs/${fed.orgId}/exclusions`)).body.data[0].liftedAt).not.toBeNull();
  });
});

describe("who may exclude", () => {
  const body = () => ({ playerId, until, reason: "x" });

  it("only an organisation with member organisations (422 for a store)", async () => {
    const res = await exclude(jsonRequest(app, storeA.auth), storeA.orgId, body());
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("exclusion_needs_members");
  });

  it("not a member store for its federation (404), nor a reader of the federation (403), nor anonymous (401)", async () => {
    expect((await exclude(jsonRequest(app, storeA.auth), fed.orgId, body())).status).toBe(404);
    const reader = await addClient(app, db, fed.orgId, "reader");
    expect((await exclude(jsonRequest(app, reader.auth), fed.orgId, body())).status).toBe(403);
    expect((await exclude(jsonRequest(app, {}), fed.orgId, body())).status).toBe(401);
  });

  it("only players of its tree, until a day after today", async () => {
    const foreign = (
      await jsonRequest(app, stranger.auth).post(`/v1/orgs/${stranger.orgId}/players`, { name: "Foreign" })
    ).body.id;
    const res = await exclude(fedApi, fed.orgId, { ...body(), playerId: foreign });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("player_not_found");
    const past = await exclude(fedApi, fed.orgId, { ...body(), until: "2020-01-01" });
    expect(past.status).toBe(422);
    expect(past.body.code).toBe("exclusion_ends_too_soon");
    expect(past.body.errors.map((e: Json) => e.path)).toEqual(["until"]);
  });
});
