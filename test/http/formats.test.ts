/**
 * `?format=` is never ignored: the series standings and the ratings have their CSV (`….csv`),
 * and a read that has no such representation answers 406 naming it, never a silent JSON. The
 * bulk export's file has a name.
 */
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../src/http/app";
import { createFederation, type Federation, playSeason, type SeasonEvents } from "../helpers/federation";
import { createTestApp } from "../helpers/test-app";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

let app: App;
let f: Federation;
let fedApi: JsonClient;
let evt: SeasonEvents;
let seriesId: string;

beforeAll(async () => {
  const made = await createTestApp({ time: { clock: () => new Date("2026-12-05T10:00:00Z") } });
  app = made.app;
  f = await createFederation(app, made.db);
  fedApi = jsonRequest(app, f.fed.auth);
  evt = await playSeason(app, f);
  const series = await fedApi.post(`/v1/orgs/${f.fed.orgId}/series`, {
    name: "Circuit 2026",
    selection: { kind: "events", eventIds: [evt.E1, evt.E2] },
  });
  expect(series.status, series.text).toBe(201);
  seriesId = series.body.id;
});

const csvRows = async (res: Response, delimiter = ",") =>
  parse((await res.text()).replace(/^\uFEFF/, ""), { delimiter }) as string[][];

describe("series standings and ratings as CSV", () => {
  it("GET /v1/series/{id}/standings.csv: the JSON's rows, in order, with a file name", async () => {
    const json = (await fedApi.get(`/v1/series/${seriesId}/standings`)).body;
    const res = await app.request(`/v1/series/${seriesId}/standings.csv`, { headers: f.fed.auth });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain(
      'filename="circuit-2026-series-standings-2026-12-05.csv"',
    );
    const [header, ...rows] = await csvRows(res);
    expect(header!.slice(0, 4)).toEqual(["rank", "player_id", "player", "points"]);
    expect(rows.map((r) => [Number(r[0]), r[1], Number(r[3])])).toEqual(
      json.rows.map((r: { rank: number; player: { id: string }; points: number }) => [
        r.rank,
        r.player.id,
        r.points,
      ]),
    );
    const again = await app.request(`/v1/series/${seriesId}/standings.csv`, {
      headers: { ...f.fed.auth, "if-none-match": res.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
  });

  it("GET /v1/orgs/{id}/ratings.csv: the JSON's rows, minGames and French included", async () => {
    const json = (await fedApi.get(`/v1/orgs/${f.fed.orgId}/ratings?minGames=1`)).body;
    expect(json.rows.length).toBeGreaterThan(0);
    const res = await app.request(`/v1/orgs/${f.fed.orgId}/ratings.csv?minGames=1`, { headers: f.fed.auth });
    expect(res.status).toBe(200);
    const [header, ...rows] = await csvRows(res);
    expect(header).toEqual([
      "rank",
      "player_id",
      "player",
      "ordinal",
      "mu",
      "sigma",
      "games",
      "last_played_event_id",
    ]);
    expect(rows.map((r) => [r[1], Number(r[3])])).toEqual(
      json.rows.map((r: { player: { id: string }; ordinal: number }) => [r.player.id, r.ordinal]),
    );
    const fr = await app.request(`/v1/orgs/${f.fed.orgId}/ratings.csv?minGames=1&lang=fr`, {
      headers: f.fed.auth,
    });
    const [frHeader, frFirst] = await csvRows(fr, ";");
    expect(frHeader![0]).toBe("Rang");
    expect(frFirst![3]).toBe(String(json.rows[0].ordinal).replace(".", ","));
  });
});

describe("?format= that a read does not offer: 406, never silent JSON", () => {
  it.each([
    ["series standings", () => `/v1/series/${seriesId}/standings`, true],
    ["ratings", () => `/v1/orgs/${f.fed.orgId}/ratings`, true],
    ["a player's rating", () => `/v1/players/${f.players[0]}/rating`, false],
    ["an event", () => `/v1/events/${evt.E1}`, false],
    ["the bulk export", () => `/v1/orgs/${f.fed.orgId}/export`, false],
  ])("%s", async (_name, path, hasCsv) => {
    for (const method of ["GET", "HEAD"]) {
      const res = await app.request(`${path()}?format=csv`, { method, headers: f.fed.auth });
      expect(res.status, `${method} ${path()}`).toBe(406);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      if (method === "HEAD") continue;
      const problem = await res.json();
      expect(problem.code).toBe("format_not_offered");
      expect(problem.errors).toEqual([{ path: "format", message: expect.any(String) }]);
      if (hasCsv) expect(problem.detail).toContain(`GET ${path()}.csv`);
      else expect(problem.detail).not.toContain(".csv");
    }
    const json = await app.request(`${path()}?format=json`, { headers: f.fed.auth });
    expect(json.status).toBe(200);
  });

  it("an unknown path stays a 404, whatever its format", async () => {
    expect((await app.request("/v1/nowhere?format=csv")).status).toBe(404);
  });
});

describe("the bulk export's file", () => {
  it("is named after the organisation, what it holds and the day", async () => {
    const full = await app.request(`/v1/orgs/${f.fed.orgId}/export`, { headers: f.fed.auth });
    expect(full.headers.get("content-disposition")).toBe(
      `attachment; filename="${f.fed.orgId}-export-2026-12-05.ndjson"`,
    );
    const lines = (await full.text()).trim().split("\n");
    const next = JSON.parse(lines.at(-1)!).next as string;
    const changes = await app.request(`/v1/orgs/${f.fed.orgId}/export?since=${next}`, {
      headers: f.fed.auth,
    });
    expect(changes.status).toBe(200);
    expect(changes.headers.get("content-disposition")).toBe(
      `attachment; filename="${f.fed.orgId}-changes-2026-12-05.ndjson"`,
    );
    await changes.text();
  });
});
