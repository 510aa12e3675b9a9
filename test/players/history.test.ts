import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import type { App } from "../../src/http/app";
import { createOrgClient } from "../helpers/auth";
import {
  createEvent,
  createFederation,
  type Federation,
  playEvent,
  playSeason,
  type SeasonEvents,
} from "../helpers/federation";
import { createCountingTestDatabase, createTestApp } from "../helpers/test-app";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

let app: App;
let db: Database;
let calls: () => number;
let f: Federation;
let P: string[];
let anon: JsonClient;
let fedApi: JsonClient;
let seriesId: string;
let evt: SeasonEvents;

interface HistoryEvent {
  event: { id: string };
  status: string;
  sessions: { rank: number | null; games: number; wins: number; vp: number; vpPctExact: string }[];
  qualification: { rank: number; qualified: boolean | null; sessionId: string | null } | null;
  phase: string | null;
  finalPlacement: number | null;
  position: number | null;
  series: { seriesId: string; points: number; counted: boolean }[];
}

beforeAll(async () => {
  const counting = await createCountingTestDatabase();
  calls = counting.calls;
  db = counting.db;
  ({ app } = await createTestApp({ storage: { db: counting.db } }));
  f = await createFederation(app, counting.db);
  P = f.players;
  anon = jsonRequest(app, {});
  fedApi = jsonRequest(app, f.fed.auth);
  evt = await playSeason(app, f);
  const series = await fedApi.post(`/v1/orgs/${f.fed.orgId}/series`, {
    name: "Circuit 2026",
    selection: { kind: "tag", tag: "national-2026", from: "2026-01-01", to: "2026-12-31" },
    policy: {
      positionPoints: [100, 75, 60, 50],
      semifinalistPoints: 30,
      qualificationBands: [
        { from: 5, to: 8, points: 20 },
        { from: 9, to: 12, points: 10 },
      ],
      participationPoints: 5,
      bestOf: 2,
    },
  });
  expect(series.status).toBe(201);
  seriesId = series.body.id;
  const patched = await fedApi.patch(`/v1/players/${P[0]}`, { externalId: "LT-0001" });
  expect(patched.status).toBe(200);
});

const summary = (e: HistoryEvent) => [
  e.event.id,
  e.status,
  e.sessions.map((s) => s.rank),
  e.qualification?.rank ?? null,
  e.phase,
  e.finalPlacement,
  e.position,
];

describe("GET /v1/players/{id}/history, against the hand-computed fixture", () => {
  it("lists every event with session rank, qualification, playoff placement and position (federation view)", async () => {
    const res = await fedApi.get(`/v1/players/${P[0]}/history`);
    expect(res.status).toBe(200);
    expect(res.body.player).toMatchObject({ id: P[0], name: "P1", externalId: "LT-0001" });
    // E1: best table (10 of 23) → 1st, won the final. E2: 2nd in the prelim, 3rd in the final.
    // E3 (private): 3rd and 3rd. E4: 2 VP at the 23-point table, 11th, no playoffs.
    expect(res.body.events.map(summary)).toEqual([
      [evt.E1, "final", [1], 1, "final", 1, 1],
      [evt.E2, "final", [2], 2, "final", 3, 3],
      [evt.E3, "final", [3], 3, "final", 3, 3],
      [evt.E4, "final", [11], 11, "prelim", null, 11],
    ]);
    const e1 = res.body.events[0] as HistoryEvent;
    expect(e1.sessions[0]).toMatchObject({ games: 1, wins: 1, vp: 10, vpPctExact: "10/23" });
    expect(e1.qualification).toMatchObject({ qualified: true });
    expect((res.body.events[3] as HistoryEvent).qualification?.qualified).toBe(false);
  });

  it("gives each final event's series points, best two of the season counted (E4 is after the season)", async () => {
    const res = await fedApi.get(`/v1/players/${P[0]}/history`);
    const points = (res.body.events as HistoryEvent[]).map((e) => e.series.map((s) => [s.points, s.counted]));
    // E1 1st → 100, E2 3rd → 60, E3 3rd → 60: equal to E2's, so the earlier event counts.
    expect(points).toEqual([[[100, true]], [[60, true]], [[60, false]], []]);
    expect(res.body.series).toEqual([
      {
        seriesId,
        orgId: f.fed.orgId,
        name: "Circuit 2026",
        points: 160,
        eventsCounted: 2,
        eventsDropped: 1,
        bestPosition: 1,
      },
    ]);
    // The same totals as the series standings themselves.
    const standings = await fedApi.get(`/v1/series/${seriesId}/standings`);
    const row = standings.body.rows.find((r: { player: { id: string } }) => r.player.id === P[0]);
    expect(row).toMatchObject({ points: 160, eventsCounted: 2, eventsDropped: 1 });
  });

  it("shows an anonymous reader the public events only, without membership numbers", async () => {
    const res = await anon.get(`/v1/players/${P[0]}/history`);
    expect(res.status).toBe(200);
    expect(res.body.player.externalId).toBeNull();
    expect(res.body.events.map((e: HistoryEvent) => e.event.id)).toEqual([evt.E1, evt.E2, evt.E4]);
    expect(JSON.stringify(res.body)).not.toContain(evt.E3);
    expect(res.body.series[0]).toMatchObject({ points: 160, eventsCounted: 2, eventsDropped: 0 });
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const member = await fedApi.get(`/v1/players/${P[0]}/history`);
    expect(member.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("answers 404 to outsiders for a player without a visible event, 200 with no events to members", async () => {
    const [lonely] = await f.seedA.players(["Lonely"]);
    expect((await anon.get(`/v1/players/${lonely}/history`)).status).toBe(404);
    const otherTree = jsonRequest(app, (await createOrgClient(app, db, { name: "Elsewhere" })).auth);
    expect((await otherTree.get(`/v1/players/${lonely}/history`)).status).toBe(404);
    const member = await jsonRequest(app, f.storeA.auth).get(`/v1/players/${lonely}/history`);
    expect(member.status).toBe(200);
    expect(member.body).toMatchObject({ events: [], series: [] });
    expect((await anon.get("/v1/players/ply_00000000000000000000000000/history")).status).toBe(404);
  });
});

describe("ETag and round trips", () => {
  it("answers 304 to the current ETag; a new final result elsewhere in the player's events changes it", async () => {
    const first = await anon.get(`/v1/players/${P[1]}/history`);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"history:ply_[0-9A-Z]+:[0-9a-f]{8}"$/);
    expect((await anon.get(`/v1/players/${P[1]}/history`, { "if-none-match": etag })).status).toBe(304);
    const renamed = await fedApi.patch(`/v1/players/${P[1]}`, { name: "P2 renamed" });
    expect(renamed.status).toBe(200);
    const after = await anon.get(`/v1/players/${P[1]}/history`, { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(after.body.player.name).toBe("P2 renamed");
  });

  it("costs the same round trips for a player of one event as for one of four", async () => {
    const [once] = await f.seedA.players(["Once"]);
    const single = await createEvent(app, f.storeA, { name: "Single", startsOn: "2026-06-01" });
    const others = P.slice(1, 12);
    await playEvent(f.seedA, single, [once!, ...others], [once!, ...others.slice(0, 3)]);
    const measure = async (id: string) => {
      const before = calls();
      const res = await anon.get(`/v1/players/${id}/history`);
      expect(res.status).toBe(200);
      return calls() - before;
    };
    const n1 = await measure(once!);
    const n5 = await measure(P[11]!);
    expect(n5).toBe(n1);
    // The player, one batch (events, registrations, series, tags), one wave of rankings.
    expect(n1).toBe(3);
  });
});
