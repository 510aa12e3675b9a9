/**
 * GET /v1/events/{eventId}/changes resumed with Last-Event-ID: the stream replays every
 * results version the client missed, in order, each with what changed (from the outbox), then
 * goes on live; past the retention window it says so (`event: gap`) and sends the current
 * version. Every change of the rankings has its version announced, drops included.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { pruneOutbox } from "../../src/services/outbox";
import { addClient, createOrgClient, type OrgClient } from "../helpers/auth";
import { parseSse, type SseMessage } from "../helpers/sse";
import { createTestApp } from "../helpers/test-app";
import { createPlayers, type JsonClient, jsonRequest } from "../helpers/workflow";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let store: OrgClient;
let api: JsonClient;
let eventId: string;
let sessionId: string;
let ids: string[];

beforeEach(async () => {
  ctx = await createTestApp({ live: { changePollMs: 10 } });
  store = await createOrgClient(ctx.app, ctx.db, { name: "Resume store" });
  api = jsonRequest(ctx.app, store.auth);
  eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Resume cup" })).body.id;
  sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S1" })).body.id;
});

/** The whole stream of a short connection (maxSeconds=1), pings left out. */
async function feed(lastEventId?: string) {
  const res = await ctx.app.request(`/v1/events/${eventId}/changes?maxSeconds=1`, {
    headers: lastEventId === undefined ? {} : { "last-event-id": lastEventId },
  });
  return {
    status: res.status,
    messages: res.status === 200 ? parseSse(await res.text()).filter((m) => m.event !== "ping") : [],
  };
}

const results = (messages: SseMessage[]) =>
  messages.map((m) => ({ id: m.id, event: m.event, data: JSON.parse(m.data) }));

describe("the per-event change feed resumed with Last-Event-ID", () => {
  it("replays exactly the versions missed while disconnected, in order, with what changed, then nothing already seen", async () => {
    ids = await createPlayers(api, store.orgId, 4, "Resume");
    await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids });
    const round = await api.post(`/v1/sessions/${sessionId}/rounds`, { tables: [ids] });
    const tableId = round.body.data[0].tables[0].id;

    // Connected: the current version, then the submission live.
    const live = await ctx.app.request(`/v1/events/${eventId}/changes?maxSeconds=30`);
    const reader = live.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
    };
    await readUntil("id: 0");
    const submitted = await api.put(`/v1/tables/${tableId}/result`, {
      scores: ids.map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i] })),
      winnerId: ids[0],
    });
    expect(submitted.status, submitted.text).toBe(200);
    await readUntil("id: 1\n");
    await reader.cancel(); // disconnected
    const seen = results(parseSse(text).filter((m) => m.event === "results"));
    expect(seen.map((m) => m.id)).toEqual(["0", "1"]);
    expect(seen[1]!.data).toEqual({
      eventId,
      resultsVersion: 1,
      sessionId,
      tableId,
      types: ["result.submitted", "standings.changed"],
    });

    // Two changes while nobody listens.
    expect((await api.post(`/v1/tables/${tableId}/result/confirmations`, { playerId: ids[1] })).status).toBe(
      200,
    );
    const referee = jsonRequest(ctx.app, (await addClient(ctx.app, ctx.db, store.orgId, "referee")).auth);
    const dq = await referee.post(`/v1/tables/${tableId}/disqualifications`, {
      playerId: ids[3],
      reason: "Unsporting conduct",
    });
    expect(dq.status, dq.text).toBe(200);

    const resumed = await feed("1");
    expect(resumed.status).toBe(200);
    expect(results(resumed.messages)).toEqual([
      {
        id: "2",
        event: "results",
        data: {
          eventId,
          resultsVersion: 2,
          sessionId,
          tableId,
          types: ["result.confirmed", "standings.changed"],
        },
      },
      {
        id: "3",
        event: "results",
        data: {
          eventId,
          resultsVersion: 3,
          sessionId,
          tableId,
          types: ["player.disqualified", "standings.changed"],
        },
      },
    ]);
    // Up to date: nothing until the next change. From further back: everything since, once each.
    expect((await feed("3")).messages).toEqual([]);
    expect(results((await feed("0")).messages).map((m) => m.id)).toEqual(["1", "2", "3"]);
    // Without Last-Event-ID: the current version at once, as before.
    expect(results((await feed()).messages)).toEqual([
      { id: "3", event: "results", data: { eventId, resultsVersion: 3 } },
    ]);
  });

  it("says so when the versions missed are past the retention window, then sends the current version", async () => {
    ids = await createPlayers(api, store.orgId, 4, "Gap");
    await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids });
    const round = await api.post(`/v1/sessions/${sessionId}/rounds`, { tables: [ids] });
    const tableId = round.body.data[0].tables[0].id;
    await api.put(`/v1/tables/${tableId}/result`, {
      scores: ids.map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i] })),
      winnerId: ids[0],
      signed: true,
    });
    expect(await pruneOutbox(ctx.db, new Date(Date.now() + 60_000), 0)).toBeGreaterThan(0);
    const { messages } = await feed("0");
    expect(messages.map((m) => m.event)).toEqual(["gap", "results"]);
    expect(JSON.parse(messages[0]!.data)).toMatchObject({ lastEventId: 0, resultsVersion: 1 });
    expect(results(messages.slice(1))).toEqual([
      { id: "1", event: "results", data: { eventId, resultsVersion: 1 } },
    ]);
  });

  it("announces a drop's version too (standings.changed, no table), so it is replayed like a result", async () => {
    ids = await createPlayers(api, store.orgId, 8, "Drop");
    await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids });
    expect((await api.post(`/v1/sessions/${sessionId}/rounds`, { seed: "drop" })).status).toBe(201);
    const before = (await api.get(`/v1/events/${eventId}`)).body.resultsVersion as number;
    const drop = await api.post(`/v1/sessions/${sessionId}/drops`, { playerId: ids[0], afterGame: 0 });
    expect(drop.status, drop.text).toBe(201);

    const { messages } = await feed(String(before));
    expect(results(messages)).toEqual([
      {
        id: String(before + 1),
        event: "results",
        data: { eventId, resultsVersion: before + 1, sessionId, tableId: null, types: ["standings.changed"] },
      },
    ]);
    // Webhook subscribers and the organisation feed get the same standings.changed.
    const org = await ctx.app.request(`/v1/orgs/${store.orgId}/changes?maxSeconds=1`, {
      headers: { ...store.auth, "last-event-id": "0" },
    });
    const changed = parseSse(await org.text()).filter((m) => m.event === "standings.changed");
    expect(JSON.parse(changed.at(-1)!.data).data).toMatchObject({
      eventId,
      sessionId,
      resultsVersion: before + 1,
    });
  });

  it("announces a player merge's version in every event of the merged player", async () => {
    ids = await createPlayers(api, store.orgId, 4, "Merge");
    const duplicate = (await createPlayers(api, store.orgId, 1, "Merge copy"))[0]!;
    await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids });
    expect((await api.post(`/v1/sessions/${sessionId}/rounds`, { tables: [ids] })).status).toBe(201);
    const before = (await api.get(`/v1/events/${eventId}`)).body.resultsVersion as number;
    const merged = await api.post(`/v1/players/${ids[0]}/merge`, { intoPlayerId: duplicate });
    expect(merged.status, merged.text).toBe(200);

    expect(results((await feed(String(before))).messages)).toEqual([
      {
        id: String(before + 1),
        event: "results",
        data: {
          eventId,
          resultsVersion: before + 1,
          sessionId: null,
          tableId: null,
          types: ["standings.changed"],
        },
      },
    ]);
  });

  it("refuses a Last-Event-ID that is not a version with 422 naming the header", async () => {
    const res = await ctx.app.request(`/v1/events/${eventId}/changes?maxSeconds=1`, {
      headers: { "last-event-id": "yesterday" },
    });
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(await res.text()).toContain("last-event-id");
  });
});
