/**
 * HEAD is GET without the body: a poller that asks HEAD to learn whether anything changed must
 * see the same `ETag` and `Cache-Control` as the GET, and a 304 for the tag it holds.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../src/http/app";
import { createOrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { range, tournament } from "../helpers/tournament";
import { jsonRequest } from "../helpers/workflow";

let app: App;
let auth: Record<string, string>;
const paths: Record<string, string> = {};

beforeAll(async () => {
  const made = await createTestApp();
  app = made.app;
  const store = await createOrgClient(app, made.db, { name: "Head store" });
  auth = store.auth;
  const api = jsonRequest(app, auth);
  const t = await tournament(api, store.orgId, 8, "Head event");
  const session = await t.session("Saturday", "2026-12-05", range(1, 8));
  const [game1] = await t.playPrelims(session, range(1, 8));
  const series = await api.post(`/v1/orgs/${store.orgId}/series`, {
    name: "Head circuit",
    selection: { kind: "events", eventIds: [t.eventId] },
  });
  expect(series.status, series.text).toBe(201);
  Object.assign(paths, {
    qualification: `/v1/events/${t.eventId}/qualification`,
    "event standings": `/v1/events/${t.eventId}/standings`,
    "session standings": `/v1/sessions/${session}/standings`,
    "qualification as CSV": `/v1/events/${t.eventId}/qualification?format=csv`,
    table: `/v1/tables/${game1.tables[0].id}`,
    event: `/v1/events/${t.eventId}`,
    organisation: `/v1/orgs/${store.orgId}`,
    players: `/v1/orgs/${store.orgId}/players?limit=2`,
    "series standings": `/v1/series/${series.body.id}/standings`,
    ratings: `/v1/orgs/${store.orgId}/ratings`,
    "player rating": `/v1/players/${t.P[1]}/rating`,
  });
});

const CACHE_HEADERS = ["etag", "cache-control", "vary"] as const;

describe("HEAD answers carry the GET's ETag and Cache-Control", () => {
  it.each([
    "qualification",
    "event standings",
    "session standings",
    "qualification as CSV",
    "table",
    "event",
    "organisation",
    "players",
    "series standings",
    "ratings",
    "player rating",
  ])("%s, with a token and without", async (name) => {
    for (const headers of [auth, {}]) {
      const get = await app.request(paths[name]!, { headers });
      // Reads that need a token answer 401 to both methods alike; the rest 200.
      if (headers === auth) expect(get.status, name).toBe(200);
      const head = await app.request(paths[name]!, { method: "HEAD", headers });
      expect(head.status, `${name} ${JSON.stringify(headers)}`).toBe(get.status);
      expect(await head.text()).toBe("");
      if (get.status !== 200) continue;
      for (const header of CACHE_HEADERS) {
        expect(head.headers.get(header), `${name}: ${header}`).toBe(get.headers.get(header));
      }
      expect(get.headers.get("etag")).toBeTruthy();
      expect(head.headers.get("content-type")).toBe(get.headers.get("content-type"));

      const poll = await app.request(paths[name]!, {
        method: "HEAD",
        headers: { ...headers, "if-none-match": get.headers.get("etag")! },
      });
      expect(poll.status, `${name}: HEAD with the current tag`).toBe(304);
      expect(poll.headers.get("etag")).toBe(get.headers.get("etag"));
      expect(poll.headers.get("cache-control")).toBe(get.headers.get("cache-control"));
    }
  });
});
