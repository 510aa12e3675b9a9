/**
 * Every operation of the OpenAPI document through its happy path (the round-trip scenario) on
 * an embedded replica: the app in this process on `openNodeDatabase` with a sync URL, the Hrana
 * test server as primary on its own thread, as if on another machine (its request counters are
 * shared memory; tools/hrana-sync.ts serves the sync protocol). Each operation's requests to
 * the primary are recorded: reads are expected to send none.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, type NodeDatabase, openNodeDatabase } from "../../src/db/node";
import { startHranaThread, type ThreadedHranaServer } from "../helpers/hrana-thread";
import { ROUND_TRIP_BUDGETS } from "../helpers/round-trip-budgets";
import { type ScenarioDiscord, startScenarioDiscord } from "../helpers/round-trip-discord-scenario";
import { type MeasuredApp, runEveryOperation, type Sample } from "../helpers/round-trip-scenario";
import { createTestApp } from "../helpers/test-app";

let dir: string;
let primary: ThreadedHranaServer;
let replica: NodeDatabase;
let discord: ScenarioDiscord | undefined;
const samples: Sample[] = [];
let documentOperations: string[] = [];
const readOperations = new Set<string>(); // the document's GET operations

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "catan-replica-ops-"));
  primary = await startHranaThread({
    path: join(dir, "primary.db"),
    sync: true,
    migrationsFolder: MIGRATIONS_FOLDER,
  });
  // No background pull during the run: what a request reads is what its own writes pulled.
  replica = openNodeDatabase(`file:${join(dir, "replica.db")}`, undefined, {
    syncUrl: primary.url,
    syncIntervalSeconds: 3600,
  });
  await replica.client.sync();
  const webhookTargets = { resolveHost: async () => ["93.184.215.14"] };
  discord = await startScenarioDiscord();
  const { app } = await createTestApp({
    storage: { db: replica.db },
    push: { webhookTargets, discord: discord.settings },
    live: { changePollMs: 5 },
  });
  const doc = (await (await app.request("/openapi.json")).json()) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  documentOperations = Object.values(doc.paths).flatMap((ops) =>
    Object.values(ops).flatMap((op) => (op.operationId ? [op.operationId] : [])),
  );
  for (const ops of Object.values(doc.paths)) {
    if (ops.get?.operationId) readOperations.add(ops.get.operationId);
  }
  const measured: MeasuredApp = {
    app,
    db: replica.db,
    server: {
      get pipelineRequests() {
        return primary.statementRequests;
      },
    },
    serialRoundTrips: 0, // not measured here: the replica's statements are all serial
    discord,
    close: async () => {},
  };
  await runEveryOperation(measured, samples);
}, 300_000);

afterAll(async () => {
  replica?.client.close();
  await primary?.close();
  await discord?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("every operation on an embedded replica", () => {
  it("takes every operation of the document through its happy path", () => {
    const measured = new Set(samples.map((s) => s.operationId));
    expect(documentOperations.filter((op) => !measured.has(op))).toEqual([]);
  });

  // getHealth is left out: it proves the database takes writes (a heartbeat upsert), so on a
  // replica it reaches the primary by design.
  it("answers reads from the local copy: GETs send no statement to the primary", () => {
    const remoteReads = samples.filter(
      (s) => readOperations.has(s.operationId) && s.operationId !== "getHealth" && s.roundTrips > 0,
    );
    expect(remoteReads.map((s) => `${s.operationId}: ${s.roundTrips}`)).toEqual([]);
  });

  // Reads are local, so what is left of an operation's budget of round trips (its reads and
  // its writes without a replica) bounds its writes; the replica's pulls are counted apart.
  it("sends each write to the primary as it would without a replica: within the operation's round-trip budget", () => {
    const over = samples.filter((s) => s.roundTrips > (ROUND_TRIP_BUDGETS[s.operationId] ?? 0));
    expect(over.map((s) => `${s.operationId}: ${s.roundTrips}`)).toEqual([]);
  });
});
