/**
 * A referee for every event (rule 1.3.1, docs/rules.md#referees): until the event names one, its
 * `validity` says so, without making it invalid (`valid` keeps the meaning of rule 1.1.3), in
 * REST, GraphQL and on the event page; seating the playoffs answers with the same warning and how
 * to name a referee, and still seats.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../src/http/app";
import { createOrgClient, type OrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { range, type Tournament, tournament } from "../helpers/tournament";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

let app: App;
let api: JsonClient;
let store: OrgClient;

beforeAll(async () => {
  const ctx = await createTestApp();
  app = ctx.app;
  store = await createOrgClient(app, ctx.db, { name: "Referee store" });
  api = jsonRequest(app, store.auth);
});

const noReferee = expect.stringMatching(/no referee.*rule 1\.3\.1.*\/v1\/events\/evt_\w+\/staff/i);

/** 12 registered players (a valid event under rule 1.1.3) and P13, who may become staff. */
async function twelvePlayerEvent(): Promise<Tournament & { sessionId: string }> {
  const t = await tournament(api, store.orgId, 13);
  const sessionId = await t.session("Main", "2026-12-05", range(1, 12));
  return { ...t, sessionId };
}

async function eventPageText(eventId: string): Promise<string> {
  const res = await app.request(`/e/${eventId}`);
  expect(res.status).toBe(200);
  return res.text();
}

describe("an event without a referee", () => {
  let t: Tournament & { sessionId: string };
  beforeAll(async () => {
    t = await twelvePlayerEvent();
  });

  it("stays valid, and its validity warns that no referee is named and how to name one", async () => {
    const res = await jsonRequest(app, {}).get(`/v1/events/${t.eventId}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.valid).toBe(true);
    expect(res.body.validity).toEqual([noReferee]);
    const listed = await api.get(`/v1/orgs/${store.orgId}/events`);
    expect(listed.body.data.find((e: { id: string }) => e.id === t.eventId).validity).toEqual([noReferee]);
  });

  it("keeps the reasons of rule 1.1.3 alongside the warning", async () => {
    const created = await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Empty" });
    expect(created.status, created.text).toBe(201);
    expect(created.body.valid).toBe(false);
    expect(created.body.validity).toEqual([expect.stringMatching(/rule 1\.1\.3/), noReferee]);
  });

  it("shows the warning in GraphQL", async () => {
    const res = await jsonRequest(app, {}).post("/graphql", {
      query: `{ event(id: "${t.eventId}") { valid validity } }`,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.event).toEqual({ valid: true, validity: [noReferee] });
  });

  it("shows the warning on the event page", async () => {
    expect(await eventPageText(t.eventId)).toContain("No referee named yet (rule 1.3.1)");
  });

  it("seats the final anyway, answering with the warning and how to name a referee", async () => {
    await t.playPrelims(t.sessionId, range(1, 12));
    const res = await api.post(`/v1/events/${t.eventId}/final`);
    expect(res.status, res.text).toBe(201);
    expect(res.body.tables).toHaveLength(1);
    expect(res.body.warnings).toEqual([
      {
        code: "no_referee",
        rule: "1.3.1",
        detail: noReferee,
        fix: {
          method: "POST",
          href: `/v1/events/${t.eventId}/staff`,
          body: { playerId: "<player id>", role: "referee" },
        },
      },
    ]);
  });
});

describe("once a referee is named", () => {
  it("the validity is empty, the page says nothing, and playoff seating has no warning", async () => {
    const t = await twelvePlayerEvent();
    const organiser = await api.post(`/v1/events/${t.eventId}/staff`, {
      playerId: t.P[13],
      role: "organizer",
    });
    expect(organiser.status, organiser.text).toBe(200);
    // An organiser is not a referee.
    expect((await api.get(`/v1/events/${t.eventId}`)).body.validity).toEqual([noReferee]);
    const named = await api.post(`/v1/events/${t.eventId}/staff`, { playerId: t.P[13], role: "referee" });
    expect(named.status, named.text).toBe(200);
    const res = await api.get(`/v1/events/${t.eventId}`);
    expect(res.body).toMatchObject({ valid: true, validity: [] });
    expect(await eventPageText(t.eventId)).not.toContain("No referee");
    await t.playPrelims(t.sessionId, range(1, 12));
    const final = await api.post(`/v1/events/${t.eventId}/final`);
    expect(final.status, final.text).toBe(201);
    expect(final.body.warnings).toEqual([]);
  });
});

describe("removing named staff", () => {
  it("removes a referee (audited): the event warns again and the player may now play in it", async () => {
    const t = await tournament(api, store.orgId, 13);
    const named = await api.post(`/v1/events/${t.eventId}/staff`, { playerId: t.P[13], role: "referee" });
    expect(named.status, named.text).toBe(200);
    const removed = await api.delete(`/v1/events/${t.eventId}/staff/${t.P[13]}`);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.data).toEqual([]);
    expect((await api.get(`/v1/events/${t.eventId}`)).body.validity).toContainEqual(noReferee);
    const audit = (await api.get(`/v1/events/${t.eventId}/audit`)).body.data;
    expect(audit.some((e: { action: string }) => e.action === "staff.remove")).toBe(true);
    // No longer staff (rule 1.3.2): the player may be registered.
    const session = await t.session("Main", "2026-12-05", range(1, 13));
    expect(session).toMatch(/^ses_/);
  });

  it("is a 404 for a player who is not staff, and a 401 without a token", async () => {
    const t = await tournament(api, store.orgId, 2);
    const missing = await api.delete(`/v1/events/${t.eventId}/staff/${t.P[1]}`);
    expect(missing.status, missing.text).toBe(404);
    expect(missing.body.code).toBe("staff_not_found");
    await api.post(`/v1/events/${t.eventId}/staff`, { playerId: t.P[1], role: "organizer" });
    expect((await jsonRequest(app, {}).delete(`/v1/events/${t.eventId}/staff/${t.P[1]}`)).status).toBe(401);
  });
});
