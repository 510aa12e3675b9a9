import { describe, expect, it } from "vitest";
import { createOrgClient } from "../helpers/auth";
import { seatPrelimTable } from "../helpers/seat-table";
import { createCountingTestDatabase, createTestApp } from "../helpers/test-app";
import { createPlayers, jsonRequest } from "../helpers/workflow";

describe("GET /v1/orgs/{orgId}/export (NDJSON bulk export)", () => {
  it("exports a federation's member stores with stable player ids and every result", async () => {
    const { app, db } = await createTestApp();
    const federation = await createOrgClient(app, db, { name: "Federation", kind: "federation" });
    const store = await createOrgClient(app, db, { name: "Member store", parentOrgId: federation.orgId });
    const stranger = await createOrgClient(app, db, { name: "Elsewhere" });
    const api = jsonRequest(app, store.auth);
    const eventId = (
      await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Member event", visibility: "private" })
    ).body.id;
    const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S", date: "2026-12-05" }))
      .body.id;
    const ids = await createPlayers(api, store.orgId, 4);
    await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids });
    const { tableId } = await seatPrelimTable(db, eventId, sessionId, ids);
    await api.put(`/v1/tables/${tableId}/result`, {
      scores: ids.map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i] })),
      winnerId: ids[0],
      signed: true,
    });

    const res = await app.request(`/v1/orgs/${federation.orgId}/export?include=descendants`, {
      headers: federation.auth,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/x-ndjson");
    const records = (await res.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(
      records
        .filter((r) => r.type === "player")
        .map((r) => r.id)
        .sort(),
    ).toEqual([...ids].sort());
    expect(records.find((r) => r.type === "event")).toMatchObject({ id: eventId, orgId: store.orgId });
    expect(records.find((r) => r.type === "session")).toMatchObject({
      id: sessionId,
      eventId,
      date: "2026-12-05",
    });
    expect(records.find((r) => r.type === "result")).toMatchObject({
      tableId,
      status: "final",
      winnerId: ids[0],
      seats: ids.map((playerId, i) => ({
        position: i + 1,
        playerId,
        vp: [10, 8, 6, 4][i],
        placement: i + 1,
      })),
    });

    // without descendants the federation itself owns nothing: only the closing cursor line
    const own = await app.request(`/v1/orgs/${federation.orgId}/export`, { headers: federation.auth });
    const ownLines = (await own.text()).trim().split("\n");
    expect(ownLines.map((l) => JSON.parse(l).type)).toEqual(["cursor"]);
    // another organisation, or no token, sees nothing at all
    expect((await app.request(`/v1/orgs/${store.orgId}/export`, { headers: stranger.auth })).status).toBe(
      404,
    );
    expect((await app.request(`/v1/orgs/${store.orgId}/export`)).status).toBe(401);
  });

  it("reads sessions and results of many events together: round trips do not grow with the events", async () => {
    const { db, calls } = await createCountingTestDatabase();
    const { app } = await createTestApp({ storage: { db } });
    const store = await createOrgClient(app, db);
    const api = jsonRequest(app, store.auth);
    const ids = await createPlayers(api, store.orgId, 4);
    const addEvent = async () => {
      const eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "E" })).body.id;
      const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S" })).body.id;
      await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids });
      const { tableId } = await seatPrelimTable(db, eventId, sessionId, ids);
      await api.put(`/v1/tables/${tableId}/result`, {
        scores: ids.map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i] })),
        winnerId: ids[0],
        signed: true,
      });
    };
    const exportCalls = async () => {
      const before = calls();
      const res = await app.request(`/v1/orgs/${store.orgId}/export`, { headers: store.auth });
      const lines = (await res.text()).trim().split("\n");
      return { calls: calls() - before, results: lines.filter((l) => l.includes('"type":"result"')).length };
    };
    await addEvent();
    const one = await exportCalls();
    for (let i = 0; i < 4; i++) await addEvent();
    const five = await exportCalls();
    expect([one.results, five.results]).toEqual([1, 5]);
    expect(five.calls).toBe(one.calls);
  });
});
