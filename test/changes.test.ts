import { describe, expect, it } from "vitest";
import { createOrgClient } from "./helpers/auth";
import { seatPrelimTable } from "./helpers/seat-table";
import { createTestApp } from "./helpers/test-app";
import { createPlayers, jsonRequest } from "./helpers/workflow";

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
    const ctx = await createTestApp({ changePollMs: 20 });
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
    const ctx = await createTestApp({ changePollMs: 20 });
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
