import { sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createOrgClient, type OrgClient } from "../helpers/auth";
import { createPushTestApp } from "../helpers/push";
import { seatPrelimTable } from "../helpers/seat-table";
import { bodies, type Receiver, startReceiver } from "../helpers/webhook-receiver";
import { webhookSchemaProblems } from "../helpers/webhook-schema";
import { createPlayers, type JsonClient, jsonRequest } from "../helpers/workflow";

let ctx: Awaited<ReturnType<typeof createPushTestApp>>;
let store: OrgClient;
let api: JsonClient;
let receiver: Receiver | undefined;
let eventId: string;
let sessionId: string;
let ids: string[];

async function setUp(delivery = {}) {
  ctx = await createPushTestApp({ delivery });
  store = await createOrgClient(ctx.app, ctx.db, { name: "Push store" });
  api = jsonRequest(ctx.app, store.auth);
  eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Push event" })).body.id;
  sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S1" })).body.id;
  ids = await createPlayers(api, store.orgId, 4, "Seat");
  await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids });
}

const subscribe = (url: string, eventTypes: string[], extra: Record<string, unknown> = {}) =>
  api.post(`/v1/orgs/${store.orgId}/webhooks`, { url, eventTypes, ...extra });

/**
 * The subscription's delivery log once every attempt the receiver has seen is recorded: the
 * dispatcher records an attempt after its answer arrives, so a log read at once can still show it
 * pending.
 */
const settledLog = (webhookId: string) =>
  vi.waitFor(
    async () => {
      const log = await api.get(`/v1/orgs/${store.orgId}/webhooks/${webhookId}/deliveries`);
      if (log.body.data.some((d: { attempts: number }) => d.attempts === 0))
        throw new Error("an attempt is not recorded yet");
      return log;
    },
    { timeout: 5_000, interval: 20 },
  );

const sheet = (vps: number[]) => ({
  scores: ids.map((playerId, i) => ({ playerId, vp: vps[i] })),
  winnerId: ids[0],
});

afterEach(async () => {
  await ctx.dispatcher.stop();
  await receiver?.close();
  receiver = undefined;
});

describe("signed delivery (Standard Webhooks)", () => {
  beforeEach(() => setUp());

  it("signs every message so the standardwebhooks verifier accepts it, and retries 500, 500 then 200 as one delivery with 3 attempts, in order", async () => {
    receiver = await startReceiver((n) => ({ status: n < 2 ? 500 : 200 }));
    const created = await subscribe(receiver.url, [
      "round.seated",
      "result.submitted",
      "result.final",
      "standings.changed",
    ]);
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_/);
    const res = await api.post(`/v1/sessions/${sessionId}/rounds`, { tables: [ids] });
    expect(res.status).toBe(201);
    const tableId = res.body.data[0].tables[0].id;
    expect(
      (await api.put(`/v1/tables/${tableId}/result`, { ...sheet([10, 8, 6, 4]), signed: true })).status,
    ).toBe(200);

    const got = await receiver.until((r) => r.filter((x) => x.status === 200).length >= 4);
    const verifier = new Webhook(created.body.secret);
    for (const request of got) {
      expect(() => verifier.verify(request.body, request.headers as Record<string, string>)).not.toThrow();
    }
    expect(() =>
      new Webhook(`whsec_${btoa("another secret, 32 bytes long!!!")}`).verify(
        got[0]!.body,
        got[0]!.headers as Record<string, string>,
      ),
    ).toThrow();
    // The first message was tried three times, with one id; then each message once, in commit order.
    const ids3 = got.slice(0, 3).map((r) => r.headers["webhook-id"]);
    expect(new Set(ids3).size).toBe(1);
    const accepted = bodies(got.filter((r) => r.status === 200));
    expect(accepted.map((b) => b.type)).toEqual([
      "round.seated",
      "result.submitted",
      "result.final",
      "standings.changed",
    ]);
    for (const body of accepted) expect(webhookSchemaProblems(body), body.type).toEqual([]);
    expect(accepted[0].data.tables[0].seats.map((s: { playerId: string }) => s.playerId)).toEqual(ids);
    expect(accepted[2].data).toMatchObject({ tableId, status: "final", winnerId: ids[0] });
    expect(accepted[2].data.seats.map((s: { placement: number }) => s.placement)).toEqual([1, 2, 3, 4]);
    expect(accepted[3].data).toMatchObject({ eventId, sessionId, resultsVersion: 1 });
    expect(accepted[3].data.top[0]).toMatchObject({ rank: 1, playerId: ids[0], name: "Seat 1" });

    const log = await settledLog(created.body.id);
    expect(log.status).toBe(200);
    expect(log.body.data.map((d: { type: string }) => d.type)).toEqual(accepted.map((b) => b.type));
    expect(log.body.data[0]).toMatchObject({ status: "delivered", attempts: 3, lastStatusCode: 200 });
    expect(log.body.data[0].lastLatencyMs).toBeGreaterThanOrEqual(0);
    expect(log.body.data.slice(1).every((d: { attempts: number }) => d.attempts === 1)).toBe(true);
  });

  it("produces no notification for the losing writer of a race: its batch, outbox rows included, rolls back", async () => {
    receiver = await startReceiver();
    await subscribe(receiver.url, ["result.submitted"]);
    const { tableId } = await seatPrelimTable(ctx.db, eventId, sessionId, ids);
    const racers = await Promise.all(
      [4, 5, 6, 7, 8].map((vp) => api.put(`/v1/tables/${tableId}/result`, sheet([10, vp, 3, 2]))),
    );
    expect(racers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(racers.filter((r) => r.status === 409)).toHaveLength(4);
    const winner = racers.find((r) => r.status === 200)!.body.result.scores;
    const rows = await ctx.db.all<{ n: number }>(
      sql`select count(*) as n from outbox where type = 'result.submitted'`,
    );
    expect(rows[0]!.n).toBe(1);
    const got = await receiver.until((r) => r.length >= 1);
    // A later write proves the dispatcher has passed the race; still one submission arrived.
    await api.post(`/v1/tables/${tableId}/result/confirmations`, { playerId: ids[0] });
    expect(bodies(got).filter((b) => b.type === "result.submitted")).toHaveLength(1);
    expect(bodies(got)[0].data.seats.map((s: { vp: number }) => s.vp)).toEqual(
      winner.map((s: { vp: number }) => s.vp),
    );
  });

  it("does not retry a 4xx (other than 408/429): the delivery fails after one attempt and the next one goes on", async () => {
    receiver = await startReceiver((n) => ({ status: n === 0 ? 400 : 204 }));
    const sub = await subscribe(receiver.url, ["result.submitted", "result.confirmed"]);
    const { tableId } = await seatPrelimTable(ctx.db, eventId, sessionId, ids);
    await api.put(`/v1/tables/${tableId}/result`, sheet([10, 8, 6, 4]));
    await api.post(`/v1/tables/${tableId}/result/confirmations`, { playerId: ids[1] });
    await receiver.until((r) => r.length >= 2);
    const log = await settledLog(sub.body.id);
    expect(log.body.data.map((d: { status: string; attempts: number }) => [d.status, d.attempts])).toEqual([
      ["failed", 1],
      ["delivered", 1],
    ]);
    expect(log.body.data[0]).toMatchObject({ lastStatusCode: 400, lastError: "HTTP 400" });

    // Redelivery sends the same message again (same webhook-id).
    const again = await api.post(
      `/v1/orgs/${store.orgId}/webhooks/${sub.body.id}/deliveries/${log.body.data[0].id}/redeliver`,
    );
    expect(again.status).toBe(202);
    expect(again.body.status).toBe("pending");
    const got = await receiver.until((r) => r.length >= 3);
    expect(got[2]!.headers["webhook-id"]).toBe(got[0]!.headers["webhook-id"]);
    expect(got[2]!.status).toBe(204);
  });
});

describe("failure streaks", () => {
  beforeEach(() => setUp({ disableAfterFailures: 3 }));

  it("disables a subscription after a long failure streak, says why, and resumes on PATCH enabled: true", async () => {
    let healthy = false;
    receiver = await startReceiver(() => ({ status: healthy ? 200 : 503 }));
    const sub = await subscribe(receiver.url, ["result.submitted"]);
    const { tableId } = await seatPrelimTable(ctx.db, eventId, sessionId, ids);
    await api.put(`/v1/tables/${tableId}/result`, sheet([10, 8, 6, 4]));
    await receiver.until((r) => r.length >= 3);
    let state = await api.get(`/v1/orgs/${store.orgId}/webhooks/${sub.body.id}`);
    for (let i = 0; i < 100 && state.body.enabled; i++) {
      await new Promise((r) => setTimeout(r, 20));
      state = await api.get(`/v1/orgs/${store.orgId}/webhooks/${sub.body.id}`);
    }
    expect(state.body).toMatchObject({ enabled: false, failureStreak: 3 });
    expect(state.body.disabledReason).toMatch(/3 consecutive failed attempts; last: HTTP 503/);
    healthy = true;
    const resumed = await api.patch(`/v1/orgs/${store.orgId}/webhooks/${sub.body.id}`, { enabled: true });
    expect(resumed.body).toMatchObject({ enabled: true, failureStreak: 0, disabledReason: null });
    const got = await receiver.until((r) => r.some((x) => x.status === 200));
    expect(got.filter((x) => x.status === 200)).toHaveLength(1);
  });
});
