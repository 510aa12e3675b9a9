import { readFileSync } from "node:fs";
import { ordinal, rate, rating } from "openskill";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import type { App } from "../../src/http/app";
import { createOrgClient } from "../helpers/auth";
import { createEvent, createFederation, type Federation, playEvent } from "../helpers/federation";
import { seeder } from "../helpers/seed-results";
import { createTestApp } from "../helpers/test-app";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

const OPTIONS = { mu: 25, sigma: 25 / 3, beta: 25 / 6, tau: 25 / 300, z: 3 };

let app: App;
let db: Database;
let f: Federation;
let P: string[];
let anon: JsonClient;
let fedApi: JsonClient;
const orders: Record<string, { order: string[]; final: string[] }> = {};
const evt: Record<string, string> = {};

beforeAll(async () => {
  ({ app, db } = await createTestApp());
  f = await createFederation(app, db);
  P = f.players;
  anon = jsonRequest(app, {});
  fedApi = jsonRequest(app, f.fed.auth);
  const p = (...n: number[]) => n.map((i) => P[i - 1]!);
  const plan = [
    ["E1", f.storeA, "2026-03-01", "public", p(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), p(1, 2, 3, 4)],
    ["E2", f.storeB, "2026-04-01", "public", p(2, 1, 5, 3, 4, 6, 7, 8, 9, 10, 11, 12), p(2, 5, 1, 3)],
    ["E3", f.storeB, "2026-05-01", "private", p(5, 6, 1, 2, 3, 4, 7, 8, 9, 10, 11, 12), p(5, 6, 1, 2)],
    ["E4", f.storeA, "2026-06-01", "public", p(12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1), p(12, 11, 10, 9)],
  ] as const;
  for (const [name, store, startsOn, visibility, order, final] of plan) {
    evt[name] = await createEvent(app, store, { name, startsOn, visibility });
    await playEvent(store === f.storeA ? f.seedA : f.seedB, evt[name]!, order, final);
    orders[name] = { order: [...order], final: [...final] };
  }
});

/** The games playEvent seats, in seat order, each seated best first: placements 1, 2, 3, 4. */
function gamesOf(name: string): string[][] {
  const { order: o, final } = orders[name]!;
  return [[o[2]!, o[3]!, o[6]!, o[9]!], [o[1]!, o[4]!, o[7]!, o[10]!], [o[0]!, o[5]!, o[8]!, o[11]!], final];
}

/** openskill called directly on the same games, in the same order. */
function direct(eventNames: string[]) {
  const state = new Map<string, { mu: number; sigma: number }>();
  let games = 0;
  const counts = new Map<string, number>();
  for (const name of eventNames) {
    for (const table of gamesOf(name)) {
      const before = table.map((id) => state.get(id) ?? rating(OPTIONS));
      const after = rate(
        before.map((r) => [r]),
        { ...OPTIONS, rank: [1, 2, 3, 4] },
      );
      table.forEach((id, i) => {
        state.set(id, after[i]![0]!);
        counts.set(id, (counts.get(id) ?? 0) + 1);
      });
      games++;
    }
  }
  return { state, games, counts };
}

describe("GET /v1/orgs/{orgId}/ratings", () => {
  it("equals openskill called directly on the same games (federation view: all four events)", async () => {
    const res = await fedApi.get(`/v1/orgs/${f.fed.orgId}/ratings`);
    expect(res.status).toBe(200);
    expect(res.body.view).toBe("all");
    const { state, games, counts } = direct(["E1", "E2", "E3", "E4"]);
    expect(res.body.gamesRated).toBe(games);
    expect(res.body.rows).toHaveLength(12);
    for (const row of res.body.rows) {
      const expected = state.get(row.player.id)!;
      expect(row.mu).toBe(expected.mu);
      expect(row.sigma).toBe(expected.sigma);
      expect(row.ordinal).toBe(ordinal(expected, OPTIONS));
      expect(row.games).toBe(counts.get(row.player.id));
    }
    const ordinals = res.body.rows.map((r: { ordinal: number }) => r.ordinal);
    expect(ordinals).toEqual([...ordinals].sort((a, b) => b - a));
    expect(res.body.rows.map((r: { rank: number }) => r.rank)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    const p1 = res.body.rows.find((r: { player: { id: string } }) => r.player.id === P[0]);
    expect(p1.lastPlayed).toEqual({ eventId: evt.E4, eventName: "E4", date: "2026-06-01" });
  });

  it("leaves the private event out for anonymous readers and member stores", async () => {
    const { state, games } = direct(["E1", "E2", "E4"]);
    for (const api of [anon, jsonRequest(app, f.storeA.auth)]) {
      const res = await api.get(`/v1/orgs/${f.fed.orgId}/ratings`);
      expect(res.status).toBe(200);
      expect(res.body.view).toBe("public");
      expect(res.body.gamesRated).toBe(games);
      for (const row of res.body.rows) expect(row.mu).toBe(state.get(row.player.id)!.mu);
      expect(JSON.stringify(res.body)).not.toContain(evt.E3);
    }
  });

  it("states the library, its installed version and the parameters", async () => {
    const installed = JSON.parse(readFileSync("node_modules/openskill/package.json", "utf8")).version;
    const res = await anon.get(`/v1/orgs/${f.fed.orgId}/ratings`);
    expect(res.body.parameters).toMatchObject({
      library: "openskill",
      version: installed,
      model: "plackett-luce",
      ...OPTIONS,
      ordinal: "mu - z * sigma",
    });
  });

  it("is deterministic: another app instance over the same rows gives the same body", async () => {
    const first = await fedApi.get(`/v1/orgs/${f.fed.orgId}/ratings`);
    const other = await createTestApp({ storage: { db } });
    const second = await jsonRequest(other.app, f.fed.auth).get(`/v1/orgs/${f.fed.orgId}/ratings`);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
  });

  it("filters by minGames, answers 304 to its ETag, and re-rates after a new result", async () => {
    const all = await fedApi.get(`/v1/orgs/${f.fed.orgId}/ratings`);
    const min = await fedApi.get(`/v1/orgs/${f.fed.orgId}/ratings?minGames=6`);
    expect(min.body.minGames).toBe(6);
    expect(min.body.rows.length).toBeGreaterThan(0);
    expect(min.body.rows.length).toBeLessThan(all.body.rows.length);
    expect(min.body.rows.every((r: { games: number }) => r.games >= 6)).toBe(true);
    const etag = all.headers.get("etag")!;
    expect((await fedApi.get(`/v1/orgs/${f.fed.orgId}/ratings`, { "if-none-match": etag })).status).toBe(304);
    expect((await fedApi.get(`/v1/orgs/${f.fed.orgId}/ratings?minGames=-1`)).status).toBe(422);
    expect((await anon.get("/v1/orgs/org_missing/ratings")).status).toBe(404);
  });
});

describe("monotonic sanity", () => {
  it("ranks a player who wins every game above one who loses every game", async () => {
    const club = await createOrgClient(app, db, { name: "Club" });
    const s = seeder(db, club.orgId);
    const event = await s.event();
    const [w, x, y, l] = await s.players(["Winner", "X", "Y", "Loser"]);
    const ses = await s.session(event.id, [w!, x!, y!, l!]);
    for (let n = 1; n <= 3; n++) {
      // Seats rotate; the winner always wins and the loser is always last.
      const seatsOf = [
        [x!, w!, l!, y!],
        [l!, y!, w!, x!],
        [y!, l!, x!, w!],
      ][n - 1]!;
      const vp = seatsOf.map((id) => (id === w ? 10 : id === l ? 2 : id === x ? 8 : 6));
      await s.round(event.id, { sessionId: ses, number: n, tables: [{ players: seatsOf, vp, winner: w }] });
    }
    const res = await anon.get(`/v1/orgs/${club.orgId}/ratings`);
    const ids = res.body.rows.map((r: { player: { id: string } }) => r.player.id);
    expect(ids[0]).toBe(w);
    expect(ids.at(-1)).toBe(l);
    expect(res.body.rows[0].ordinal).toBeGreaterThan(res.body.rows.at(-1).ordinal);
    expect(res.body.rows[0].mu).toBeGreaterThan(25);
    expect(res.body.rows.at(-1).mu).toBeLessThan(25);
  });
});

describe("GET /v1/players/{id}/rating", () => {
  it("gives the rating after each event, private events only to members", async () => {
    const full = await fedApi.get(`/v1/players/${P[0]}/rating`);
    expect(full.status).toBe(200);
    expect(full.body.history.map((h: { eventId: string; games: number }) => [h.eventId, h.games])).toEqual([
      [evt.E1, 2],
      [evt.E2, 2],
      [evt.E3, 2],
      [evt.E4, 1],
    ]);
    const { state } = direct(["E1", "E2", "E3", "E4"]);
    expect(full.body.rating.mu).toBe(state.get(P[0]!)!.mu);
    expect(full.body.history.at(-1).mu).toBe(full.body.rating.mu);
    const pub = await anon.get(`/v1/players/${P[0]}/rating`);
    expect(pub.status).toBe(200);
    expect(pub.body.history.map((h: { eventId: string }) => h.eventId)).toEqual([evt.E1, evt.E2, evt.E4]);
    const etag = pub.headers.get("etag")!;
    expect((await anon.get(`/v1/players/${P[0]}/rating`, { "if-none-match": etag })).status).toBe(304);
  });

  it("hides players without a visible game from outsiders", async () => {
    const [ghost] = await seeder(db, f.storeA.orgId).players(["Never played"]);
    expect((await anon.get(`/v1/players/${ghost}/rating`)).status).toBe(404);
    const member = await jsonRequest(app, f.storeA.auth).get(`/v1/players/${ghost}/rating`);
    expect(member.status).toBe(200);
    expect(member.body.rating).toBeNull();
    expect(member.body.history).toEqual([]);
  });
});

describe("GraphQL", () => {
  it("serves ratings and series standings as fields, equal to REST", async () => {
    const series = await fedApi.post(`/v1/orgs/${f.fed.orgId}/series`, {
      name: "GraphQL circuit",
      selection: { kind: "events", eventIds: [evt.E1, evt.E2] },
      policy: { bestOf: 1 },
    });
    const query = `{
      ratings(orgId: "${f.fed.orgId}", minGames: 2) { view libraryVersion model gamesRated rows { rank player { id } mu sigma ordinal games } }
      seriesStandings(id: "${series.body.id}") { view rows { rank player { id } points eventsCounted eventsDropped decidedBy qualified } }
    }`;
    const res = await anon.post("/graphql", { query });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    const rest = await anon.get(`/v1/orgs/${f.fed.orgId}/ratings?minGames=2`);
    expect(res.body.data.ratings.libraryVersion).toBe(rest.body.parameters.version);
    expect(res.body.data.ratings.rows).toEqual(
      rest.body.rows.map((r: Record<string, unknown>) => ({
        rank: r.rank,
        player: { id: (r.player as { id: string }).id },
        mu: r.mu,
        sigma: r.sigma,
        ordinal: r.ordinal,
        games: r.games,
      })),
    );
    const standings = await anon.get(`/v1/series/${series.body.id}/standings`);
    expect(res.body.data.seriesStandings.rows.map((r: { points: number }) => r.points)).toEqual(
      standings.body.rows.map((r: { points: number }) => r.points),
    );
    expect(res.body.data.seriesStandings.rows[0]).toMatchObject({ eventsCounted: 1, eventsDropped: 1 });
  });
});
