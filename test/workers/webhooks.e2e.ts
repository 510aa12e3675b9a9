import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { type Receiver, startReceiver } from "../helpers/webhook-receiver";
import type { JsonClient } from "../helpers/workflow";
import { type OwnedWorker, startOwnedWorker } from "./owned-worker";

// Webhook delivery on workerd: a write's drain in waitUntil, and the Cron Trigger's sweep for
// the retry, against a real receiver on loopback (allowed by the development setting).
let owned: OwnedWorker;
let receiver: Receiver;
let api: JsonClient;
let orgId: string;

beforeAll(async () => {
  // The receiver refuses the first attempt: the retry is the Cron sweep's to make.
  receiver = await startReceiver((n) => ({ status: n === 0 ? 503 : 200 }));
  owned = await startOwnedWorker({
    orgName: "Workers push store",
    env: { WEBHOOKS_ALLOW_LOOPBACK: "1", WEBHOOK_RETRY_DELAYS_MS: "0,0,0" },
  });
  ({ api, orgId } = owned);
});

afterAll(async () => {
  await owned?.close();
  await receiver?.close();
});

describe("webhooks on workerd", () => {
  it("delivers a write's notification from waitUntil, and the retry from the Cron Trigger's sweep", async () => {
    onTestFailed(() => console.error(`Worker output:\n${owned.worker.output()}`));
    const sub = await api.post(`/v1/orgs/${orgId}/webhooks`, {
      url: receiver.url,
      eventTypes: ["round.seated"],
    });
    expect(sub.status).toBe(201);
    const event = await api.post(`/v1/orgs/${orgId}/events`, { name: "Workers push cup" });
    const session = await api.post(`/v1/events/${event.body.id}/sessions`, { name: "S1" });
    const players: string[] = [];
    for (let i = 1; i <= 3; i++)
      players.push((await api.post(`/v1/orgs/${orgId}/players`, { name: `W${i}` })).body.id);
    await api.post(`/v1/sessions/${session.body.id}/players`, { playerIds: players });
    const round = await api.post(`/v1/sessions/${session.body.id}/rounds`, { tables: [players] });
    expect(round.status).toBe(201);

    await receiver.until((r) => r.length >= 1);
    const log = `/v1/orgs/${orgId}/webhooks/${sub.body.id}/deliveries`;
    let first = await api.get(log);
    while (first.body.data[0]?.lastStatusCode !== 503) first = await api.get(log);
    expect(first.body.data[0]).toMatchObject({ status: "pending", attempts: 1 });
    expect(receiver.requests).toHaveLength(1);

    await owned.worker.scheduled();
    const got = await receiver.until((r) => r.length >= 2);
    expect(got[1]!.status).toBe(200);
    expect(got[1]!.headers["webhook-id"]).toBe(got[0]!.headers["webhook-id"]);
    const payload = new Webhook(sub.body.secret).verify(
      got[1]!.body,
      got[1]!.headers as Record<string, string>,
    );
    expect(payload).toMatchObject({ type: "round.seated", data: { roundId: round.body.data[0].id } });
    const after = await api.get(log);
    expect(after.body.data[0]).toMatchObject({ status: "delivered", attempts: 2, lastStatusCode: 200 });
  });
});
