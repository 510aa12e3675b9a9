/**
 * A Workers drain counts every subrequest it makes against its budget, the reads that build a
 * message's body included: the Worker shares one set of built bodies between its drains.
 */
import { describe, expect, it } from "vitest";
import { cachedRankingReader } from "../../src/http/cached-rankings";
import { ResponseCache } from "../../src/http/response-cache";
import { drain } from "../../src/runtime/workers/dispatcher";
import { MessageBodies } from "../../src/services/webhooks";
import { subscribedTable } from "../helpers/subscribed-table";
import { createCountingTestDatabase, createTestApp } from "../helpers/test-app";

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
    const table = await subscribedTable(ctx.app, db, [
      { eventTypes: ["result.final", "standings.changed"], format: "standard" },
      { eventTypes: ["result.final", "standings.changed"], format: "discord" },
    ]);
    await table.submit(true);

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
