import { describe, expect, it } from "vitest";
import { createOrgClient } from "../helpers/auth";
import { createEvent, createFederation, playEvent } from "../helpers/federation";
import { seatPrelimTable } from "../helpers/seat-table";
import { createCountingTestDatabase, createTestApp } from "../helpers/test-app";
import { createPlayers, jsonRequest } from "../helpers/workflow";

type App = Awaited<ReturnType<typeof createTestApp>>["app"];
interface GraphQLBody {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

async function graphql(
  app: App,
  query: string,
  variables: Record<string, unknown> = {},
  auth: Record<string, string> = {},
) {
  const res = await app.request("/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", ...auth },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: (await res.json()) as GraphQLBody };
}

/** A public event with one session, four players and one final table. */
async function seededEvent(ctx: Awaited<ReturnType<typeof createTestApp>>) {
  const store = await createOrgClient(ctx.app, ctx.db);
  const api = jsonRequest(ctx.app, store.auth);
  const event = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Armor Cup" })).body;
  const session = (await api.post(`/v1/events/${event.id}/sessions`, { name: "Day 1", date: "2026-12-05" }))
    .body;
  const ids = await createPlayers(api, store.orgId, 4);
  await api.post(`/v1/sessions/${session.id}/players`, { playerIds: ids });
  const { tableId } = await seatPrelimTable(ctx.db, event.id, session.id, ids);
  await api.put(`/v1/tables/${tableId}/result`, {
    scores: ids.map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i] })),
    winnerId: ids[0],
    signed: true,
  });
  return { eventId: event.id as string, sessionId: session.id as string };
}

/** The fragment attack: one fragment with two rankings, spread under 490 aliases. */
function fragmentAttack(eventId: string, aliases = 490): string {
  const fields = Array.from({ length: aliases }, (_, i) => `e${i}: event(id: "${eventId}") { ...R }`).join(
    " ",
  );
  return `query { ${fields} } fragment R on Event { standings { rows { rank vp } } qualification { rows { rank vp } } }`;
}

describe("GraphQL cost counts the executed work", () => {
  it("refuses the fragment attack before any resolver runs (POST and GET link)", async () => {
    const { db, calls } = await createCountingTestDatabase();
    const ctx = await createTestApp({ storage: { db } });
    const { eventId } = await seededEvent(ctx);
    const before = calls();
    const res = await graphql(ctx.app, fragmentAttack(eventId));
    expect(res.body.data ?? undefined).toBeUndefined();
    expect(res.body.errors?.map((e) => e.extensions?.code)).toContain("QUERY_TOO_COMPLEX");
    const link = await ctx.app.request(`/graphql?query=${encodeURIComponent(fragmentAttack(eventId, 60))}`);
    const linkBody = (await link.json()) as GraphQLBody;
    expect(linkBody.errors?.map((e) => e.extensions?.code)).toContain("QUERY_TOO_COMPLEX");
    expect(calls() - before).toBe(0);
  });

  it("counts a fragment's rankings at every spread, even below the alias limits", async () => {
    const ctx = await createTestApp();
    // 5 spreads × 2 rankings = 10 > 8; written once, the fragment alone holds only 2
    const res = await graphql(ctx.app, fragmentAttack("evt_x", 5));
    expect(res.body.errors?.[0]?.message).toMatch(/at most 8 standings/);
  });

  it("refuses fragments that expand exponentially without walking them", async () => {
    const ctx = await createTestApp();
    const levels = Array.from(
      { length: 30 },
      (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`,
    ).join(" ");
    const res = await graphql(ctx.app, `query { ...F0 } ${levels} fragment F30 on Query { __typename }`);
    expect(res.body.errors?.map((e) => e.extensions?.code)).toContain("QUERY_TOO_COMPLEX");
  });

  it("still answers a normal one-query event view written with fragments", async () => {
    const ctx = await createTestApp();
    const { eventId } = await seededEvent(ctx);
    const res = await graphql(
      ctx.app,
      `query ($id: ID!) { event(id: $id) { name sessions { name standings { rows { ...Row } } players { player { name } } }
         qualification { rows { ...Row qualified } } standings { rows { rank phase } } } }
       fragment Row on StandingRow { rank wins vp vpPct player { id name } }`,
      { id: eventId },
    );
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    expect(res.body.data?.event).toMatchObject({
      name: "Armor Cup",
      qualification: { rows: expect.any(Array) },
    });
  });
});

describe("GraphQL counts the rankings a list can multiply", () => {
  /** Nine events of one store, each with one session: a page of events carries 27 rankings. */
  async function nineEvents() {
    const { db, calls } = await createCountingTestDatabase();
    const ctx = await createTestApp({ storage: { db } });
    const store = await createOrgClient(ctx.app, ctx.db);
    const api = jsonRequest(ctx.app, store.auth);
    for (let i = 0; i < 9; i++) {
      const event = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: `Night ${i}` })).body;
      await api.post(`/v1/events/${event.id}/sessions`, { name: "Table night" });
    }
    return { ctx, store, calls };
  }
  const page = (first: string) =>
    `query ($org: ID!${first.includes("$n") ? ", $n: Int" : ""}) { events(orgId: $org, ${first}) { nodes { standings { resultsVersion }
       qualification { resultsVersion } sessions { standings { resultsVersion } } } } }`;

  it("refuses 9 events × (standings, qualification, a session's standings) = 27 before any ranking runs", async () => {
    const { ctx, store, calls } = await nineEvents();
    const before = calls();
    const res = await graphql(ctx.app, page("first: 9"), { org: store.orgId }, store.auth);
    expect(res.body.data ?? undefined).toBeUndefined();
    expect(res.body.errors?.[0]?.extensions?.code).toBe("QUERY_TOO_COMPLEX");
    expect(res.body.errors?.[0]?.message).toMatch(/at most 8 standings.*could compute 27/);
    // At most the token's check: no event was listed, no ranking computed.
    expect(calls() - before).toBeLessThanOrEqual(1);
  });

  it("counts a page size given as a variable, and the default page size when none is given", async () => {
    const { ctx, store } = await nineEvents();
    const refused = await graphql(ctx.app, page("first: $n"), { org: store.orgId, n: 9 }, store.auth);
    expect(refused.body.errors?.[0]?.message).toMatch(/could compute 27/);
    const byDefault = await graphql(ctx.app, page("after: null"), { org: store.orgId }, store.auth);
    expect(byDefault.body.errors?.[0]?.message).toMatch(/could compute 150/);
    // Two events × 3 rankings = 6: answered.
    const ok = await graphql(ctx.app, page("first: $n"), { org: store.orgId, n: 2 }, store.auth);
    expect(ok.body.errors, JSON.stringify(ok.body.errors)).toBeUndefined();
    expect(ok.body.data).toMatchObject({ events: { nodes: [expect.anything(), expect.anything()] } });
  });

  it("counts a page whose size comes from a variable given as null, as the resolver reads it", async () => {
    const { ctx, store, calls } = await nineEvents();
    const query = (args: string) =>
      `query ($org: ID!${args.includes("$f") ? ", $f: Int" : ""}, $l: Int = 1) { events(orgId: $org, ${args}) { nodes { standings { resultsVersion }
         qualification { resultsVersion } sessions { standings { resultsVersion } } } } }`;
    const before = calls();
    // $l given as null: no backward page, so `first` (9) is the page size, not $l's default
    const nullLast = await graphql(
      ctx.app,
      query("first: $f, last: $l"),
      { org: store.orgId, f: 9, l: null },
      store.auth,
    );
    expect(String(nullLast.body.errors?.[0]?.message)).toMatch(/could compute 27/);
    // $l given as null as the only size: the default page (50), not $l's default
    const nullFirst = await graphql(ctx.app, query("last: $l"), { org: store.orgId, l: null }, store.auth);
    expect(String(nullFirst.body.errors?.[0]?.message)).toMatch(/could compute 150/);
    expect(calls() - before).toBeLessThanOrEqual(2);
  });

  it("counts a backward page by its `last`, as a forward one by its `first`", async () => {
    const { ctx, store } = await nineEvents();
    const refused = await graphql(ctx.app, page("last: $n"), { org: store.orgId, n: 9 }, store.auth);
    expect(refused.body.errors?.[0]?.message).toMatch(/could compute 27/);
    // The last two events × 3 rankings = 6: answered.
    const ok = await graphql(ctx.app, page("last: 2"), { org: store.orgId }, store.auth);
    expect(ok.body.errors, JSON.stringify(ok.body.errors)).toBeUndefined();
    expect(ok.body.data).toMatchObject({ events: { nodes: [expect.anything(), expect.anything()] } });
  });
});

describe("GraphQL rankings are memoised and served from the response cache", () => {
  it("ranks a qualification asked for under four aliases once", async () => {
    const { db, calls } = await createCountingTestDatabase();
    const ctx = await createTestApp({ storage: { db } });
    const { eventId } = await seededEvent(ctx);
    const one = `q0: qualification { rows { rank } }`;
    const four = [0, 1, 2, 3].map((i) => `q${i}: qualification { rows { rank } }`).join(" ");
    let start = calls();
    await graphql(ctx.app, `query ($id: ID!) { event(id: $id) { ${one} } }`, { id: eventId });
    const single = calls() - start;
    start = calls();
    const res = await graphql(ctx.app, `query ($id: ID!) { event(id: $id) { ${four} } }`, { id: eventId });
    expect(res.body.errors).toBeUndefined();
    // the second query is served from the cache the first one filled: one scope query, no ranking
    expect(calls() - start).toBeLessThan(single);
  });
});

describe("GraphQL ratings and series standings are memoised and served from the response cache", () => {
  /** A federation with one played public event and a series over it. */
  async function ratedFederation() {
    const { db, calls } = await createCountingTestDatabase();
    const ctx = await createTestApp({ storage: { db } });
    const f = await createFederation(ctx.app, db);
    const eventId = await createEvent(ctx.app, f.storeA, { name: "Open", startsOn: "2026-03-01" });
    await playEvent(f.seedA, eventId, f.players, f.players.slice(0, 4));
    const series = await jsonRequest(ctx.app, f.fed.auth).post(`/v1/orgs/${f.fed.orgId}/series`, {
      name: "Circuit",
      selection: { kind: "events", eventIds: [eventId] },
      policy: { positionPoints: [100, 75, 60, 50], bestOf: 1 },
    });
    expect(series.status, series.text).toBe(201);
    return { ctx, calls, orgId: f.fed.orgId, seriesId: series.body.id as string };
  }

  /** Round trips of `field` asked for once, then under four aliases. */
  async function onceThenFour(
    ctx: Awaited<ReturnType<typeof createTestApp>>,
    calls: () => number,
    field: string,
  ) {
    let start = calls();
    const first = await graphql(ctx.app, `query { r0: ${field} }`);
    expect(first.body.errors, JSON.stringify(first.body.errors)).toBeUndefined();
    const single = calls() - start;
    start = calls();
    const four = [0, 1, 2, 3].map((i) => `r${i}: ${field}`).join(" ");
    const res = await graphql(ctx.app, `query { ${four} }`);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return { single, four: calls() - start };
  }

  it("rates an organisation asked for under four aliases once, from the cache the first query filled", async () => {
    const { ctx, calls, orgId } = await ratedFederation();
    const { single, four } = await onceThenFour(ctx, calls, `ratings(orgId: "${orgId}") { gamesRated }`);
    // one scope batch, no games read again
    expect(four).toBeLessThan(single);
    expect(four).toBeLessThanOrEqual(1);
  });

  it("ranks a series asked for under four aliases once, from the cache the first query filled", async () => {
    const { ctx, calls, seriesId } = await ratedFederation();
    const { single, four } = await onceThenFour(
      ctx,
      calls,
      `seriesStandings(id: "${seriesId}") { seriesId }`,
    );
    expect(four).toBeLessThan(single);
  });
});

describe("GraphQL answer size and time caps", () => {
  it("replaces an answer larger than the cap with RESPONSE_TOO_LARGE", async () => {
    const ctx = await createTestApp({ limits: { graphqlBudget: { maxResponseBytes: 200 } } });
    const { eventId } = await seededEvent(ctx);
    const res = await graphql(
      ctx.app,
      `query ($id: ID!) { event(id: $id) { qualification { rows { rank vp vpPct player { id name } } } } }`,
      {
        id: eventId,
      },
    );
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors?.[0]?.extensions?.code).toBe("RESPONSE_TOO_LARGE");
  });

  it("stops resolvers once the wall-time budget is spent", async () => {
    const ctx = await createTestApp({ limits: { graphqlBudget: { maxMillis: 0 } } });
    const res = await graphql(ctx.app, `{ event(id: "evt_x") { name } }`);
    expect(res.body.errors?.[0]?.extensions?.code).toBe("QUERY_TIMEOUT");
  });
});
