/**
 * A result reaches everyone who follows it from one ranking build: the `standings.changed` top
 * of every subscription (JSON and Discord alike) and the standings each live watcher fetches
 * once told of the change all come from the same results version, ranked once through the
 * response cache.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createOrgClient } from "../helpers/auth";
import { createPushTestApp } from "../helpers/push";
import { createCountingTestDatabase } from "../helpers/test-app";
import { type Receiver, startReceiver } from "../helpers/webhook-receiver";
import { createPlayers, jsonRequest } from "../helpers/workflow";

/** The one statement every ranking build sends (services/standings/data.ts). */
const RANKING_BUILD = "select id, name, date from sessions where event_id = ? order by date, id";

let ctx: Awaited<ReturnType<typeof createPushTestApp>> | undefined;
let receiver: Receiver | undefined;
const readers: ReadableStreamDefaultReader<Uint8Array>[] = [];

afterEach(async () => {
  for (const r of readers.splice(0)) await r.cancel().catch(() => {});
  await ctx?.dispatcher.stop();
  await receiver?.close();
});

describe("one result, twenty subscriptions and fifty watchers", () => {
  it("ranks the new results version once", async () => {
    const counting = await createCountingTestDatabase();
    ctx = await createPushTestApp({ db: counting.db });
    const store = await createOrgClient(ctx.app, ctx.db, { name: "One-build store" });
    const api = jsonRequest(ctx.app, store.auth);
    const eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "One-build cup" })).body.id;
    const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S1" })).body.id;
    const ids = await createPlayers(api, store.orgId, 4, "Builder");
    await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids });
    const round = await api.post(`/v1/sessions/${sessionId}/rounds`, { tables: [ids] });
    const tableId = round.body.data[0].tables[0].id;

    receiver = await startReceiver(() => ({ status: 204 }));
    for (let i = 0; i < 20; i++) {
      const sub = await api.post(`/v1/orgs/${store.orgId}/webhooks`, {
        url: `${receiver.url}/hook/${i}`,
        format: i % 2 === 0 ? "discord" : "standard",
        eventTypes: ["result.final", "standings.changed"],
      });
      expect(sub.status).toBe(201);
    }

    // Fifty watchers; each fetches the session's standings when told of a new version.
    const fetched: Promise<number>[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await ctx.app.request(`/v1/events/${eventId}/changes?maxSeconds=60`);
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      readers.push(reader);
      const app = ctx.app;
      fetched.push(
        (async () => {
          const decoder = new TextDecoder();
          let text = "";
          while (!/"resultsVersion":1\b/.test(text)) {
            const { value, done } = await reader.read();
            if (done) throw new Error("feed ended before the change");
            text += decoder.decode(value);
          }
          return (await app.request(`/v1/sessions/${sessionId}/standings`)).status;
        })(),
      );
    }

    const before = counting.statements().length;
    const sheet = await api.put(`/v1/tables/${tableId}/result`, {
      scores: ids.map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i] })),
      winnerId: ids[0],
      signed: true,
    });
    expect(sheet.status).toBe(200);
    expect(await Promise.all(fetched)).toEqual(Array(50).fill(200));
    // Each subscription gets the final and the standings it moved.
    const got = await receiver.until((r) => r.length >= 40);
    expect(got).toHaveLength(40);
    for (const request of got.filter((r) => r.body.includes('"standings.changed"'))) {
      expect(JSON.parse(request.body).data.top[0]).toMatchObject({ playerId: ids[0], wins: 1 });
    }
    const builds = counting
      .statements()
      .slice(before)
      .filter((sql) => sql === RANKING_BUILD);
    expect(builds).toHaveLength(1);
  });
});
