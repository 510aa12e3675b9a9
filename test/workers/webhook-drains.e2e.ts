import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { openWebDatabase } from "../../src/db/web";
import { insertApiClient } from "../../src/services/auth";
import { createOrganization } from "../../src/services/orgs";
import { type HranaServer, startHranaServer } from "../../tools/hrana-server";
import { systemContext } from "../helpers/auth";
import { type Receiver, startReceiver } from "../helpers/webhook-receiver";
import { type RunningWorker, startWorker } from "./worker-runtime";

// A write whose notifications cost more subrequests than one invocation has: each drain stays
// within its budget, and what it cannot afford goes on through the queue, not the next minute's
// Cron sweep.
const DB_TOKEN = "hrana-test-token";
const JWT_SECRET = "workers-e2e-jwt-secret-0123456789abcdef";
const SUBSCRIPTIONS = 20;
const BUDGET = 40;

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
  orgId = (await createOrganization(systemContext(seedDb), { name: "Drains store", kind: "store" })).id;
  const credentials = await insertApiClient(seedDb, { orgId, name: "drains", role: "owner" }, new Date());
  receiver = await startReceiver(() => ({ status: 204 }));
  worker = await startWorker({
    DATABASE_URL: server.url,
    DATABASE_AUTH_TOKEN: DB_TOKEN,
    JWT_SECRET,
    WEBHOOKS_ALLOW_LOOPBACK: "1",
    WEBHOOK_DRAIN_SUBREQUESTS: String(BUDGET),
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

/** The Worker's `webhook drain` log lines, as reported. */
function drains(output: string) {
  return output
    .split("\n")
    .filter((line) => line.includes('"webhook drain"'))
    .map((line) => JSON.parse(line.slice(line.indexOf("{"))) as { subrequests: number; after: string });
}

describe("webhook drains on workerd", () => {
  it("deliver twenty subscriptions' notifications of one result within each drain's subrequests, continuing through the queue", async () => {
    onTestFailed(() => console.error(`Worker output:\n${worker.output()}`));
    const event = await api("POST", `/v1/orgs/${orgId}/events`, { name: "Drains cup" });
    const session = await api("POST", `/v1/events/${event.body.id}/sessions`, { name: "S1" });
    const players: string[] = [];
    for (let i = 1; i <= 4; i++)
      players.push((await api("POST", `/v1/orgs/${orgId}/players`, { name: `D${i}` })).body.id);
    await api("POST", `/v1/sessions/${session.body.id}/players`, { playerIds: players });
    const round = await api("POST", `/v1/sessions/${session.body.id}/rounds`, { tables: [players] });
    expect(round.status).toBe(201);
    for (let i = 0; i < SUBSCRIPTIONS; i++) {
      const sub = await api("POST", `/v1/orgs/${orgId}/webhooks`, {
        url: `${receiver.url}/hook/${i}`,
        eventTypes: ["result.final", "standings.changed"],
      });
      expect(sub.status).toBe(201);
    }
    const sheet = await api("PUT", `/v1/tables/${round.body.data[0].tables[0].id}/result`, {
      scores: players.map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i] })),
      winnerId: players[0],
      signed: true,
    });
    expect(sheet.status).toBe(200);

    // No Cron Trigger fires here: the write's drain and the queue's deliver all forty.
    const got = await receiver.until((r) => r.length >= 2 * SUBSCRIPTIONS);
    expect(got).toHaveLength(2 * SUBSCRIPTIONS);
    const reported = drains(worker.output());
    expect(reported.some((d) => d.after === "queue")).toBe(true);
    for (const d of reported) expect(d.subrequests).toBeLessThanOrEqual(BUDGET);
  });
});
