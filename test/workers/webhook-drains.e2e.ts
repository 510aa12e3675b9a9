import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { type Receiver, startReceiver } from "../helpers/webhook-receiver";
import type { JsonClient } from "../helpers/workflow";
import { type OwnedWorker, startOwnedWorker, webhookDrains } from "./owned-worker";

// A write whose notifications cost more subrequests than one invocation has: each drain stays
// within its budget, and what it cannot afford goes on through the queue, not the next minute's
// Cron sweep.
const SUBSCRIPTIONS = 20;
const BUDGET = 40;

let owned: OwnedWorker;
let receiver: Receiver;
let api: JsonClient;
let orgId: string;

beforeAll(async () => {
  receiver = await startReceiver(() => ({ status: 204 }));
  owned = await startOwnedWorker({
    orgName: "Drains store",
    env: { WEBHOOKS_ALLOW_LOOPBACK: "1", WEBHOOK_DRAIN_SUBREQUESTS: String(BUDGET) },
  });
  ({ api, orgId } = owned);
});

afterAll(async () => {
  await owned?.close();
  await receiver?.close();
});

describe("webhook drains on workerd", () => {
  it("deliver twenty subscriptions' notifications of one result within each drain's subrequests, continuing through the queue", async () => {
    onTestFailed(() => console.error(`Worker output:\n${owned.worker.output()}`));
    const event = await api.post(`/v1/orgs/${orgId}/events`, { name: "Drains cup" });
    const session = await api.post(`/v1/events/${event.body.id}/sessions`, { name: "S1" });
    const players: string[] = [];
    for (let i = 1; i <= 4; i++)
      players.push((await api.post(`/v1/orgs/${orgId}/players`, { name: `D${i}` })).body.id);
    await api.post(`/v1/sessions/${session.body.id}/players`, { playerIds: players });
    const round = await api.post(`/v1/sessions/${session.body.id}/rounds`, { tables: [players] });
    expect(round.status).toBe(201);
    for (let i = 0; i < SUBSCRIPTIONS; i++) {
      const sub = await api.post(`/v1/orgs/${orgId}/webhooks`, {
        url: `${receiver.url}/hook/${i}`,
        eventTypes: ["result.final", "standings.changed"],
      });
      expect(sub.status).toBe(201);
    }
    const sheet = await api.put(`/v1/tables/${round.body.data[0].tables[0].id}/result`, {
      scores: players.map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i] })),
      winnerId: players[0],
      signed: true,
    });
    expect(sheet.status).toBe(200);

    // No Cron Trigger fires here: the write's drain and the queue's deliver all forty.
    const got = await receiver.until((r) => r.length >= 2 * SUBSCRIPTIONS);
    expect(got).toHaveLength(2 * SUBSCRIPTIONS);
    const reported = webhookDrains(owned.worker);
    expect(reported.some((d) => d.after === "queue")).toBe(true);
    for (const d of reported) expect(d.subrequests).toBeLessThanOrEqual(BUDGET);
  });
});
