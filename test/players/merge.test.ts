import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import type { App } from "../../src/http/app";
import { addClient } from "../helpers/auth";
import { createEvent, createFederation, type Federation, playEvent } from "../helpers/federation";
import { createTestApp } from "../helpers/test-app";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

/**
 * One person, created twice: P1 by the federation, "P1 (store B)" = D by store B. D plays E2 of
 * store B where P1 would have; P1 plays E1 of store A. Hand-computed (see helpers/federation.ts):
 *   E1: P1 qualifies 1st and wins the final → 1st, 100 series points;
 *   E2: D qualifies 2nd and is 3rd in the final → 3rd, 60 series points;
 *   P2 is 2nd in E1 (75) and wins E2 (100): 175, ahead of the merged P1's 160.
 */
let app: App;
let db: Database;
let f: Federation;
let P: string[];
let D: string;
let fedApi: JsonClient;
let anon: JsonClient;
let seriesId: string;
const evt = { E1: "", E2: "" };

interface Row {
  player: { id: string };
  points?: number;
  eventsCounted?: number;
  games?: number;
  rank?: number;
}
const rowOf = (rows: Row[], id: string) => rows.find((r) => r.player.id === id);

beforeAll(async () => {
  ({ app, db } = await createTestApp());
  f = await createFederation(app, db);
  P = f.players;
  fedApi = jsonRequest(app, f.fed.auth);
  anon = jsonRequest(app, {});
  const created = await jsonRequest(app, f.storeB.auth).post(`/v1/orgs/${f.storeB.orgId}/players`, {
    name: "P1 (store B)",
    externalId: "LT-9",
  });
  expect(created.status).toBe(201);
  D = created.body.id;
  const p = (...n: number[]) => n.map((i) => (i === 1 ? D : P[i - 1]!));
  evt.E1 = await createEvent(app, f.storeA, { name: "E1", startsOn: "2026-03-01" });
  evt.E2 = await createEvent(app, f.storeB, { name: "E2", startsOn: "2026-04-01" });
  await playEvent(
    f.seedA,
    evt.E1,
    P.map((id) => id),
    P.slice(0, 4),
  );
  await playEvent(f.seedB, evt.E2, p(2, 1, 5, 3, 4, 6, 7, 8, 9, 10, 11, 12), p(2, 5, 1, 3));
  const series = await fedApi.post(`/v1/orgs/${f.fed.orgId}/series`, {
    name: "Circuit",
    selection: { kind: "events", eventIds: [evt.E1, evt.E2] },
    policy: { positionPoints: [100, 75, 60, 50] },
  });
  expect(series.status).toBe(201);
  seriesId = series.body.id;
});

describe("refusals", () => {
  it("refuses two players who met (same session, same round), naming the field", async () => {
    const res = await fedApi.post(`/v1/players/${P[1]}/merge`, { intoPlayerId: P[2] });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "players_met", errors: [{ path: "intoPlayerId" }] });
    expect(res.body.detail).toMatch(/same (table|round)/);
  });

  it("refuses a player merged into themselves (422) and unknown ids (404 / 422 on the body field)", async () => {
    const self = await fedApi.post(`/v1/players/${D}/merge`, { intoPlayerId: D });
    expect(self.status).toBe(422);
    expect(self.body.code).toBe("merge_into_self");
    const unknownPath = await fedApi.post("/v1/players/ply_00000000000000000000000000/merge", {
      intoPlayerId: D,
    });
    expect(unknownPath.status).toBe(404);
    const unknownInto = await fedApi.post(`/v1/players/${D}/merge`, {
      intoPlayerId: "ply_00000000000000000000000000",
    });
    expect(unknownInto.status).toBe(422);
    expect(unknownInto.body.errors[0].path).toBe("intoPlayerId");
  });

  it("takes an owner above both players: store owners and federation organisers are refused", async () => {
    // Store B reads D but not the federation's P1; store A reads neither.
    const storeB = await jsonRequest(app, f.storeB.auth).post(`/v1/players/${D}/merge`, {
      intoPlayerId: P[0],
    });
    expect(storeB.status).toBe(422);
    expect(storeB.body.code).toBe("into_player_not_found");
    const storeA = await jsonRequest(app, f.storeA.auth).post(`/v1/players/${D}/merge`, {
      intoPlayerId: P[0],
    });
    expect(storeA.status).toBe(404);
    const organizer = jsonRequest(app, (await addClient(app, db, f.fed.orgId, "organizer")).auth);
    const byOrganizer = await organizer.post(`/v1/players/${D}/merge`, { intoPlayerId: P[0] });
    expect(byOrganizer.status).toBe(403);
    expect(byOrganizer.body.code).toBe("merge_needs_owner");
    expect((await anon.post(`/v1/players/${D}/merge`, { intoPlayerId: P[0] })).status).toBe(401);
  });

  it("refuses two different membership numbers until one is cleared", async () => {
    expect((await fedApi.patch(`/v1/players/${P[0]}`, { externalId: "LT-1" })).status).toBe(200);
    const res = await fedApi.post(`/v1/players/${D}/merge`, { intoPlayerId: P[0] });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "membership_number_conflict", errors: [{ path: "externalId" }] });
    expect((await fedApi.patch(`/v1/players/${P[0]}`, { externalId: null })).status).toBe(200);
  });

  it("keeps final sheets closed to anything but a correction or a recorded merge (database rule)", async () => {
    const [table] = await db.all<{ table_id: string }>(
      sql`select table_id from table_results where status = 'final' and winner_id = ${P[1]} limit 1`,
    );
    const error = await db
      .run(sql`update table_results set scores = replace(scores, ${P[1]!}, ${P[2]!}),
        winner_id = ${P[2]} where table_id = ${table!.table_id}`)
      .then(
        () => null,
        (e: unknown) => e as Error & { cause?: unknown },
      );
    expect(String(error?.cause ?? error)).toMatch(/rule_1_3_5/);
  });
});

describe("a merge of two duplicates", () => {
  it("moves every game, re-ranks the series and ratings, and leaves the merged id answering", async () => {
    const seriesBefore = await anon.get(`/v1/series/${seriesId}/standings`);
    expect(rowOf(seriesBefore.body.rows, P[0]!)).toMatchObject({ points: 100, eventsCounted: 1 });
    expect(rowOf(seriesBefore.body.rows, D)).toMatchObject({ points: 60, eventsCounted: 1 });
    const ratingsBefore = await fedApi.get(`/v1/orgs/${f.fed.orgId}/ratings`);
    expect(rowOf(ratingsBefore.body.rows, P[0]!)?.games).toBe(2);
    const e2Before = await anon.get(`/v1/events/${evt.E2}/standings`);
    const dRank = rowOf(e2Before.body.rows, D)?.rank;
    expect(dRank).toBe(3);

    const res = await fedApi.post(`/v1/players/${D}/merge`, { intoPlayerId: P[0] });
    expect(res.status).toBe(200);
    expect(res.body.player).toMatchObject({ id: P[0], name: "P1", externalId: "LT-9" });
    expect(res.body.merged).toEqual({ id: D, name: "P1 (store B)" });
    // One registration, two seats (prelim and final), two final sheets.
    expect(res.body.moved).toMatchObject({ registrations: 1, seats: 2, results: 2, staff: 0 });
    expect(res.body.eventIds).toEqual([evt.E2]);

    const e2After = await anon.get(`/v1/events/${evt.E2}/standings`, {
      "if-none-match": e2Before.headers.get("etag")!,
    });
    expect(e2After.status).toBe(200);
    expect(rowOf(e2After.body.rows, P[0]!)?.rank).toBe(3);
    expect(JSON.stringify(e2After.body)).not.toContain(D);
    const seriesAfter = await anon.get(`/v1/series/${seriesId}/standings`);
    // P2: 2nd in E1 (75) and 1st in E2 (100) stays ahead.
    expect(rowOf(seriesAfter.body.rows, P[1]!)).toMatchObject({ points: 175, rank: 1 });
    expect(rowOf(seriesAfter.body.rows, P[0]!)).toMatchObject({ points: 160, eventsCounted: 2, rank: 2 });
    expect(rowOf(seriesAfter.body.rows, D)).toBeUndefined();
    const ratingsAfter = await fedApi.get(`/v1/orgs/${f.fed.orgId}/ratings`);
    expect(rowOf(ratingsAfter.body.rows, P[0]!)?.games).toBe(4);
    expect(rowOf(ratingsAfter.body.rows, D)).toBeUndefined();
    const history = await anon.get(`/v1/players/${P[0]}/history`);
    expect(
      history.body.events.map((e: { event: { id: string }; position: number }) => [e.event.id, e.position]),
    ).toEqual([
      [evt.E1, 1],
      [evt.E2, 3],
    ]);

    // The merged id: 301 on reads (to the same resource of the kept player), 410 on writes.
    const read = await fedApi.get(`/v1/players/${D}`);
    expect(read.status).toBe(301);
    expect(read.headers.get("location")).toBe(`/v1/players/${P[0]}`);
    expect(read.body.code).toBe("player_merged");
    expect((await anon.get(`/v1/players/${D}/history`)).headers.get("location")).toBe(
      `/v1/players/${P[0]}/history`,
    );
    expect((await anon.get(`/v1/players/${D}/rating`)).headers.get("location")).toBe(
      `/v1/players/${P[0]}/rating`,
    );
    const write = await fedApi.patch(`/v1/players/${D}`, { name: "x" });
    expect(write.status).toBe(410);
    expect(write.headers.get("link")).toBe(`</v1/players/${P[0]}>; rel="successor-version"`);
    expect((await fedApi.post(`/v1/players/${D}/merge`, { intoPlayerId: P[1] })).status).toBe(410);
    // An outsider learns nothing of the merge from the member-only route.
    expect((await jsonRequest(app, f.storeA.auth).get(`/v1/players/${D}`)).status).toBe(404);

    // Audited in the event's trail.
    const audit = await fedApi.get(`/v1/events/${evt.E2}/audit`);
    const entry = audit.body.data.find((a: { action: string }) => a.action === "player.merge");
    expect(entry).toMatchObject({ entityId: P[0] });
    expect(entry.before.merged.id).toBe(D);
  });
});
