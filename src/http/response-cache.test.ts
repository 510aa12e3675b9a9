import { describe, expect, it } from "vitest";
import { createOrgClient } from "../../test/helpers/auth";
import { seatPrelimTable } from "../../test/helpers/seat-table";
import { createTestApp } from "../../test/helpers/test-app";
import { createPlayers, jsonRequest } from "../../test/helpers/workflow";
import { ResponseCache } from "./response-cache";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (body: Uint8Array) => new TextDecoder().decode(body);

describe("ResponseCache", () => {
  it("builds once per key and evicts the least recently used entries beyond its byte budget", async () => {
    const cache = new ResponseCache(20);
    let builds = 0;
    const build = (v: string) => async () => {
      builds++;
      return bytes(v);
    };
    expect(text(await cache.getOrBuild("a", build("A".repeat(8))))).toBe("AAAAAAAA");
    expect(text(await cache.getOrBuild("a", build("other")))).toBe("AAAAAAAA");
    await cache.getOrBuild("b", build("B".repeat(8)));
    await cache.getOrBuild("a", build("A")); // a is now the most recent
    await cache.getOrBuild("c", build("C".repeat(8))); // 24 bytes > 20: evicts b
    expect(builds).toBe(3);
    expect(cache.size).toBe(16);
    expect(text(await cache.getOrBuild("b", build("B2")))).toBe("B2");
    expect(cache.size).toBeLessThanOrEqual(20);
  });

  it("serves but does not keep a body larger than the whole budget", async () => {
    const cache = new ResponseCache(4);
    let builds = 0;
    const build = async () => {
      builds++;
      return bytes("too large");
    };
    await cache.getOrBuild("k", build);
    await cache.getOrBuild("k", build);
    expect(builds).toBe(2);
    expect(cache.size).toBe(0);
  });

  it("keeps nothing with a budget of 0: every request builds", async () => {
    const cache = new ResponseCache(0);
    let builds = 0;
    const build = async () => {
      builds++;
      return bytes("{}");
    };
    await cache.getOrBuild("k", build);
    await cache.getOrBuild("k", build);
    expect(builds).toBe(2);
  });

  it("builds a body once for concurrent requests of the same tag (single flight), and retries after a failure", async () => {
    const cache = new ResponseCache();
    let builds = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const build = async () => {
      builds++;
      await gate;
      return bytes("{}");
    };
    const waiting = Array.from({ length: 8 }, () => cache.getOrBuild("tag", build));
    release();
    const bodies = await Promise.all(waiting);
    expect(builds).toBe(1);
    expect(new Set(bodies).size).toBe(1);
    const failing = async (): Promise<Uint8Array<ArrayBuffer>> => {
      throw new Error("database down");
    };
    await expect(cache.getOrBuild("bad", failing)).rejects.toThrow("database down");
    expect(text(await cache.getOrBuild("bad", async () => bytes("ok")))).toBe("ok");
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
