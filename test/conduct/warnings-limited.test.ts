/**
 * A player's warnings span every event of the reader's tree, so a client limited to one event
 * reads none of them (403 naming its limit), whether the player belongs to its organisation or,
 * like a federation's player seated at a store's events, to another part of the tree.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { addClient, bearer, createOrgClient, fetchToken } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

let storeOrgId: string;
let store: JsonClient;
let referee: JsonClient;
let limited: JsonClient;
let federationPlayer: string;
let storePlayer: string;

/** An event of the store with one session of four, seated at one table; returns that table. */
async function seatedTable(name: string, playerIds: string[]): Promise<{ eventId: string; tableId: string }> {
  const event = await store.post(`/v1/orgs/${storeOrgId}/events`, { name });
  expect(event.status, event.text).toBe(201);
  const session = await store.post(`/v1/events/${event.body.id}/sessions`, {
    name: "Day",
    date: "2026-12-05",
  });
  expect(session.status, session.text).toBe(201);
  const reg = await store.post(`/v1/sessions/${session.body.id}/players`, { playerIds });
  expect(reg.status, reg.text).toBe(200);
  const round = await store.post(`/v1/sessions/${session.body.id}/rounds`, { tables: [playerIds] });
  expect(round.status, round.text).toBe(201);
  return { eventId: event.body.id, tableId: round.body.data[0].tables[0].id };
}

beforeAll(async () => {
  const { app, db } = await createTestApp();
  const fed = await createOrgClient(app, db, { name: "Federation", kind: "federation" });
  const owner = await createOrgClient(app, db, { name: "Store", parentOrgId: fed.orgId });
  storeOrgId = owner.orgId;
  store = jsonRequest(app, owner.auth);
  referee = jsonRequest(app, (await addClient(app, db, storeOrgId, "referee")).auth);
  const made = await jsonRequest(app, fed.auth).post(`/v1/orgs/${fed.orgId}/players`, {
    name: "Federation member",
  });
  expect(made.status, made.text).toBe(201);
  federationPlayer = made.body.id;
  const locals: string[] = [];
  for (const name of ["Local 1", "Local 2", "Local 3"]) {
    const res = await store.post(`/v1/orgs/${storeOrgId}/players`, { name });
    expect(res.status, res.text).toBe(201);
    locals.push(res.body.id);
  }
  storePlayer = locals[0]!;
  const first = await seatedTable("First", [federationPlayer, ...locals]);
  const second = await seatedTable("Second", [federationPlayer, ...locals]);
  for (const { tableId } of [first, second]) {
    for (const playerId of [federationPlayer, storePlayer]) {
      const warned = await referee.post(`/v1/tables/${tableId}/warnings`, {
        playerId,
        rule: "2.0.3",
        note: "Late",
      });
      expect(warned.status, warned.text).toBe(201);
    }
  }
  const client = await store.post(`/v1/orgs/${storeOrgId}/clients`, {
    name: "first event's bot",
    role: "owner",
    scope: { eventId: first.eventId },
  });
  expect(client.status, client.text).toBe(201);
  limited = jsonRequest(app, bearer(await fetchToken(app, client.body.clientId, client.body.clientSecret)));
});

describe("a client limited to one event and a player's warnings", () => {
  it("the store's own player: 403 naming the limit", async () => {
    const res = await limited.get(`/v1/players/${storePlayer}/warnings`);
    expect(res.status, res.text).toBe(403);
    expect(res.body.code).toBe("outside_client_scope");
  });

  it("a federation's player seated at the store's events: 403 naming the limit, not the other event's warnings", async () => {
    const res = await limited.get(`/v1/players/${federationPlayer}/warnings`);
    expect(res.status, res.text).toBe(403);
    expect(res.body.code).toBe("outside_client_scope");
  });

  it("the store's own unlimited staff read both events' warnings of either player", async () => {
    for (const player of [storePlayer, federationPlayer]) {
      const res = await store.get(`/v1/players/${player}/warnings`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toHaveLength(2);
    }
  });
});
