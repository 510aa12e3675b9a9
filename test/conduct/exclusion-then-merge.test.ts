/**
 * A programme exclusion of one id of a person, then a merge of that id into the person's other id,
 * who is registered in a session of the tree whose games have not started.
 *
 * docs/rules.md#sanctions: an exclusion takes effect at once, in the same change: the player is
 * withdrawn from every registration of the tree whose games have not started, and while it runs
 * registering the player in any event of the tree is refused (422 `excluded_from_programme`).
 * The merge moves the exclusion to the kept player (conduct follows the person); it must not
 * leave that excluded person registered to play a session that has not started (either the merge
 * withdraws them, as the exclusion would have, or it is refused).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createOrgClient, type OrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let fed: OrgClient;
let fedApi: JsonClient;
let a: JsonClient;
let b: JsonClient;
let excludedId: string;
let otherId: string;
let sessionId: string;

beforeAll(async () => {
  const { app, db } = await createTestApp();
  fed = await createOrgClient(app, db, { name: "Federation", kind: "federation" });
  const storeA = await createOrgClient(app, db, { name: "Store A", parentOrgId: fed.orgId });
  const storeB = await createOrgClient(app, db, { name: "Store B", parentOrgId: fed.orgId });
  fedApi = jsonRequest(app, fed.auth);
  a = jsonRequest(app, storeA.auth);
  b = jsonRequest(app, storeB.auth);

  // One person, created at two stores.
  excludedId = (await a.post(`/v1/orgs/${storeA.orgId}/players`, { name: "Jonas K." })).body.id;
  otherId = (await b.post(`/v1/orgs/${storeB.orgId}/players`, { name: "Jonas Kazlauskas" })).body.id;
  const others: string[] = [];
  for (let n = 1; n <= 7; n++)
    others.push((await b.post(`/v1/orgs/${storeB.orgId}/players`, { name: `B${n}` })).body.id);

  // Store B's session, nothing seated yet: the other id is registered.
  const event = await b.post(`/v1/orgs/${storeB.orgId}/events`, { name: "Store B qualifier" });
  expect(event.status, event.text).toBe(201);
  const ses = await b.post(`/v1/events/${event.body.id}/sessions`, { name: "Day", date: "2026-12-05" });
  expect(ses.status, ses.text).toBe(201);
  sessionId = ses.body.id;
  const reg = await b.post(`/v1/sessions/${sessionId}/players`, { playerIds: [otherId, ...others] });
  expect(reg.status, reg.text).toBe(200);

  const exclusion = await fedApi.post(`/v1/orgs/${fed.orgId}/exclusions`, {
    playerId: excludedId,
    until: "2099-01-01",
    reason: "Repeated free-resource deals (3.0.14)",
  });
  expect(exclusion.status, exclusion.text).toBe(201);
}, 60_000);

describe("merging an excluded id into the person's other id", () => {
  it("does not leave the excluded person registered in a session that has not started", async () => {
    const merge = await fedApi.post(`/v1/players/${excludedId}/merge`, { intoPlayerId: otherId });
    if (merge.status !== 200) {
      expect(merge.status, merge.text).toBe(409);
      expect(merge.headers.get("content-type")).toContain("application/problem+json");
      return;
    }
    // The exclusion now names the kept id…
    const list = (await fedApi.get(`/v1/orgs/${fed.orgId}/exclusions`)).body.data;
    expect(list.map((e: Json) => e.player.id)).toContain(otherId);
    // …and, as an exclusion does at once, the kept id is no longer registered where nothing started.
    const roster = await b.get(`/v1/sessions/${sessionId}/players?limit=100`);
    expect(roster.status, roster.text).toBe(200);
    expect(roster.body.data.map((r: Json) => r.player?.id ?? r.playerId)).not.toContain(otherId);
  }, 30_000);
});
