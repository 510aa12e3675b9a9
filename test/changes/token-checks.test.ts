/**
 * The process's check of the tokens its live connections hold: a connection that joins while a
 * check is reading the database is checked from the next one on, so a revocation of its client
 * still ends it.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { type EndReason, type HeldToken, LiveHub } from "../../src/services/live";
import { addClient, createOrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { jsonRequest } from "../helpers/workflow";

const CHECK_MS = 1000;

afterEach(() => {
  vi.useRealTimers();
});

describe("the token check of a process's live connections", () => {
  it("keeps checking a token held while a check was reading, and ends it when its client is revoked", async () => {
    const ctx = await createTestApp();
    const store = await createOrgClient(ctx.app, ctx.db);
    const first = await addClient(ctx.app, ctx.db, store.orgId, "reader");
    const second = await addClient(ctx.app, ctx.db, store.orgId, "reader");
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const hub = new LiveHub({
      db: ctx.db,
      clock: () => new Date(),
      pollMs: CHECK_MS,
      tokenCheckMs: CHECK_MS,
    });
    const ended: Record<string, EndReason> = {};
    const held = (name: string, clientId: string): HeldToken => ({
      expiresAt: Date.now() + 3_600_000,
      holder: { clientId, orgId: store.orgId, role: "reader" },
      end: (reason) => {
        ended[name] = reason;
      },
    });
    hub.holdToken(held("first", first.clientId));
    // The check starts: it is now reading the clients of the tokens held so far.
    vi.advanceTimersByTime(CHECK_MS);
    hub.holdToken(held("second", second.clientId));
    await vi.advanceTimersByTimeAsync(0);

    const api = jsonRequest(ctx.app, store.auth);
    expect((await api.delete(`/v1/orgs/${store.orgId}/clients/${second.clientId}`)).status).toBe(204);
    for (let i = 0; i < 3 && !ended.second; i++) await vi.advanceTimersByTimeAsync(CHECK_MS);
    expect(ended).toEqual({ second: "client_revoked" });
  });
});
