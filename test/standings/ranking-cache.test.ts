/**
 * Cached ranking bodies through the HTTP API: built once per entity tag, gzipped when accepted
 * (Node); public bodies are shared between app instances through the shared cache keyed by URL
 * and ETag, private ones never are.
 */
import { gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import type { SharedCache } from "../../src/http/shared-cache";
import { createOrgClient, type OrgClient } from "../helpers/auth";
import { seeder } from "../helpers/seed-results";
import { createCountingTestDatabase, createTestApp } from "../helpers/test-app";

let db: Database;
let calls: () => number;
let store: OrgClient;

beforeAll(async () => {
  ({ db, calls } = await createCountingTestDatabase());
  store = await createOrgClient((await createTestApp({ storage: { db } })).app, db);
});

async function eventWithResults(visibility: "public" | "private" = "public") {
  const s = seeder(db, store.orgId);
  const evt = await s.event({ visibility });
  const ids = await s.players(8);
  const ses = await s.session(evt.id, ids);
  await s.round(evt.id, {
    sessionId: ses,
    tables: [
      { players: ids.slice(0, 4), vp: [10, 8, 6, 4] },
      { players: ids.slice(4), vp: [5, 10, 7, 3] },
    ],
  });
  return `/v1/events/${evt.id}/qualification`;
}

/** A SharedCache over a Map, recording what was put. */
function memorySharedCache(): SharedCache & { store: Map<string, Uint8Array<ArrayBuffer>> } {
  const store = new Map<string, Uint8Array<ArrayBuffer>>();
  return {
    store,
    match: async (key) => store.get(key),
    put: async (key, body) => {
      store.set(key, body);
    },
  };
}

describe("cached bodies, compressed when accepted", () => {
  it("sends gzip or identity by Accept-Encoding, the same JSON each time, with Vary", async () => {
    const { app } = await createTestApp({ storage: { db }, http: { compress: true } });
    const path = await eventWithResults();
    const plain = await app.request(path);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept, Accept-Encoding");
    const json = await plain.text();
    expect(JSON.parse(json).rows).toHaveLength(8);

    const gz = await app.request(path, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gz.headers.get("etag")).toBe(plain.headers.get("etag"));
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(json);

    const none = await app.request(path, { headers: { "accept-encoding": "identity, *;q=0" } });
    expect(none.headers.get("content-encoding")).toBeNull();
    expect(await none.text()).toBe(json);
  });

  it("names Accept-Encoding in the Vary of a 304 as the 200 it stands for does (RFC 9110 §15.4.5)", async () => {
    const { app } = await createTestApp({ storage: { db }, http: { compress: true } });
    const path = await eventWithResults();
    const ok = await app.request(path, { headers: { "accept-encoding": "gzip" } });
    const notModified = await app.request(path, {
      headers: { "accept-encoding": "gzip", "if-none-match": ok.headers.get("etag")! },
    });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("vary")).toContain("Accept-Encoding");
    expect(ok.headers.get("vary")).toContain("Accept-Encoding");
  });

  it("gives the CSV variant to a client that accepts gzip: CSV text, never JSON bytes", async () => {
    const { app } = await createTestApp({ storage: { db }, http: { compress: true } });
    const path = await eventWithResults();
    const headers = { "accept-encoding": "identity" };
    expect((await app.request(path, { headers })).status).toBe(200);
    const csv = await app.request(`${path}?format=csv`, { headers });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^rank,player_id,player,/);
    expect(lines).toHaveLength(9);
    const again = await app.request(`${path}?format=csv`, {
      headers: { ...headers, "if-none-match": csv.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
  });

  it("answers concurrent first requests of a new tag with one build", async () => {
    const { app } = await createTestApp({ storage: { db } });
    const path = await eventWithResults();
    const before = calls();
    const answers = await Promise.all(Array.from({ length: 6 }, () => app.request(path)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    // 6 scope queries, and the data batch of one build.
    expect(calls() - before).toBe(7);
    const bodies = await Promise.all(answers.map((r) => r.text()));
    expect(new Set(bodies).size).toBe(1);
  });
});

describe("shared cache (Workers: the Cache API)", () => {
  it("stores a public body under URL and ETag; another instance serves it without building", async () => {
    const shared = memorySharedCache();
    const path = await eventWithResults();
    const first = await createTestApp({ storage: { db, sharedCache: shared } });
    const res = await first.app.request(`https://api.example${path}`);
    const etag = res.headers.get("etag")!;
    const body = await res.text();
    await new Promise((r) => setTimeout(r, 0));
    const key = `https://api.example${path}?etag=${encodeURIComponent(etag)}`;
    expect([...shared.store.keys()]).toContain(key);
    expect(new TextDecoder().decode(shared.store.get(key))).toBe(body);

    const second = await createTestApp({ storage: { db, sharedCache: shared } });
    const before = calls();
    const again = await second.app.request(`https://api.example${path}`);
    expect(await again.text()).toBe(body);
    expect(calls() - before).toBe(1); // the scope query only: authorisation and the tag
  });

  it("never puts a private body there, and a private read never reads it", async () => {
    const shared = memorySharedCache();
    let reads = 0;
    const spy: SharedCache = {
      match: async (key) => {
        reads++;
        return shared.match(key);
      },
      put: shared.put,
    };
    const path = await eventWithResults("private");
    const { app } = await createTestApp({ storage: { db, sharedCache: spy } });
    const res = await app.request(path, { headers: store.auth });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    await new Promise((r) => setTimeout(r, 0));
    expect(shared.store.size).toBe(0);
    expect(reads).toBe(0);
  });
});
