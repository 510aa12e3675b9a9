/**
 * A series counts only events whose standings are sound. An event whose playoff results
 * contradict its prelims (possible only in data written before the phase locks, docs/rules.md#people-and-results)
 * answers its standings with `valid: false`; in a series it is `invalid` and gives no points
 * until an organiser sets it right, rather than points from standings its own page flags.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { tableResults } from "../../src/db/schema";
import { createEvent, createFederation, type Federation, playEvent } from "../helpers/federation";
import { plantedBeforePhaseLocks } from "../helpers/seed-results";
import { createTestApp } from "../helpers/test-app";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

let db: Database;
let f: Federation;
let fedApi: JsonClient;
let sound: string;
let flawed: string;
let seriesId: string;

beforeAll(async () => {
  const test = await createTestApp();
  db = test.db;
  f = await createFederation(test.app, db);
  fedApi = jsonRequest(test.app, f.fed.auth);
  const P = f.players;
  const tags = ["circuit"];
  sound = await createEvent(test.app, f.storeA, { name: "Sound", startsOn: "2026-03-01", tags });
  flawed = await createEvent(test.app, f.storeB, { name: "Flawed", startsOn: "2026-04-01", tags });
  await playEvent(f.seedA, sound, P, P.slice(0, 4));
  const { tableIds } = await playEvent(f.seedB, flawed, P, P.slice(0, 4));
  // Prelim table 3 (P1 won it, 10-7-4-2) corrected after the final was played, the way the
  // API allowed before the locks: P6 wins, and finalist P1 no longer qualifies.
  const [p1, p6, p9, p12] = [P[0]!, P[5]!, P[8]!, P[11]!];
  await plantedBeforePhaseLocks(db, () =>
    db
      .update(tableResults)
      .set({
        version: 2,
        winnerId: p6,
        finalizedBy: "correction",
        scores: [
          { playerId: p1, vp: 2 },
          { playerId: p6, vp: 10 },
          { playerId: p9, vp: 4 },
          { playerId: p12, vp: 7 },
        ],
      })
      .where(eq(tableResults.tableId, tableIds[2]!)),
  );
  const created = await fedApi.post(`/v1/orgs/${f.fed.orgId}/series`, {
    name: "Circuit",
    selection: { kind: "tag", tag: "circuit", from: "2026-01-01", to: "2026-12-31" },
  });
  expect(created.status, created.text).toBe(201);
  seriesId = created.body.id;
});

describe("an event whose standings are not valid, in a series", () => {
  it("is flagged by its own standings (200, valid false)", async () => {
    const res = await fedApi.get(`/v1/events/${flawed}/standings`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ valid: false, phase: "final" });
  });

  it("is listed as invalid and gives no points; the sound event still counts", async () => {
    const res = await fedApi.get(`/v1/series/${seriesId}/standings`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.events.map((e: { id: string; status: string }) => [e.id, e.status])).toEqual([
      [sound, "counted"],
      [flawed, "invalid"],
    ]);
    for (const row of res.body.rows) {
      expect(row.contributions.map((c: { eventId: string }) => c.eventId)).toEqual([sound]);
    }
  });
});
