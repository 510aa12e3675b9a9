/**
 * The Node app on an embedded replica (DATABASE_SYNC_URL): the project's Hrana test server is
 * the primary and serves the sync protocol (tools/hrana-sync.ts). The app runs as
 * `npm start` does, in its own process, with its settings from the environment. Another
 * instance (the Worker's way: Hrana straight to the primary) runs here in-process, with the
 * same signing key.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client/web";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../src/db/client";
import { migrateDatabase, openNodeDatabase } from "../../src/db/node";
import type { App } from "../../src/http/app";
import { type HranaServer, startHranaServer } from "../../tools/hrana-server";
import { bearer, createOrgClient } from "../helpers/auth";
import { type NodeServer, startNodeServer } from "../helpers/node-server";
import { createTestApp, TEST_JWT_SECRET } from "../helpers/test-app";
import { range, type Tournament, tournament } from "../helpers/tournament";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

const AUTH_TOKEN = "primary-token";
let dir: string;
let primary: HranaServer;
let replicaApp: NodeServer;
let direct: { close(): void; api: JsonClient };
let viaReplica: JsonClient;
let orgId: string;

/** A JSON client over real HTTP, with the workflow helpers' shape. */
function httpJson(base: string, auth: Record<string, string>): JsonClient {
  const app = {
    request: (path: string, init: RequestInit) => fetch(`${base}${path}`, init),
  } as unknown as App;
  return jsonRequest(app, auth);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "catan-replica-"));
  primary = await startHranaServer({
    path: join(dir, "primary.db"),
    sync: true,
    authToken: AUTH_TOKEN,
  });
  const raw = createClient({ url: primary.url, authToken: AUTH_TOKEN });
  const db = createDatabase(raw);
  // The primary is migrated as a Turso database is before deploy (drizzle over Hrana), so the
  // replica's own migrate at start finds every migration recorded and writes nothing.
  await migrateDatabase(db);
  const { app } = await createTestApp({ storage: { db } });
  const owner = await createOrgClient(app, db);
  orgId = owner.orgId;
  direct = { close: () => raw.close(), api: jsonRequest(app, owner.auth) };
  replicaApp = await startNodeServer({
    DATABASE_URL: `file:${join(dir, "replica.db")}`,
    DATABASE_SYNC_URL: primary.url,
    DATABASE_AUTH_TOKEN: AUTH_TOKEN,
    DATABASE_SYNC_INTERVAL: "0.2",
    JWT_SECRET: TEST_JWT_SECRET,
  });
  viaReplica = httpJson(replicaApp.url, bearer(owner.token));
}, 60_000);

afterAll(async () => {
  await replicaApp?.kill();
  direct?.close();
  await primary?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("Node app on an embedded replica of a remote primary", () => {
  let t: Tournament;
  let sessionId: string;
  let tables: { id: string }[];

  it("starts from the primary's snapshot: the organisation made on the primary is there", async () => {
    expect(replicaApp.output()).toContain(`a replica of ${primary.url}`);
    expect(primary.sync!.framesServed).toBeGreaterThan(0);
    const org = await viaReplica.get(`/v1/orgs/${orgId}`);
    expect(org.status, org.text).toBe(200);
  });

  it("a result submitted through the replica is on the primary and in the standings read right after", async () => {
    t = await tournament(viaReplica, orgId, 8, "Replica event");
    sessionId = await t.session("Store A", "2026-12-05", range(1, 8));
    const round = await t.seatGame(sessionId, [range(1, 4), range(5, 8)]);
    tables = round.tables;
    await t.play([round.tables[0]]);

    const pipelinesBefore = primary.pipelineRequests + primary.cursorRequests;
    const standings = await viaReplica.get(`/v1/sessions/${sessionId}/standings`);
    expect(standings.status, `${standings.text}\n${replicaApp.output()}`).toBe(200);
    const p1 = standings.body.rows.find((r: { player: { id: string } }) => r.player.id === t.P[1]);
    expect(p1).toMatchObject({ games: 1, wins: 1, vp: 10 });
    // The read was answered from the local copy: no statement went to the primary.
    expect(primary.pipelineRequests + primary.cursorRequests).toBe(pipelinesBefore);

    // …and the write is the primary's, as another instance reading it directly sees.
    const onPrimary = await direct.api.get(`/v1/sessions/${sessionId}/standings`);
    expect(onPrimary.body.rows.find((r: { player: { id: string } }) => r.player.id === t.P[1])).toMatchObject(
      {
        games: 1,
        vp: 10,
      },
    );
  });

  it("a result another instance writes on the primary appears on the replica after its next sync", async () => {
    const sheet = t.strengthSheet(t.seatIdsOf(tables[1]));
    // Counted before the write: a background pull may bring it before the PUT's answer arrives.
    const pullsBefore = primary.sync!.pulls;
    const put = await direct.api.put(`/v1/tables/${tables[1]!.id}/result`, sheet);
    expect(put.status, put.text).toBe(200);

    // The background pull runs every 0.2 s; bounded wait, the assertion is on what is read.
    let p5: { games: number } | undefined;
    for (let attempt = 0; attempt < 100 && p5?.games !== 1; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const standings = await viaReplica.get(`/v1/sessions/${sessionId}/standings`);
      p5 = standings.body.rows.find((r: { player: { id: string } }) => r.player.id === t.P[5]);
    }
    expect(p5).toMatchObject({ games: 1, wins: 1, vp: 10 });
    expect(primary.sync!.pulls).toBeGreaterThan(pullsBefore);
  });

  it("a losing racer on the replica gets the same 409 as on the primary (constraint errors cross over)", async () => {
    const again = await viaReplica.put(`/v1/tables/${tables[0]!.id}/result`, {
      ...t.strengthSheet(t.seatIdsOf(tables[0])),
      winnerId: t.P[2],
    });
    expect(again.status, again.text).toBe(409);
  });
});

describe("replica settings", () => {
  it("refuses a replica without a local file", () => {
    expect(() => openNodeDatabase(":memory:", undefined, { syncUrl: "libsql://db.example" })).toThrow(
      /DATABASE_URL=file:/,
    );
  });
});
