/**
 * `include=hosted` on an organisation's events: a store of a chain finds the chain's events where
 * it hosts a session (its console's session picker reads the same list).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createOrgClient, type OrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

let chain: OrgClient;
let store: OrgClient;
let asChain: JsonClient;
let asStore: JsonClient;
let hostedEvent: string;
let otherEvent: string;
let ownEvent: string;

beforeAll(async () => {
  const { app, db } = await createTestApp();
  chain = await createOrgClient(app, db, { name: "Chain", kind: "chain" });
  store = await createOrgClient(app, db, { name: "Store North", parentOrgId: chain.orgId });
  asChain = jsonRequest(app, chain.auth);
  asStore = jsonRequest(app, store.auth);
  hostedEvent = (
    await asChain.post(`/v1/orgs/${chain.orgId}/events`, {
      name: "Chain Championship",
      visibility: "private",
    })
  ).body.id;
  await asChain.post(`/v1/events/${hostedEvent}/sessions`, { name: "North", hostOrgId: store.orgId });
  otherEvent = (
    await asChain.post(`/v1/orgs/${chain.orgId}/events`, { name: "Chain only", visibility: "private" })
  ).body.id;
  ownEvent = (await asStore.post(`/v1/orgs/${store.orgId}/events`, { name: "Store night" })).body.id;
});

const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((e) => e.id);

describe("GET /v1/orgs/{orgId}/events?include=hosted", () => {
  it("adds the events where the store hosts a session, and no other of the chain's", async () => {
    expect(ids(await asStore.get(`/v1/orgs/${store.orgId}/events`))).toEqual([ownEvent]);
    const hosted = await asStore.get(`/v1/orgs/${store.orgId}/events?include=hosted`);
    expect(hosted.status, hosted.text).toBe(200);
    expect(ids(hosted)).toEqual([hostedEvent, ownEvent]);
    expect(ids(hosted)).not.toContain(otherEvent);
  });

  it("with descendants, the chain sees its stores' events and those its stores host", async () => {
    const res = await asChain.get(`/v1/orgs/${chain.orgId}/events?include=descendants,hosted`);
    expect(ids(res)).toEqual([hostedEvent, otherEvent, ownEvent]);
  });

  it("refuses an include it does not know, naming the field", async () => {
    const res = await asStore.get(`/v1/orgs/${store.orgId}/events?include=everything`);
    expect(res.status).toBe(422);
    expect(res.body.errors[0].path).toBe("include");
  });
});
