/**
 * Webhook fairness benchmark (run: npx tsx bench/webhook-fairness.bench.ts).
 * One store (A) has 60 subscriptions to a receiver that accepts connections and never answers
 * (a tarpit), for every result event; A enters one signed result in each of 6 events (3
 * messages × 60 subscriptions × 6 events = 1,080 deliveries, 360 lanes). Then another store (B)
 * enters one result, and the figure is the time from B's write to its receiver's 2xx for
 * result.final. Everything is the default delivery setting (10 s timeout, the day-long retry
 * schedule) through the Node dispatcher, on loopback; as a baseline the same write of B is
 * first measured with A idle, in the same run (after one write to warm up, the median of 3). Subscriptions beyond the per-organisation cap
 * are inserted in the table directly, so the scenario stays the same whatever the cap.
 */

import { createServer as createHttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createServer, type Server, type Socket } from "node:net";
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { webhookSubscriptions } from "../src/db/schema";
import { startNodeDispatcher } from "../src/runtime/node/dispatcher";
import { nodeResolveHost, nodeTransport } from "../src/runtime/node/transport";
import { createOrgClient } from "../test/helpers/auth";
import { seatPrelimTable } from "../test/helpers/seat-table";
import { createTestApp, createTestDatabase } from "../test/helpers/test-app";
import { createPlayers, jsonRequest } from "../test/helpers/workflow";

const A_SUBSCRIPTIONS = 60;
const A_EVENTS = 6;
const TYPES = ["result.submitted", "result.final", "standings.changed"];

async function main() {
  // The tarpit: reads the request and never answers.
  const held: Socket[] = [];
  const tarpit: Server = createServer((socket) => {
    held.push(socket);
    socket.on("error", () => {});
    socket.resume();
  });
  await new Promise<void>((r) => tarpit.listen(0, "127.0.0.1", r));
  const tarpitUrl = `http://127.0.0.1:${(tarpit.address() as AddressInfo).port}/hook`;

  let arrivedAt: number | null = null;
  const receiver = createHttpServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      res.writeHead(204).end();
      if ((JSON.parse(body) as { type: string }).type === "result.final") arrivedAt ??= performance.now();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const db = await createTestDatabase();
  const dispatcher = startNodeDispatcher({
    db,
    settings: { allowLoopback: true, transport: nodeTransport({ allowLoopback: true }) },
  });
  const { app } = await createTestApp({
    storage: { db },
    push: { dispatcher, webhookTargets: { allowLoopback: true, resolveHost: nodeResolveHost } },
  });

  const setUp = async (name: string, events: number) => {
    const store = await createOrgClient(app, db, { name });
    const api = jsonRequest(app, store.auth);
    const ids = await createPlayers(api, store.orgId, 4, name);
    const tables: string[] = [];
    for (let i = 0; i < events; i++) {
      const eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: `${name} ${i}` })).body.id;
      const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S" })).body.id;
      await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids });
      for (let round = 1; round <= 2; round++)
        tables.push((await seatPrelimTable(db, eventId, sessionId, ids, round)).tableId);
    }
    const sheet = {
      scores: ids.map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i] })),
      winnerId: ids[0],
      signed: true,
    };
    const write = async (tableId: string) => {
      const res = await api.put(`/v1/tables/${tableId}/result`, sheet);
      if (res.status !== 200) throw new Error(`write failed: ${res.status} ${res.text}`);
    };
    return { store, api, tables, write };
  };

  const a = await setUp("A", A_EVENTS);
  const b = await setUp("B", 4);
  const subscribed = await b.api.post(`/v1/orgs/${b.store.orgId}/webhooks`, {
    url: receiverUrl,
    eventTypes: ["result.final"],
  });
  if (subscribed.status !== 201) throw new Error(`B subscribe: ${subscribed.status}`);

  const measureB = async (tableId: string) => {
    arrivedAt = null;
    const t0 = performance.now();
    await b.write(tableId);
    while (arrivedAt === null) await new Promise((r) => setTimeout(r, 5));
    return (arrivedAt as number) - t0;
  };
  /** The median of B's writes to these tables (one at a time). */
  const medianB = async (tables: string[]) => {
    const ms: number[] = [];
    for (const tableId of tables) ms.push(await measureB(tableId));
    return ms.sort((x, y) => x - y)[Math.floor(ms.length / 2)]!;
  };
  // The first write warms the app up (it was 2× the next ones).
  await measureB(b.tables[0]!);
  const baseline = await medianB(b.tables.slice(1, 4));

  let inserted = 0;
  for (let i = 0; i < A_SUBSCRIPTIONS; i++) {
    const res = await a.api.post(`/v1/orgs/${a.store.orgId}/webhooks`, { url: tarpitUrl, eventTypes: TYPES });
    if (res.status === 201) continue;
    if (res.status !== 409) throw new Error(`A subscribe: ${res.status} ${res.text}`);
    const now = new Date().toISOString();
    await db.insert(webhookSubscriptions).values({
      id: `whk_bench${String(i).padStart(6, "0")}`,
      orgId: a.store.orgId,
      url: tarpitUrl,
      format: "standard",
      eventTypes: TYPES,
      secret: `whsec_${Buffer.from("a bench secret of thirty-two b!!").toString("base64")}`,
      createdAt: now,
      updatedAt: now,
    });
    inserted++;
  }
  for (let i = 0; i < A_EVENTS; i++) await a.write(a.tables[2 * i]!);
  // One write: on the old dispatcher it waited minutes, and a second would wait again.
  const delayed = await measureB(b.tables[4]!);

  await dispatcher.stop();
  for (const socket of held) socket.destroy();
  tarpit.close();
  receiver.close();
  console.log(`B's result.final, A idle (baseline, median of 3):         ${baseline.toFixed(0)} ms`);
  console.log(
    `B's result.final, A with ${A_SUBSCRIPTIONS} tarpit subscriptions × ${A_EVENTS} events: ${delayed.toFixed(0)} ms (${(delayed / baseline).toFixed(1)}× the baseline)`,
  );
  if (inserted > 0)
    console.log(`(${inserted} of A's subscriptions inserted directly: the API refused them at its cap)`);
  console.log(
    `tarpit connections opened: ${held.length}; load average (1, 5, 15 min): ${loadavg()
      .map((x) => x.toFixed(2))
      .join(", ")}`,
  );
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
