/**
 * A Workers drain counts every subrequest it makes against its budget, the reads that build a
 * message's body included: the Worker shares one set of built bodies between its drains.
 */
import { describe, expect, it } from "vitest";
import { cachedRankingReader } from "../../src/http/cached-rankings";
import { ResponseCache } from "../../src/http/response-cache";
import { drain } from "../../src/runtime/workers/dispatcher";
import { MessageBodies } from "../../src/services/webhooks";
import { createOrgClient } from "../helpers/auth";
import { seatPrelimTable } from "../helpers/seat-table";
import { createCountingTestDatabase, createTestApp } from "../helpers/test-app";
import { createPlayers, jsonRequest } from "../helpers/workflow";

describe("a Workers drain's subrequest count", () => {
  it("includes the database reads that build the bodies, as the Worker sets them up", async () => {
    const counting = await createCountingTestDatabase();
    const db = counting.db;
    const ctx = await createTestApp({
      storage: { db },
      push: {
        dispatcher: { wake() {} },
        webhookTargets: { allowLoopback: true, resolveHost: async () => [] },
      },
    });
    const store = await createOrgClient(ctx.app, db);
    const api = jsonRequest(ctx.app, store.auth);
    const ids = await createPlayers(api, store.orgId, 4);
    const eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Budget" })).body.id;
    const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S" })).body.id;
    await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids });
    for (const format of ["standard", "discord"]) {
      const res = await api.post(`/v1/orgs/${store.orgId}/webhooks`, {
        url: "http://127.0.0.1:9/hook",
        eventTypes: ["result.final", "standings.changed"],
        format,
      });
      expect(res.status, res.text).toBe(201);
    }
    const { tableId } = await seatPrelimTable(db, eventId, sessionId, ids);
    const put = await api.put(`/v1/tables/${tableId}/result`, {
      scores: ids.map((playerId, k) => ({ playerId, vp: [10, 8, 6, 4][k] })),
      winnerId: ids[0],
      signed: true,
    });
    expect(put.status, put.text).toBe(200);

    let fetches = 0;
    // As src/worker.ts builds them: bodies shared by the isolate's drains, tops through its cache.
    const settings = {
      allowLoopback: true,
      transport: async () => {
        fetches++;
        return { status: 204, retryAfter: null };
      },
      bodies: new MessageBodies(cachedRankingReader(new ResponseCache())),
    };
    const before = counting.calls();
    const report = await drain(db, settings, { subrequests: 1000 });
    expect(report.attempted).toBeGreaterThan(0);
    expect(report.subrequests).toBe(counting.calls() - before + fetches);
  });
});
