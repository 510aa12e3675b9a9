import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { openWebDatabase } from "../../src/db/web";
import { createOrganization } from "../../src/services/orgs";
import { type HranaServer, startHranaServer } from "../../tools/hrana-server";
import { systemContext } from "../helpers/auth";
import { seeder } from "../helpers/seed-results";
import { type RunningWorker, startWorker } from "./worker-runtime";

// The uncached qualification of a 50-session chain event (the bench's
// figure, whose CPU time bench/rankings.bench.ts measures on Node) built on workerd, with its
// 304 and the shared Cache API path. Not timed: it proves the build runs there.
const DB_TOKEN = "hrana-test-token";
const SESSIONS = 50;
const PLAYERS = 40;

let server: HranaServer;
let worker: RunningWorker;
let eventId: string;
let unique: number;

/** mulberry32: the same event every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

beforeAll(async () => {
  server = await startHranaServer({
    authToken: DB_TOKEN,
    migrationsFolder: resolve(import.meta.dirname, "../../migrations"),
  });
  const db = openWebDatabase(server.url, DB_TOKEN);
  const org = await createOrganization(systemContext(db), { name: "Chain", kind: "federation" });
  const s = seeder(db, org.id);
  const event = await s.event();
  eventId = event.id;
  const pool = await s.players(1_250);
  const rnd = prng(50);
  const seen = new Set<string>();
  for (let i = 0; i < SESSIONS; i++) {
    const picked = [...pool].sort(() => rnd() - 0.5).slice(0, PLAYERS);
    for (const id of picked) seen.add(id);
    const sessionId = await s.session(eventId, picked, {
      date: `2026-01-${String((i % 28) + 1).padStart(2, "0")}`,
    });
    for (let game = 1; game <= 3; game++) {
      const order = [...picked].sort(() => rnd() - 0.5);
      const tables = Array.from({ length: PLAYERS / 4 }, (_, t) => {
        const players = order.slice(t * 4, t * 4 + 4);
        const winner = Math.floor(rnd() * 4);
        return { players, vp: players.map((_, p) => (p === winner ? 10 : 2 + Math.floor(rnd() * 8))) };
      });
      await s.round(eventId, { sessionId, number: game, tables });
    }
  }
  unique = seen.size;
  worker = await startWorker({
    DATABASE_URL: server.url,
    DATABASE_AUTH_TOKEN: DB_TOKEN,
    JWT_SECRET: "workers-e2e-jwt-secret-0123456789abcdef",
  });
}, 240_000);

afterAll(async () => {
  await worker?.dispose();
  await server?.close();
});

describe("a chain-50 qualification on workerd", () => {
  it("is built uncached, answered 304 by one query, and put in the shared cache without error", async () => {
    onTestFailed(() => console.error(`Worker output:\n${worker.output()}`));
    const path = `/v1/events/${eventId}/qualification`;
    const res = await worker.fetch(path);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { uniqueParticipants: number; rows: { qualified: boolean }[] };
    expect(body.uniqueParticipants).toBe(unique);
    expect(body.rows).toHaveLength(unique);
    expect(body.rows.filter((r) => r.qualified)).toHaveLength(16);
    const etag = res.headers.get("etag")!;

    const before = server.pipelineRequests;
    const notModified = await worker.fetch(path, { headers: { "if-none-match": etag } });
    expect(notModified.status).toBe(304);
    expect(server.pipelineRequests - before).toBe(1);

    const again = await worker.fetch(path);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { rows: unknown[] }).rows).toHaveLength(unique);
    expect(worker.output()).not.toContain("shared cache put failed");
  });
});
