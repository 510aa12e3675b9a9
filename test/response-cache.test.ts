import { describe, expect, it } from "vitest";
import { ResponseCache } from "../src/http/response-cache";
import { createOrgClient } from "./helpers/auth";
import { seatPrelimTable } from "./helpers/seat-table";
import { createTestApp } from "./helpers/test-app";
import { createPlayers, jsonRequest } from "./helpers/workflow";

describe("ResponseCache", () => {
  it("builds once per key and evicts the least recently used entry", async () => {
    const cache = new ResponseCache(2);
    let builds = 0;
    const build = (v: string) => async () => {
      builds++;
      return v;
    };
    expect(await cache.getOrBuild("a", build("A"))).toBe("A");
    expect(await cache.getOrBuild("a", build("other"))).toBe("A");
    await cache.getOrBuild("b", build("B"));
    await cache.getOrBuild("a", build("A")); // a is now the most recent
    await cache.getOrBuild("c", build("C")); // evicts b
    expect(builds).toBe(3);
    expect(await cache.getOrBuild("b", build("B2"))).toBe("B2");
  });
});

describe("cached rankings are never stale", () => {
  it("serves a new body after a result change on the same app", async () => {
    const { app, db } = await createTestApp();
    const store = await createOrgClient(app, db);
    const api = jsonRequest(app, store.auth);
    const eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Cache" })).body.id;
    const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S" })).body.id;
    const ids = await createPlayers(api, store.orgId, 4);
    await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids });
    const { tableId } = await seatPrelimTable(db, eventId, sessionId, ids);
    const sheet = (vp: number[]) => ({
      scores: ids.map((playerId, i) => ({ playerId, vp: vp[i] })),
      winnerId: ids[0],
      signed: true,
    });
    await api.put(`/v1/tables/${tableId}/result`, sheet([10, 8, 6, 4]));
    const first = await api.get(`/v1/sessions/${sessionId}/standings`);
    expect((await api.get(`/v1/sessions/${sessionId}/standings`)).body).toEqual(first.body);
    const { signed: _signed, ...corrected } = sheet([10, 4, 6, 8]);
    const fix = await api.post(`/v1/tables/${tableId}/result/corrections`, {
      ...corrected,
      reason: "seats 2 and 4 swapped on the sheet",
    });
    expect(fix.status).toBe(200);
    const after = await api.get(`/v1/sessions/${sessionId}/standings`);
    expect(after.headers.get("etag")).not.toBe(first.headers.get("etag"));
    expect(after.body.rows[1]).toMatchObject({ player: { id: ids[3] }, vp: 8 });
  });
});
