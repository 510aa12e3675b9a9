/**
 * Store-hosted sessions: a chain's event with one session hosted by store A and one
 * by store B. The tenancy matrix: a store's clients change their own session only; a sibling
 * store's session is a 403 `not_session_host` on every write (the sibling reads the event, so
 * the 403 reveals nothing); the event itself and its playoffs are the chain's (403); an
 * unrelated organisation gets 404 as for an unknown id.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import type { App } from "../../src/http/app";
import { addClient, type ClientAuth, createOrgClient, type OrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { createPlayers, type JsonClient, jsonRequest } from "../helpers/workflow";

let app: App;
let db: Database;
let chain: OrgClient;
let storeA: OrgClient;
let storeB: OrgClient;
let foreign: OrgClient;
let refA: ClientAuth;
let eventId: string;
let sessionA: string;
let sessionB: string;
let playersA: string[];
let playersB: string[];

const as = (who: { auth: Record<string, string> }): JsonClient => jsonRequest(app, who.auth);

beforeAll(async () => {
  ({ app, db } = await createTestApp());
  chain = await createOrgClient(app, db, { name: "Chain", kind: "chain" });
  storeA = await createOrgClient(app, db, { name: "Store A", parentOrgId: chain.orgId });
  storeB = await createOrgClient(app, db, { name: "Store B", parentOrgId: chain.orgId });
  foreign = await createOrgClient(app, db, { name: "Elsewhere" });
  refA = await addClient(app, db, storeA.orgId, "referee");
  const api = as(chain);
  eventId = (
    await api.post(`/v1/orgs/${chain.orgId}/events`, { name: "Chain qualifier", visibility: "private" })
  ).body.id;
  const a = await api.post(`/v1/events/${eventId}/sessions`, { name: "Store A", hostOrgId: storeA.orgId });
  expect(a.status, a.text).toBe(201);
  expect(a.body.hostOrgId).toBe(storeA.orgId);
  sessionA = a.body.id;
  sessionB = (await api.post(`/v1/events/${eventId}/sessions`, { name: "Store B", hostOrgId: storeB.orgId }))
    .body.id;
  // Each store registers its own customers (players of any organisation of the chain's tree).
  playersA = await createPlayers(as(storeA), storeA.orgId, 8, "A");
  playersB = await createPlayers(as(storeB), storeB.orgId, 8, "B");
});

describe("creating a hosted session", () => {
  it("refuses a host outside the event's organisation tree (422 invalid_host)", async () => {
    const res = await as(chain).post(`/v1/events/${eventId}/sessions`, {
      name: "X",
      hostOrgId: foreign.orgId,
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("invalid_host");
    expect(res.body.errors[0].path).toBe("hostOrgId");
  });

  it("lets only the event's organisation add sessions: a host store gets 403", async () => {
    const res = await as(storeA).post(`/v1/events/${eventId}/sessions`, { name: "mine" });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("not_session_host");
  });
});

describe("tenancy matrix of a store-hosted session", () => {
  it("the host registers, seats, boards, submits, confirms and disqualifies in its own session", async () => {
    const api = as(storeA);
    expect((await api.post(`/v1/sessions/${sessionA}/players`, { playerIds: playersA })).status).toBe(200);
    const round = await api.post(`/v1/sessions/${sessionA}/rounds`, { seed: "a" });
    expect(round.status, round.text).toBe(201);
    const roundId = round.body.data[0].id;
    expect((await api.post(`/v1/rounds/${roundId}/board`, { seed: "b1" })).status).toBe(201);
    const [t1, t2] = round.body.data[0].tables;
    const ids = t1.seats.map((s: { player: { id: string } }) => s.player.id);
    const sheet = {
      scores: ids.map((playerId: string, i: number) => ({ playerId, vp: i === 0 ? 10 : 5 })),
      winnerId: ids[0],
    };
    const submitted = await api.put(`/v1/tables/${t1.id}/result`, sheet);
    expect(submitted.status, submitted.text).toBe(200);
    const confirmed = await api.post(`/v1/tables/${t1.id}/result/confirmations`, { playerId: ids[1] });
    expect(confirmed.status, confirmed.text).toBe(200);
    const dq = await as(refA).post(`/v1/tables/${t2.id}/disqualifications`, {
      playerId: t2.seats[3].player.id,
      reason: "abusive behaviour",
    });
    expect(dq.status, dq.text).toBe(200);
  });

  it("a sibling store is refused every write to the session with 403 not_session_host", async () => {
    const api = as(storeB);
    const rounds = (await as(chain).get(`/v1/sessions/${sessionA}/rounds`)).body.data;
    const table = rounds[0].tables[1];
    const ids = table.seats.map((s: { player: { id: string } }) => s.player.id);
    const sheet = {
      scores: ids.map((playerId: string, i: number) => ({ playerId, vp: i ? 6 : 10 })),
      winnerId: ids[0],
    };
    const attempts = [
      await api.post(`/v1/sessions/${sessionA}/players`, { playerIds: [playersB[0]] }),
      await api.delete(`/v1/sessions/${sessionA}/players/${playersA[0]}`),
      await api.post(`/v1/sessions/${sessionA}/rounds`, {}),
      await api.delete(`/v1/rounds/${rounds[0].id}`),
      await api.post(`/v1/rounds/${rounds[0].id}/board`, { seed: "x" }),
      await api.put(`/v1/tables/${table.id}/result`, sheet),
      await api.post(`/v1/tables/${table.id}/result/confirmations`, { playerId: table.seats[0].player.id }),
      await api.post(`/v1/tables/${table.id}/result/finalize`, {}),
      await api.post(`/v1/tables/${table.id}/disqualifications`, {
        playerId: table.seats[0].player.id,
        reason: "cheating",
      }),
    ];
    for (const res of attempts) {
      expect(res.status, res.text).toBe(403);
      expect(res.body.code).toBe("not_session_host");
    }
  });

  it("an unrelated organisation gets 404 on the same writes, as for unknown ids", async () => {
    const api = as(foreign);
    const rounds = (await as(chain).get(`/v1/sessions/${sessionA}/rounds`)).body.data;
    expect((await api.post(`/v1/sessions/${sessionA}/players`, { playerIds: [playersB[0]] })).status).toBe(
      404,
    );
    expect((await api.post(`/v1/rounds/${rounds[0].id}/board`, { seed: "x" })).status).toBe(404);
    expect((await api.get(`/v1/events/${eventId}`)).status).toBe(404);
  });

  it("the host reads the private event, its sessions, qualification and standings", async () => {
    const api = as(storeB);
    expect((await api.get(`/v1/events/${eventId}`)).status).toBe(200);
    expect((await api.get(`/v1/events/${eventId}/sessions`)).status).toBe(200);
    expect((await api.get(`/v1/events/${eventId}/qualification`)).status).toBe(200);
    expect((await api.get(`/v1/sessions/${sessionA}/standings`)).status).toBe(200);
    expect((await api.get(`/v1/sessions/${sessionA}/rounds`)).status).toBe(200);
  });

  it("the host reads the private event's pages; it prints its own seat slips, a sibling cannot", async () => {
    const page = (path: string, who?: { auth: Record<string, string> }) =>
      app.request(path, { headers: who?.auth ?? {} });
    expect((await page(`/e/${eventId}`, storeB)).status).toBe(200);
    expect((await page(`/e/${eventId}`)).status).toBe(404);
    expect((await page(`/e/${eventId}`, foreign)).status).toBe(404);
    const table = (await as(storeA).get(`/v1/sessions/${sessionA}/rounds`)).body.data[0].tables[0];
    const codes = (await as(storeA).get(`/v1/tables/${table.id}`)).body.seats.map(
      (s: { confirmationCode: string }) => s.confirmationCode,
    );
    expect(codes.every((code: string) => /^[2-9A-HJ-NP-Z]{10}$/.test(code))).toBe(true);
    const own = await (await page(`/s/${sessionA}/print/slips?round=1`, storeA)).text();
    for (const code of codes) expect(own).toContain(code);
    const sibling = await page(`/s/${sessionA}/print/slips?round=1`, storeB);
    expect(sibling.status).toBe(403);
    const html = await sibling.text();
    for (const code of codes) expect(html).not.toContain(code);
    expect((await page(`/s/${sessionA}/print/sheets?round=1`, storeB)).status).toBe(200);
    expect((await page(`/t/${table.id}`, storeB)).status).toBe(200);
  });

  it("the host cannot change the event, its staff or its playoffs (403 not_session_host)", async () => {
    const api = as(storeA);
    const attempts = [
      await api.patch(`/v1/events/${eventId}`, { name: "Store A's now" }),
      await api.post(`/v1/events/${eventId}/staff`, { playerId: playersB[0], role: "referee" }),
      await api.post(`/v1/events/${eventId}/avoid-pairs`, { playerIds: [playersA[0], playersA[1]] }),
      await api.post(`/v1/events/${eventId}/semifinals`),
      await api.post(`/v1/events/${eventId}/final`),
    ];
    for (const res of attempts) {
      expect(res.status, res.text).toBe(403);
      expect(res.body.code).toBe("not_session_host");
    }
  });

  it("the chain keeps full control of a hosted session", async () => {
    const res = await as(chain).post(`/v1/sessions/${sessionB}/players`, { playerIds: playersB });
    expect(res.status, res.text).toBe(200);
    expect((await as(chain).post(`/v1/sessions/${sessionB}/rounds`, {})).status).toBe(201);
  });

  it("a host's role still decides: a store reader cannot register players (403 insufficient_role)", async () => {
    const reader = await addClient(app, db, storeA.orgId, "reader");
    const res = await as(reader).post(`/v1/sessions/${sessionA}/players`, { playerIds: [playersA[0]] });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("insufficient_role");
  });
});
