import { resolve } from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { openWebDatabase } from "../../src/db/web";
import { insertApiClient } from "../../src/services/auth";
import { createOrganization } from "../../src/services/orgs";
import { type HranaServer, startHranaServer } from "../../tools/hrana-server";
import { systemContext } from "../helpers/auth";
import { type Receiver, startReceiver } from "../helpers/webhook-receiver";
import { type RunningWorker, startWorker } from "./worker-runtime";

// Webhook delivery on workerd: a write's drain in waitUntil, and the Cron Trigger's sweep for
// the retry, against a real receiver on loopback (allowed by the development setting).
const DB_TOKEN = "hrana-test-token";
const JWT_SECRET = "workers-e2e-jwt-secret-0123456789abcdef";

let server: HranaServer;
let worker: RunningWorker;
let receiver: Receiver;
let orgId: string;
let auth: Record<string, string>;

beforeAll(async () => {
  server = await startHranaServer({
    authToken: DB_TOKEN,
    migrationsFolder: resolve(import.meta.dirname, "../../migrations"),
  });
  const seedDb = openWebDatabase(server.url, DB_TOKEN);
  orgId = (await createOrganization(systemContext(seedDb), { name: "Workers push store", kind: "store" })).id;
  const credentials = await insertApiClient(
    seedDb,
    { orgId, name: "workers push", role: "owner" },
    new Date(),
  );
  // The receiver refuses the first attempt: the retry is the Cron sweep's to make.
  receiver = await startReceiver((n) => ({ status: n === 0 ? 503 : 200 }));
  worker = await startWorker({
    DATABASE_URL: server.url,
    DATABASE_AUTH_TOKEN: DB_TOKEN,
    JWT_SECRET,
    WEBHOOKS_ALLOW_LOOPBACK: "1",
    WEBHOOK_RETRY_DELAYS_MS: "0,0,0",
  });
  const res = await worker.fetch("/v1/auth/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
    }),
  });
  auth = { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
});

afterAll(async () => {
  await worker?.dispose();
  await server?.close();
  await receiver?.close();
});

async function api(method: string, path: string, body?: unknown) {
  const res = await worker.fetch(path, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies
  return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
}

describe("webhooks on workerd", () => {
  it("delivers a write's notification from waitUntil, and the retry from the Cron Trigger's sweep", async () => {
    onTestFailed(() => console.error(`Worker output:\n${worker.output()}`));
    const sub = await api("POST", `/v1/orgs/${orgId}/webhooks`, {
      url: receiver.url,
      eventTypes: ["round.seated"],
    });
    expect(sub.status).toBe(201);
    const event = await api("POST", `/v1/orgs/${orgId}/events`, { name: "Workers push cup" });
    const session = await api("POST", `/v1/events/${event.body.id}/sessions`, { name: "S1" });
    const players: string[] = [];
    for (let i = 1; i <= 3; i++)
      players.push((await api("POST", `/v1/orgs/${orgId}/players`, { name: `W${i}` })).body.id);
    await api("POST", `/v1/sessions/${session.body.id}/players`, { playerIds: players });
    const round = await api("POST", `/v1/sessions/${session.body.id}/rounds`, { tables: [players] });
    expect(round.status).toBe(201);

    await receiver.until((r) => r.length >= 1);
    const log = `/v1/orgs/${orgId}/webhooks/${sub.body.id}/deliveries`;
    let first = await api("GET", log);
    while (first.body.data[0]?.lastStatusCode !== 503) first = await api("GET", log);
    expect(first.body.data[0]).toMatchObject({ status: "pending", attempts: 1 });
    expect(receiver.requests).toHaveLength(1);

    await worker.scheduled();
    const got = await receiver.until((r) => r.length >= 2);
    expect(got[1]!.status).toBe(200);
    expect(got[1]!.headers["webhook-id"]).toBe(got[0]!.headers["webhook-id"]);
    const payload = new Webhook(sub.body.secret).verify(
      got[1]!.body,
      got[1]!.headers as Record<string, string>,
    );
    expect(payload).toMatchObject({ type: "round.seated", data: { roundId: round.body.data[0].id } });
    const after = await api("GET", log);
    expect(after.body.data[0]).toMatchObject({ status: "delivered", attempts: 2, lastStatusCode: 200 });
  });
});
