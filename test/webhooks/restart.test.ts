import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, describe, expect, it } from "vitest";
import { type NodeServer, startNodeServer } from "../helpers/node-server";
import { bodies, type Receiver, startReceiver } from "../helpers/webhook-receiver";

// The Node entry point as `npm start` runs it, on a temporary database file: notifications
// committed while the receiver is down survive a crash (SIGKILL) of the server and arrive
// after the restart, in order.
const dir = mkdtempSync(join(tmpdir(), "catan-push-"));
const env = {
  DATABASE_URL: `file:${join(dir, "catan.db")}`,
  WEBHOOKS_ALLOW_LOOPBACK: "1",
  // Attempts every few seconds for minutes: some remain after the restart however slow the
  // machine starts the server, and the first one after it comes soon.
  WEBHOOK_RETRY_DELAYS_MS: ["250", "500", "1000", "2000", ...Array(60).fill("3000")].join(","),
  WEBHOOK_TIMEOUT_MS: "2000",
  WEBHOOK_DISABLE_AFTER_FAILURES: "1000",
};
let server: NodeServer | undefined;
let receiver: Receiver | undefined;

afterAll(async () => {
  await server?.kill();
  await receiver?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function call(base: string, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies
  const json: any = await res.json().catch(() => null);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

describe("the Node dispatcher across a restart", () => {
  it("delivers everything committed while the receiver was down, after the server is killed and restarted", async () => {
    // A port nobody listens on yet: the receiver is "down" until it opens it.
    const probe = await startReceiver();
    const port = probe.port;
    await probe.close();

    server = await startNodeServer(env, { firstStart: true });
    const admin = server.admin!;
    const tokenRes = await fetch(`${server.url}/v1/auth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: admin.clientId,
        client_secret: admin.clientSecret,
      }),
    });
    const token = ((await tokenRes.json()) as { access_token: string }).access_token;
    const api = (method: string, path: string, body?: unknown) =>
      call(server!.url, token, method, path, body);

    const org = await api("POST", "/v1/orgs", { name: "Restart store", kind: "store" });
    const sub = await api("POST", `/v1/orgs/${org.id}/webhooks`, {
      url: `http://127.0.0.1:${port}/hook`,
      eventTypes: ["round.seated", "result.submitted", "result.final", "standings.changed"],
    });
    const event = await api("POST", `/v1/orgs/${org.id}/events`, { name: "Restart cup" });
    const session = await api("POST", `/v1/events/${event.id}/sessions`, { name: "S1" });
    const players: string[] = [];
    for (let i = 1; i <= 4; i++)
      players.push((await api("POST", `/v1/orgs/${org.id}/players`, { name: `P${i}` })).id);
    await api("POST", `/v1/sessions/${session.id}/players`, { playerIds: players });
    const round = await api("POST", `/v1/sessions/${session.id}/rounds`, { tables: [players] });
    const tableId = round.data[0].tables[0].id;
    await api("PUT", `/v1/tables/${tableId}/result`, {
      scores: players.map((playerId, i) => ({ playerId, vp: [10, 7, 5, 3][i] })),
      winnerId: players[0],
      signed: true,
    });
    await server.kill();

    receiver = await startReceiver(() => ({ status: 200 }), port);
    server = await startNodeServer(env);
    const got = await receiver.until((r) => r.length >= 4);
    const verifier = new Webhook(sub.secret);
    for (const request of got) verifier.verify(request.body, request.headers as Record<string, string>);
    expect(bodies(got).map((b) => b.type)).toEqual([
      "round.seated",
      "result.submitted",
      "result.final",
      "standings.changed",
    ]);
    expect(bodies(got)[2].data).toMatchObject({ tableId, status: "final" });
  }, 240_000);
});
