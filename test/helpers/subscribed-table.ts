import { expect } from "vitest";
import type { Database } from "../../src/db/client";
import type { App } from "../../src/http/app";
import { createOrgClient } from "./auth";
import { seatPrelimTable } from "./seat-table";
import { createPlayers, jsonRequest } from "./workflow";

/** Where the subscriptions point: a loopback port nothing listens on (tests use their own transport). */
export const SUBSCRIBED_URL = "http://127.0.0.1:9/hook";

/**
 * What the delivery tests start from: a store with one seated prelim table of four and the
 * given webhook subscriptions. `submit` sends the table's sheet (the first player wins); unsigned,
 * it stays pending.
 */
export async function subscribedTable(
  app: App,
  db: Database,
  subscriptions: { eventTypes: string[]; format?: "standard" | "discord" }[],
) {
  const store = await createOrgClient(app, db);
  const api = jsonRequest(app, store.auth);
  const players = await createPlayers(api, store.orgId, 4);
  const eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Deliveries" })).body.id;
  const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S" })).body.id;
  expect((await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: players })).status).toBe(200);
  const { tableId } = await seatPrelimTable(db, eventId, sessionId, players);
  const webhookIds: string[] = [];
  for (const subscription of subscriptions) {
    const res = await api.post(`/v1/orgs/${store.orgId}/webhooks`, { url: SUBSCRIBED_URL, ...subscription });
    expect(res.status, res.text).toBe(201);
    webhookIds.push(res.body.id);
  }
  const submit = async (signed: boolean) => {
    const res = await api.put(`/v1/tables/${tableId}/result`, {
      scores: players.map((playerId, k) => ({ playerId, vp: [10, 8, 6, 4][k] })),
      winnerId: players[0],
      signed,
    });
    expect(res.status, res.text).toBe(200);
  };
  return { orgId: store.orgId, api, webhookIds, submit };
}
