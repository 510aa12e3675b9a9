/**
 * Subscription scope over HTTP with real loopback receivers: a federation that subscribes once
 * with `includeDescendants` gets a member store's notifications; the same federation without it,
 * and a sibling store (even with `includeDescendants`), get none of them. Deliveries are fanned
 * out in the batch of the write, so each subscription's delivery log is exact once the write
 * has answered.
 */
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { createOrgClient, type OrgClient } from "../helpers/auth";
import { createPushTestApp } from "../helpers/push";
import { bodies, type Receiver, startReceiver } from "../helpers/webhook-receiver";
import { webhookSchemaProblems } from "../helpers/webhook-schema";
import { createPlayers, jsonRequest } from "../helpers/workflow";

let ctx: Awaited<ReturnType<typeof createPushTestApp>>;
const receivers: Receiver[] = [];

afterEach(async () => {
  await ctx.dispatcher.stop();
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function subscribe(org: OrgClient, includeDescendants: boolean) {
  const receiver = await startReceiver();
  receivers.push(receiver);
  const res = await jsonRequest(ctx.app, org.auth).post(`/v1/orgs/${org.orgId}/webhooks`, {
    url: receiver.url,
    eventTypes: ["round.seated", "result.submitted"],
    includeDescendants,
  });
  expect(res.status, res.text).toBe(201);
  return { receiver, id: res.body.id as string, secret: res.body.secret as string, org };
}

async function deliveryTypes(sub: Awaited<ReturnType<typeof subscribe>>) {
  const log = await jsonRequest(ctx.app, sub.org.auth).get(
    `/v1/orgs/${sub.org.orgId}/webhooks/${sub.id}/deliveries`,
  );
  expect(log.status, log.text).toBe(200);
  return log.body.data.map((d: { type: string }) => d.type);
}

describe("webhook subscriptions with includeDescendants", () => {
  it("deliver a member store's notifications to its federation, not to the federation without it nor to a sibling store", async () => {
    ctx = await createPushTestApp();
    const federation = await createOrgClient(ctx.app, ctx.db, { name: "Federation", kind: "federation" });
    const storeA = await createOrgClient(ctx.app, ctx.db, { name: "Store A", parentOrgId: federation.orgId });
    const storeB = await createOrgClient(ctx.app, ctx.db, { name: "Store B", parentOrgId: federation.orgId });
    const wholeTree = await subscribe(federation, true);
    const federationOnly = await subscribe(federation, false);
    const sibling = await subscribe(storeB, true);
    const own = await subscribe(storeA, false);

    const api = jsonRequest(ctx.app, storeA.auth);
    const eventId = (await api.post(`/v1/orgs/${storeA.orgId}/events`, { name: "Store A cup" })).body.id;
    const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S1" })).body.id;
    const ids = await createPlayers(api, storeA.orgId, 4, "Member");
    await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids });
    const round = await api.post(`/v1/sessions/${sessionId}/rounds`, { tables: [ids] });
    expect(round.status, round.text).toBe(201);
    const tableId = round.body.data[0].tables[0].id;
    const put = await api.put(`/v1/tables/${tableId}/result`, {
      scores: ids.map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i] })),
      winnerId: ids[0],
    });
    expect(put.status, put.text).toBe(200);

    expect(await deliveryTypes(wholeTree)).toEqual(["round.seated", "result.submitted"]);
    expect(await deliveryTypes(own)).toEqual(["round.seated", "result.submitted"]);
    expect(await deliveryTypes(federationOnly)).toEqual([]);
    expect(await deliveryTypes(sibling)).toEqual([]);

    const [federationGot, ownGot] = await Promise.all(
      [wholeTree, own].map((s) => s.receiver.until((r) => r.length >= 2)),
    );
    const verifier = new Webhook(wholeTree.secret);
    for (const request of federationGot!) {
      expect(() => verifier.verify(request.body, request.headers as Record<string, string>)).not.toThrow();
    }
    const got = bodies(federationGot!);
    expect(got.map((b) => [b.type, b.orgId, b.data.eventId])).toEqual([
      ["round.seated", storeA.orgId, eventId],
      ["result.submitted", storeA.orgId, eventId],
    ]);
    for (const body of got) expect(webhookSchemaProblems(body)).toEqual([]);
    // The same messages as the store's own subscription (same ids), each signed with its own secret.
    expect(got.map((b) => b.id)).toEqual(bodies(ownGot!).map((b) => b.id));
    expect(federationOnly.receiver.requests).toEqual([]);
    expect(sibling.receiver.requests).toEqual([]);
  });
});
