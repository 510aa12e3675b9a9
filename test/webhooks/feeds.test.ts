import { beforeEach, describe, expect, it } from "vitest";
import { pruneOutbox } from "../../src/services/outbox";
import { createOrgClient, type OrgClient } from "../helpers/auth";
import { seatPrelimTable } from "../helpers/seat-table";
import { parseSse } from "../helpers/sse";
import { createTestApp } from "../helpers/test-app";
import { createPlayers, type JsonClient, jsonRequest } from "../helpers/workflow";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let federation: OrgClient;
let store: OrgClient;
let storeApi: JsonClient;
let eventId: string;
let sessionId: string;
let ids: string[];

async function orgChanges(orgId: string, auth: Record<string, string>, lastEventId?: string) {
  const res = await ctx.app.request(`/v1/orgs/${orgId}/changes?maxSeconds=1`, {
    headers: { ...auth, ...(lastEventId === undefined ? {} : { "last-event-id": lastEventId }) },
  });
  return {
    status: res.status,
    messages: res.status === 200 ? parseSse(await res.text()).filter((m) => m.event !== "ping") : [],
  };
}

const sheet = (vps: number[]) => ({
  scores: ids.map((playerId, i) => ({ playerId, vp: vps[i] })),
  winnerId: ids[0],
});

beforeEach(async () => {
  ctx = await createTestApp({ live: { changePollMs: 5 } });
  federation = await createOrgClient(ctx.app, ctx.db, { name: "Federation", kind: "federation" });
  store = await createOrgClient(ctx.app, ctx.db, { name: "Member store", parentOrgId: federation.orgId });
  storeApi = jsonRequest(ctx.app, store.auth);
  eventId = (
    await storeApi.post(`/v1/orgs/${store.orgId}/events`, { name: "Store cup", visibility: "private" })
  ).body.id;
  sessionId = (await storeApi.post(`/v1/events/${eventId}/sessions`, { name: "S1" })).body.id;
  ids = await createPlayers(storeApi, store.orgId, 4, "Feed");
  await storeApi.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids });
});

describe("GET /v1/orgs/{orgId}/changes (organisation tree SSE)", () => {
  it("streams a member store's notifications to the federation, with monotonic ids, and resumes after Last-Event-ID", async () => {
    const round = await storeApi.post(`/v1/sessions/${sessionId}/rounds`, { tables: [ids] });
    const tableId = round.body.data[0].tables[0].id;
    await storeApi.put(`/v1/tables/${tableId}/result`, sheet([10, 8, 6, 4]));

    const first = await orgChanges(federation.orgId, federation.auth, "0");
    expect(first.status).toBe(200);
    expect(first.messages.map((m) => m.event)).toEqual([
      "round.seated",
      "result.submitted",
      "standings.changed",
    ]);
    const seqs = first.messages.map((m) => Number(m.id));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    const submitted = JSON.parse(first.messages[1]!.data);
    expect(submitted).toMatchObject({
      type: "result.submitted",
      orgId: store.orgId,
      data: { tableId, status: "pending" },
    });

    for (const playerId of ids)
      await storeApi.post(`/v1/tables/${tableId}/result/confirmations`, { playerId });
    const resumed = await orgChanges(federation.orgId, federation.auth, first.messages.at(-1)!.id);
    expect(resumed.messages.map((m) => m.event)).toEqual([
      ...Array.from({ length: 3 }, () => ["result.confirmed", "standings.changed"]).flat(),
      "result.confirmed",
      "result.final",
      "standings.changed",
    ]);
    expect(Number(resumed.messages[0]!.id)).toBeGreaterThan(seqs.at(-1)!);
    // The store's own feed shows the same; a stranger gets a 404.
    expect((await orgChanges(store.orgId, store.auth, "0")).messages).toHaveLength(3 + 9);
    const stranger = await createOrgClient(ctx.app, ctx.db, { name: "Stranger" });
    expect((await orgChanges(federation.orgId, stranger.auth)).status).toBe(404);
    expect((await orgChanges(store.orgId, {})).status).toBe(401);
  });

  it("starts with the next change without Last-Event-ID, and says so when the gap is older than the retention window", async () => {
    const { tableId } = await seatPrelimTable(ctx.db, eventId, sessionId, ids);
    await storeApi.put(`/v1/tables/${tableId}/result`, sheet([10, 8, 6, 4]));
    expect((await orgChanges(store.orgId, store.auth)).messages).toEqual([]);
    await pruneOutbox(ctx.db, new Date(Date.now() + 8 * 24 * 3_600_000));
    const stale = await orgChanges(store.orgId, store.auth, "1");
    expect(stale.messages[0]!.event).toBe("gap");
    expect(JSON.parse(stale.messages[0]!.data)).toMatchObject({ lastEventId: 1, prunedThrough: 2 });
    expect((await orgChanges(store.orgId, store.auth, "not-a-number")).status).toBe(422);
  });
});

describe("GET /v1/orgs/{orgId}/export?since=", () => {
  const lines = (text: string) =>
    text
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
  const exportText = async (query: string, auth = federation.auth) => {
    const res = await ctx.app.request(`/v1/orgs/${federation.orgId}/export?include=descendants${query}`, {
      headers: auth,
    });
    return { status: res.status, text: await res.text() };
  };

  it("ends every export with the next cursor, and exports only what changed since it", async () => {
    const { tableId } = await seatPrelimTable(ctx.db, eventId, sessionId, ids);
    const full = lines((await exportText("")).text);
    const cursor = full.at(-1);
    expect(cursor).toMatchObject({ type: "cursor" });
    expect(full.filter((r) => r.type === "player")).toHaveLength(4);

    await storeApi.put(`/v1/tables/${tableId}/result`, { ...sheet([10, 8, 6, 4]), signed: true });
    const delta = lines((await exportText(`&since=${cursor.next}`)).text);
    expect(delta.filter((r) => r.type === "change").map((r) => r.eventType)).toEqual([
      "result.submitted",
      "result.final",
      "standings.changed",
    ]);
    expect(delta.filter((r) => r.type === "result")).toEqual([
      expect.objectContaining({ type: "result", tableId, status: "final", version: 1 }),
    ]);
    const next = delta.at(-1);
    expect(next.type).toBe("cursor");
    expect(next.next).not.toBe(cursor.next);

    const quiet = lines((await exportText(`&since=${next.next}`)).text);
    expect(quiet.filter((r) => r.type === "change" || r.type === "result")).toEqual([]);
  });

  it("answers 422 for a foreign cursor and 410 for one older than the retention window", async () => {
    const bad = await exportText("&since=garbage");
    expect(bad.status).toBe(422);
    const { tableId } = await seatPrelimTable(ctx.db, eventId, sessionId, ids);
    const cursor = lines((await exportText("")).text).at(-1).next;
    await storeApi.put(`/v1/tables/${tableId}/result`, sheet([10, 8, 6, 4]));
    await storeApi.post(`/v1/tables/${tableId}/result/confirmations`, { playerId: ids[0] });
    await pruneOutbox(ctx.db, new Date(Date.now() + 8 * 24 * 3_600_000));
    const gone = await exportText(`&since=${cursor}`);
    expect(gone.status).toBe(410);
    expect(JSON.parse(gone.text).code).toBe("cursor_expired");
  });
});
