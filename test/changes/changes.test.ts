import { describe, expect, it } from "vitest";
import { addClient, createOrgClient } from "../helpers/auth";
import { seatPrelimTable } from "../helpers/seat-table";
import { createTestApp } from "../helpers/test-app";
import { createPlayers, jsonRequest } from "../helpers/workflow";

async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, needle: string): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes(needle)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  return text;
}

describe("GET /v1/events/{eventId}/changes (server-sent events)", () => {
  it("sends the current version at once and a new one after a result change", async () => {
    const ctx = await createTestApp({ live: { changePollMs: 20 } });
    const store = await createOrgClient(ctx.app, ctx.db);
    const api = jsonRequest(ctx.app, store.auth);
    const eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Live" })).body.id;
    const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S" })).body.id;
    const ids = await createPlayers(api, store.orgId, 4);
    await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids });
    const { tableId } = await seatPrelimTable(ctx.db, eventId, sessionId, ids);

    const res = await ctx.app.request(`/v1/events/${eventId}/changes?maxSeconds=5`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const reader = res.body!.getReader();
    expect(await readUntil(reader, '"resultsVersion":0')).toContain("event: results");

    await api.put(`/v1/tables/${tableId}/result`, {
      scores: ids.map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i] })),
      winnerId: ids[0],
    });
    const next = await readUntil(reader, '"resultsVersion":1');
    expect(next).toContain("id: 1");
    await reader.cancel();
  });

  it("answers a private event of another organisation with 404", async () => {
    const ctx = await createTestApp();
    const store = await createOrgClient(ctx.app, ctx.db);
    const eventId = (
      await jsonRequest(ctx.app, store.auth).post(`/v1/orgs/${store.orgId}/events`, {
        name: "Hidden",
        visibility: "private",
      })
    ).body.id;
    expect((await ctx.app.request(`/v1/events/${eventId}/changes?maxSeconds=1`)).status).toBe(404);
  });
});

describe("a change feed on an event that turns private", () => {
  it("ends for a reader who may no longer see it", async () => {
    const ctx = await createTestApp({ live: { changePollMs: 20 } });
    const store = await createOrgClient(ctx.app, ctx.db);
    const api = jsonRequest(ctx.app, store.auth);
    const eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Going private" })).body.id;
    const res = await ctx.app.request(`/v1/events/${eventId}/changes?maxSeconds=10`);
    const reader = res.body!.getReader();
    await readUntil(reader, '"resultsVersion":0');
    await api.patch(`/v1/events/${eventId}`, { visibility: "private" });
    const started = Date.now();
    while (!(await reader.read()).done) {
      expect(Date.now() - started).toBeLessThan(5000);
    }
  });
});

describe("a change feed never outlives its token", () => {
  it("ends at the next poll after the token's client is revoked", async () => {
    const ctx = await createTestApp({ live: { changePollMs: 20 } });
    const store = await createOrgClient(ctx.app, ctx.db);
    const api = jsonRequest(ctx.app, store.auth);
    const eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Revoked" })).body.id;
    const bot = await addClient(ctx.app, ctx.db, store.orgId, "reader");
    const res = await ctx.app.request(`/v1/events/${eventId}/changes?maxSeconds=60`, { headers: bot.auth });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await readUntil(reader, '"resultsVersion":0');
    expect((await api.delete(`/v1/orgs/${store.orgId}/clients/${bot.clientId}`)).status).toBe(204);
    const rest = await readUntil(reader, "client_revoked");
    expect(rest).toContain("event: end");
    expect((await reader.read()).done).toBe(true);
  });

  it("ends when the token expires, however long maxSeconds asks for", async () => {
    let now = new Date("2026-12-05T10:00:00Z");
    const ctx = await createTestApp({ live: { changePollMs: 20 }, time: { clock: () => now } });
    const store = await createOrgClient(ctx.app, ctx.db);
    const api = jsonRequest(ctx.app, store.auth);
    const eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Expiring" })).body.id;
    const res = await ctx.app.request(`/v1/events/${eventId}/changes?maxSeconds=60`, { headers: store.auth });
    const reader = res.body!.getReader();
    await readUntil(reader, '"resultsVersion":0');
    now = new Date(now.getTime() + 16 * 60 * 1000); // the 15-minute token is now expired
    expect(await readUntil(reader, "token_expired")).toContain("event: end");
    expect((await reader.read()).done).toBe(true);
  });
});
