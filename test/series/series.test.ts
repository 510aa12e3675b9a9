import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../src/http/app";
import {
  createEvent,
  createFederation,
  type Federation,
  playSeason,
  type SeasonEvents,
} from "../helpers/federation";
import { createCountingTestDatabase, createTestApp } from "../helpers/test-app";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

const lot = (seed: string, id: string) =>
  createHash("sha256").update(`${seed}:${id}`).digest("hex").slice(0, 16);

let app: App;
let calls: () => number;
let f: Federation;
let P: string[];
let anon: JsonClient;
let fedApi: JsonClient;
let evt: SeasonEvents;

/** The policy of the hand-computed test: bands give 20 to ranks 5–8 and 10 to ranks 9–12. */
const POLICY = {
  positionPoints: [100, 75, 60, 50],
  semifinalistPoints: 30,
  qualificationBands: [
    { from: 5, to: 8, points: 20 },
    { from: 9, to: 12, points: 10 },
  ],
  participationPoints: 5,
  bestOf: 2,
  tiebreaks: ["eventWins", "bestPosition", "lots"],
  cut: { top: 3, label: "National final" },
};

beforeAll(async () => {
  const counting = await createCountingTestDatabase();
  calls = counting.calls;
  ({ app } = await createTestApp({ storage: { db: counting.db } }));
  f = await createFederation(app, counting.db);
  P = f.players;
  anon = jsonRequest(app, {});
  fedApi = jsonRequest(app, f.fed.auth);
  evt = await playSeason(app, f);
});

async function createSeason(policy: object = POLICY) {
  const res = await fedApi.post(`/v1/orgs/${f.fed.orgId}/series`, {
    name: "Circuit 2026",
    selection: { kind: "tag", tag: "national-2026", from: "2026-01-01", to: "2026-12-31" },
    policy,
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe("series standings (best 2 of 3, cut top 3), against hand-computed points", () => {
  it("ranks the federation's view over E1, E2 and the private E3", async () => {
    const series = await createSeason();
    const res = await fedApi.get(`/v1/series/${series.id}/standings`);
    expect(res.status).toBe(200);
    expect(res.body.view).toBe("all");
    expect(res.body.events.map((e: { id: string; status: string }) => [e.id, e.status])).toEqual([
      [evt.E1, "counted"],
      [evt.E2, "counted"],
      [evt.E3, "counted"],
    ]);
    // Points per event (E1, E2, E3), best two counted:
    //   P1 100 60 60 → 160 · P2 75 100 50 → 175 · P3 60 50 20 → 110 · P4 50 20 20 → 70
    //   P5 20 75 100 → 175 · P6 20 20 75 → 95 · P7, P8 20×3 → 40 · P9–P12 10×3 → 20
    // P2 and P5 tie on points, wins (1) and best position (1): lots from the series' seed.
    const [first, second] = lot(series.lotSeed, P[1]!) < lot(series.lotSeed, P[4]!) ? [2, 5] : [5, 2];
    const expected: [number, number, string | null][] = [
      [first, 175, "lots"],
      [second, 175, "points"],
      [1, 160, "points"],
      [3, 110, "points"],
      [6, 95, "points"],
      [4, 70, "points"],
      [7, 40, "bestPosition"],
      [8, 40, "points"],
      [9, 20, "bestPosition"],
      [10, 20, "bestPosition"],
      [12, 20, "bestPosition"],
      [11, 20, null],
    ];
    expect(
      res.body.rows.map((r: { player: { id: string }; points: number; decidedBy: string | null }) => [
        r.player.id,
        r.points,
        r.decidedBy,
      ]),
    ).toEqual(expected.map(([n, pts, by]) => [P[n - 1], pts, by]));
    expect(res.body.rows.map((r: { rank: number }) => r.rank)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    expect(res.body.rows.map((r: { qualified: boolean }) => r.qualified)).toEqual([
      true,
      true,
      true,
      ...Array(9).fill(false),
    ]);
    const p1 = res.body.rows.find((r: { player: { id: string } }) => r.player.id === P[0]);
    expect(p1).toMatchObject({ eventsCounted: 2, eventsDropped: 1, eventWins: 1, bestPosition: 1 });
    expect(p1.contributions).toEqual([
      { eventId: evt.E1, position: 1, phase: "final", qualificationRank: 1, points: 100, counted: true },
      { eventId: evt.E2, position: 3, phase: "final", qualificationRank: 2, points: 60, counted: true },
      // Equal to E2's 60: the earlier event counts.
      { eventId: evt.E3, position: 3, phase: "final", qualificationRank: 3, points: 60, counted: false },
    ]);
    expect(res.body.rows[0].lot).toBe(lot(series.lotSeed, res.body.rows[0].player.id));
  });

  it("ranks the public view (anonymous, or a member store) over E1 and E2 only", async () => {
    const series = await createSeason();
    for (const api of [anon, jsonRequest(app, f.storeA.auth)]) {
      const res = await api.get(`/v1/series/${series.id}/standings`);
      expect(res.status).toBe(200);
      expect(res.body.view).toBe("public");
      expect(res.body.events.map((e: { id: string }) => e.id)).toEqual([evt.E1, evt.E2]);
      // P1 100+60 · P2 75+100 · P3 60+50 · P4 50+20 · P5 20+75 · P6–P8 20+20 · P9–P12 10+10
      const expected: [number, number, string | null][] = [
        [2, 175, "points"],
        [1, 160, "points"],
        [3, 110, "points"],
        [5, 95, "points"],
        [4, 70, "points"],
        [6, 40, "bestPosition"],
        [7, 40, "bestPosition"],
        [8, 40, "points"],
        [9, 20, "bestPosition"],
        [10, 20, "bestPosition"],
        [12, 20, "bestPosition"],
        [11, 20, null],
      ];
      expect(
        res.body.rows.map((r: { player: { id: string }; points: number; decidedBy: string | null }) => [
          r.player.id,
          r.points,
          r.decidedBy,
        ]),
      ).toEqual(expected.map(([n, pts, by]) => [P[n - 1], pts, by]));
      expect(JSON.stringify(res.body)).not.toContain(evt.E3);
      // Only public events in this body: shared caches may keep it.
      expect(res.headers.get("cache-control")).toBe("no-cache");
    }
  });

  it("uses the documented default policy when none is given", async () => {
    const res = await fedApi.post(`/v1/orgs/${f.fed.orgId}/series`, {
      name: "Default",
      selection: { kind: "events", eventIds: [evt.E1] },
    });
    expect(res.status).toBe(201);
    expect(res.body.policy).toEqual({
      positionPoints: [100, 75, 60, 50],
      semifinalistPoints: 30,
      qualificationBands: [
        { from: 1, to: 16, points: 20 },
        { from: 17, to: 32, points: 10 },
      ],
      participationPoints: 5,
      bestOf: null,
      tiebreaks: ["eventWins", "bestPosition", "lots"],
      cut: null,
    });
    const standings = await anon.get(`/v1/series/${res.body.id}/standings`);
    // Finalists by position; everyone else is in the 1–16 band.
    expect(standings.body.rows.map((r: { points: number }) => r.points)).toEqual([
      100, 75, 60, 50, 20, 20, 20, 20, 20, 20, 20, 20,
    ]);
    expect(standings.body.rows.every((r: { qualified: null }) => r.qualified === null)).toBe(true);
  });

  it("changes with PATCH (policy merged, version bumped, new ETag)", async () => {
    const series = await createSeason();
    const before = await fedApi.get(`/v1/series/${series.id}/standings`);
    const patched = await fedApi.patch(`/v1/orgs/${f.fed.orgId}/series/${series.id}`, {
      policy: { bestOf: 3 },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.version).toBe(2);
    expect(patched.body.policy.cut).toEqual({ top: 3, label: "National final" });
    const after = await fedApi.get(`/v1/series/${series.id}/standings`, {
      "if-none-match": before.headers.get("etag")!,
    });
    expect(after.status).toBe(200);
    // Best 3 of 3: P1 100 + 60 + 60.
    expect(after.body.rows.find((r: { player: { id: string } }) => r.player.id === P[0]).points).toBe(220);
    const got = await fedApi.get(`/v1/orgs/${f.fed.orgId}/series/${series.id}`);
    expect(got.body.policy.bestOf).toBe(3);
    const list = await anon.get(`/v1/orgs/${f.fed.orgId}/series`);
    expect(list.body.data.map((s: { id: string }) => s.id)).toContain(series.id);
  });
});

describe("ETag, 304 and round trips", () => {
  it("answers 304 to the current ETag, and a new result changes the tag", async () => {
    const series = await createSeason();
    const first = await anon.get(`/v1/series/${series.id}/standings`);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"series:ser_[0-9A-Z]+:1:public:[0-9a-f]{8}"$/);
    const again = await anon.get(`/v1/series/${series.id}/standings`, { "if-none-match": etag });
    expect(again.status).toBe(304);
    const other = await createEvent(app, f.storeA, {
      name: "E5",
      startsOn: "2026-09-01",
      tags: ["national-2026"],
    });
    const changed = await anon.get(`/v1/series/${series.id}/standings`, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.body.events.at(-1)).toMatchObject({ id: other, status: "in-progress" });
  });

  it("costs the same round trips for one event as for three (scope, fingerprint, one batch)", async () => {
    const one = await fedApi.post(`/v1/orgs/${f.fed.orgId}/series`, {
      name: "One",
      selection: { kind: "events", eventIds: [evt.E1] },
    });
    const three = await createSeason();
    const measure = async (id: string) => {
      const before = calls();
      const res = await fedApi.get(`/v1/series/${id}/standings`);
      expect(res.status).toBe(200);
      return calls() - before;
    };
    const n1 = await measure(one.body.id);
    const n3 = await measure(three.id);
    expect(n3).toBe(n1);
    // Token check (1) + series scope (1) + events and fingerprint (1) + all standings (1).
    expect(n3).toBeLessThanOrEqual(4);
    const before = calls();
    await fedApi.get(`/v1/series/${three.id}/standings`);
    // Served from the response cache: no standings batch.
    expect(calls() - before).toBe(n3 - 1);
  });
});

describe("membership: a store's event joins the federation's series", () => {
  it("a store tags its own event; the federation cannot tag it, but may list it", async () => {
    const id = await createEvent(app, f.storeB, { name: "Store B open", startsOn: "2026-10-01" });
    const byFed = await fedApi.put(`/v1/events/${id}/tags`, { tags: ["national-2026"] });
    expect(byFed.status).toBe(403);
    expect(byFed.body.code).toBe("read_only_ancestor");
    const byStore = await jsonRequest(app, f.storeB.auth).put(`/v1/events/${id}/tags`, {
      tags: ["national-2026", "open"],
    });
    expect(byStore.status).toBe(200);
    expect(byStore.body.tags).toEqual(["national-2026", "open"]);
    expect((await anon.get(`/v1/events/${id}/tags`)).body.tags).toEqual(["national-2026", "open"]);
    const series = await createSeason();
    const standings = await fedApi.get(`/v1/series/${series.id}/standings`);
    expect(standings.body.events.map((e: { id: string }) => e.id)).toContain(id);
    const listed = await fedApi.post(`/v1/orgs/${f.fed.orgId}/series`, {
      name: "Listed",
      selection: { kind: "events", eventIds: [id, evt.E3] },
    });
    expect(listed.status).toBe(201);
  });
});

describe("a series definition shows each caller only the events it may read", () => {
  it("lists a sibling's private event to the federation and its store, not to the other store or anyone", async () => {
    const res = await fedApi.post(`/v1/orgs/${f.fed.orgId}/series`, {
      name: "Hand-picked",
      selection: { kind: "events", eventIds: [evt.E1, evt.E3, evt.E2] },
    });
    expect(res.status).toBe(201);
    expect(res.body.selection.eventIds).toEqual([evt.E1, evt.E3, evt.E2]);
    const path = `/v1/orgs/${f.fed.orgId}/series/${res.body.id}`;
    const seen = async (api: JsonClient) => {
      const one = await api.get(path);
      expect(one.status).toBe(200);
      const list = await api.get(`/v1/orgs/${f.fed.orgId}/series?limit=500`);
      const listed = list.body.data.find((s: { id: string }) => s.id === res.body.id);
      expect(listed.selection).toEqual(one.body.selection);
      return one.body.selection.eventIds;
    };
    expect(await seen(fedApi)).toEqual([evt.E1, evt.E3, evt.E2]);
    // E3 is store B's private event: store B reads it, its sibling store A and strangers do not.
    expect(await seen(jsonRequest(app, f.storeB.auth))).toEqual([evt.E1, evt.E3, evt.E2]);
    expect(await seen(jsonRequest(app, f.storeA.auth))).toEqual([evt.E1, evt.E2]);
    expect(await seen(anon)).toEqual([evt.E1, evt.E2]);
  });
});

describe("errors and authorisation", () => {
  it("refuses events outside the tree, bad policies and writes by others", async () => {
    const outsider = await createEvent(app, f.fed, { name: "fed event", startsOn: "2026-02-01" });
    const storeSeries = await jsonRequest(app, f.storeA.auth).post(`/v1/orgs/${f.storeA.orgId}/series`, {
      name: "Store A only",
      selection: { kind: "events", eventIds: [evt.E1, outsider] },
    });
    expect(storeSeries.status).toBe(422);
    expect(storeSeries.body.code).toBe("series_event_outside_tree");
    expect(storeSeries.body.errors).toEqual([
      { path: "selection.eventIds.1", message: `no event '${outsider}' in this organisation's tree` },
    ]);
    const badTiebreak = await fedApi.post(`/v1/orgs/${f.fed.orgId}/series`, {
      name: "Bad",
      selection: { kind: "tag", tag: "national-2026" },
      policy: { tiebreaks: ["lots", "eventWins"] },
    });
    expect(badTiebreak.status).toBe(422);
    expect(JSON.stringify(badTiebreak.body.errors)).toContain("the last tiebreak must be 'lots'");
    const badRange = await fedApi.post(`/v1/orgs/${f.fed.orgId}/series`, {
      name: "Bad",
      selection: { kind: "tag", tag: "x", from: "2026-05-01", to: "2026-01-01" },
    });
    expect(badRange.status).toBe(422);
    expect(badRange.body.errors[0].path).toContain("to");
    expect(
      (await anon.post(`/v1/orgs/${f.fed.orgId}/series`, { name: "x", selection: { kind: "tag", tag: "x" } }))
        .status,
    ).toBe(401);
    const byStore = await jsonRequest(app, f.storeA.auth).post(`/v1/orgs/${f.fed.orgId}/series`, {
      name: "x",
      selection: { kind: "tag", tag: "x" },
    });
    expect(byStore.status).toBe(404);
    expect((await anon.get("/v1/series/ser_missing/standings")).status).toBe(404);
  });
});
