import { beforeAll, describe, expect, it } from "vitest";
import { generateOpenApiDocument } from "../../src/http/openapi/generate";
import { createOrgClient, type OrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

// docs/rules.md#sessions-in-time: a session starts at a local time in its own IANA zone (the
// stores of one championship may be in several countries); pages show it in that zone.

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let chain: OrgClient;
let store: OrgClient;
let api: JsonClient;
let eventId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  chain = await createOrgClient(ctx.app, ctx.db, { name: "Chain", kind: "chain" });
  store = await createOrgClient(ctx.app, ctx.db, { name: "Paris store", parentOrgId: chain.orgId });
  api = jsonRequest(ctx.app, chain.auth);
  const event = await api.post(`/v1/orgs/${chain.orgId}/events`, {
    name: "Two-country qualifier",
    timezone: "Europe/Vilnius",
  });
  eventId = event.body.id;
});

const addSession = (body: Record<string, unknown>) => api.post(`/v1/events/${eventId}/sessions`, body);
const paths = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((e) => e.path);

describe("a session's start time", () => {
  it("is a local time in the session's own zone, with the instant it names", async () => {
    const res = await addSession({
      name: "Kaunas",
      startsAt: "2026-12-05T10:00",
      timeZone: "Europe/Vilnius",
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      startsAt: "2026-12-05T10:00",
      timeZone: "Europe/Vilnius",
      startsAtUtc: "2026-12-05T08:00:00.000Z",
      // The day of play follows from the start.
      date: "2026-12-05",
    });
    const paris = await addSession({
      name: "Paris",
      date: "2026-07-04",
      startsAt: "2026-07-04T10:00",
      timeZone: "europe/paris",
    });
    expect(paris.status, paris.text).toBe(201);
    expect(paris.body).toMatchObject({ timeZone: "Europe/Paris", startsAtUtc: "2026-07-04T08:00:00.000Z" });
  });

  it("is optional: a session without one has nulls", async () => {
    const res = await addSession({ name: "Undated" });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ startsAt: null, timeZone: null, startsAtUtc: null });
  });

  it("refuses, naming the field, what cannot be a start", async () => {
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ startsAt: "2026-12-05T10:00" }, "timeZone", "time_zone_required"],
      [{ startsAt: "2026-12-05T10:00", timeZone: "Mars/Olympus" }, "timeZone"],
      [{ startsAt: "2026-12-05T10:00", timeZone: "+02:00" }, "timeZone"],
      [{ startsAt: "2026-12-05T10:00Z", timeZone: "Europe/Vilnius" }, "startsAt"],
      [{ startsAt: "2026-02-30T10:00", timeZone: "Europe/Vilnius" }, "startsAt"],
      [
        { date: "2026-12-06", startsAt: "2026-12-05T10:00", timeZone: "Europe/Vilnius" },
        "date",
        "start_date_mismatch",
      ],
      // The clocks go from 02:00 to 03:00 in Paris that night: 02:30 never happens there.
      [{ startsAt: "2026-03-29T02:30", timeZone: "Europe/Paris" }, "startsAt", "nonexistent_local_time"],
    ];
    for (const [body, path, code] of cases) {
      const res = await addSession({ name: "Bad", ...body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      expect(paths(res.body), JSON.stringify(body)).toContain(path);
      if (code) expect(res.body.code).toBe(code);
    }
  });

  it("can be set and changed later with PATCH, by the store hosting the session too", async () => {
    const created = await addSession({ name: "Paris store", hostOrgId: store.orgId, date: "2026-11-14" });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id;
    const byStore = await jsonRequest(ctx.app, store.auth).patch(`/v1/sessions/${id}`, {
      startsAt: "2026-11-14T14:30",
      timeZone: "Europe/Paris",
      venue: "Rue de Rivoli 1",
    });
    expect(byStore.status, byStore.text).toBe(200);
    expect(byStore.body).toMatchObject({
      date: "2026-11-14",
      startsAt: "2026-11-14T14:30",
      timeZone: "Europe/Paris",
      startsAtUtc: "2026-11-14T13:30:00.000Z",
      venue: "Rue de Rivoli 1",
    });
    // A date that contradicts the start stays refused after the fact.
    const moved = await api.patch(`/v1/sessions/${id}`, { date: "2026-11-15" });
    expect(moved.status).toBe(422);
    expect(paths(moved.body)).toContain("date");
    const cleared = await api.patch(`/v1/sessions/${id}`, { startsAt: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body).toMatchObject({ startsAt: null, startsAtUtc: null, date: "2026-11-14" });
    // Another organisation gets the 404 of an unknown session.
    const stranger = await createOrgClient(ctx.app, ctx.db, { name: "Stranger" });
    const foreign = await jsonRequest(ctx.app, stranger.auth).patch(`/v1/sessions/${id}`, { name: "x" });
    expect(foreign.status).toBe(404);
  });

  it("is in the OpenAPI document, in GraphQL, and on the event page in the session's zone", async () => {
    const doc = (await generateOpenApiDocument()) as {
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    for (const schema of ["Session", "CreateSession", "UpdateSession"]) {
      expect(Object.keys(doc.components.schemas[schema]!.properties), schema).toEqual(
        expect.arrayContaining(["startsAt", "timeZone"]),
      );
    }
    const gql = await jsonRequest(ctx.app, {}).post("/graphql", {
      query: "query ($id: ID!) { event(id: $id) { sessions { name startsAt timeZone startsAtUtc } } }",
      variables: { id: eventId },
    });
    expect(gql.body.data.event.sessions).toContainEqual({
      name: "Kaunas",
      startsAt: "2026-12-05T10:00",
      timeZone: "Europe/Vilnius",
      startsAtUtc: "2026-12-05T08:00:00.000Z",
    });
    for (const lang of ["en", "fr", "lt"]) {
      const html = await (await ctx.app.request(`/e/${eventId}?lang=${lang}`)).text();
      // 10:00 in Kaunas and 10:00 in Paris, each in its own zone (not the event's).
      expect(html, lang).toMatch(/10:00[^<]*\(Europe\/Vilnius\)/);
      expect(html, lang).toMatch(/10:00[^<]*\(Europe\/Paris\)/);
    }
  });
});
