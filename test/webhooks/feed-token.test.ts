import { describe, expect, it } from "vitest";
import { addClient, createOrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { createPlayers, jsonRequest } from "../helpers/workflow";

// The organisation feed carries a tree's private changes, so like the per-event feed it must
// never outlive the token that opened it (docs/reference/limits.md#other-bounds).

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

async function storeWithSeating(ctx: Awaited<ReturnType<typeof createTestApp>>) {
  const store = await createOrgClient(ctx.app, ctx.db);
  const api = jsonRequest(ctx.app, store.auth);
  const eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Feed token" })).body.id;
  const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S" })).body.id;
  const ids = await createPlayers(api, store.orgId, 4);
  await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids });
  expect((await api.post(`/v1/sessions/${sessionId}/rounds`, { tables: [ids] })).status).toBe(201);
  return { store, api };
}

describe("the organisation change feed never outlives its token", () => {
  it("ends at the next poll after the token's client is revoked", async () => {
    const ctx = await createTestApp({ live: { changePollMs: 20 } });
    const { store, api } = await storeWithSeating(ctx);
    const bot = await addClient(ctx.app, ctx.db, store.orgId, "reader");
    const res = await ctx.app.request(`/v1/orgs/${store.orgId}/changes?maxSeconds=60`, {
      headers: { ...bot.auth, "last-event-id": "0" },
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await readUntil(reader, "event: round.seated");
    expect((await api.delete(`/v1/orgs/${store.orgId}/clients/${bot.clientId}`)).status).toBe(204);
    const rest = await readUntil(reader, "client_revoked");
    expect(rest).toContain("event: end");
    expect((await reader.read()).done).toBe(true);
  });

  it("ends when the token expires, however long maxSeconds asks for", async () => {
    let now = new Date("2026-12-05T10:00:00Z");
    const ctx = await createTestApp({ live: { changePollMs: 20 }, time: { clock: () => now } });
    const { store } = await storeWithSeating(ctx);
    const res = await ctx.app.request(`/v1/orgs/${store.orgId}/changes?maxSeconds=60`, {
      headers: { ...store.auth, "last-event-id": "0" },
    });
    const reader = res.body!.getReader();
    await readUntil(reader, "event: round.seated");
    now = new Date(now.getTime() + 16 * 60 * 1000); // the 15-minute token is now expired
    expect(await readUntil(reader, "token_expired")).toContain("event: end");
    expect((await reader.read()).done).toBe(true);
  });
});
