import { describe, expect, it } from "vitest";
import { MAX_PAGE_LIMIT } from "../../src/services/pagination";
import { createOrgClient } from "../helpers/auth";
import { seeder } from "../helpers/seed-results";
import { createTestApp } from "../helpers/test-app";
import { jsonRequest } from "../helpers/workflow";

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
interface GraphQLBody {
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary GraphQL data
  data?: any;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

function graphqlAs(ctx: Ctx, auth: Record<string, string>) {
  return async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await ctx.app.request("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", ...auth },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as GraphQLBody;
  };
}

const EVENTS = `query ($org: ID!, $after: String, $first: Int, $phase: EventPhase) {
  events(orgId: $org, first: $first, after: $after, phase: $phase) {
    edges { cursor node { id name phase visibility } } nodes { id } pageInfo { hasNextPage endCursor } } }`;

describe("GraphQL list roots are cursor connections", () => {
  it("walks an organisation's events page by page, like the REST list", async () => {
    const ctx = await createTestApp();
    const store = await createOrgClient(ctx.app, ctx.db);
    const api = jsonRequest(ctx.app, store.auth);
    const created: string[] = [];
    for (let i = 1; i <= 5; i++)
      created.push((await api.post(`/v1/orgs/${store.orgId}/events`, { name: `Cup ${i}` })).body.id);
    const gql = graphqlAs(ctx, store.auth);
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const body: GraphQLBody = await gql(EVENTS, { org: store.orgId, first: 2, after });
      expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
      const page = body.data.events;
      seen.push(...page.nodes.map((n: { id: string }) => n.id));
      expect(page.pageInfo.endCursor).toBe(page.edges.at(-1).cursor);
      expect(page.edges[0].node).toMatchObject({ phase: "SETUP", visibility: "PUBLIC" });
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
      pages++;
    } while (after);
    expect(pages).toBe(3);
    expect(seen).toEqual(created);
    // the cursors are REST's: the REST list continues after a GraphQL cursor
    const second = (await gql(EVENTS, { org: store.orgId, first: 2 })).data.events.pageInfo.endCursor;
    const rest = await api.get(`/v1/orgs/${store.orgId}/events?limit=2&cursor=${second}`);
    expect(rest.body.data.map((e: { id: string }) => e.id)).toEqual(created.slice(2, 4));
    const none = await gql(EVENTS, { org: store.orgId, phase: "PRELIMS" });
    expect(none.data.events).toEqual({
      edges: [],
      nodes: [],
      pageInfo: { hasNextPage: false, endCursor: null },
    });
  });

  it("refuses a page size or cursor REST refuses, with REST's code", async () => {
    const ctx = await createTestApp();
    const store = await createOrgClient(ctx.app, ctx.db);
    const gql = graphqlAs(ctx, store.auth);
    const api = jsonRequest(ctx.app, store.auth);
    const rest = await api.get(`/v1/orgs/${store.orgId}/events?limit=501`);
    for (const variables of [{ first: 501 }, { first: 0 }, { after: "not-a-cursor" }]) {
      const body = await gql(EVENTS, { org: store.orgId, ...variables });
      expect(body.data).toBeNull();
      expect(body.errors?.[0]?.extensions?.code).toBe(rest.body.code);
    }
    expect(rest.body.code).toBe("validation_failed");
  });

  it("answers the REST problem code for the same refusal", async () => {
    const ctx = await createTestApp();
    const a = await createOrgClient(ctx.app, ctx.db, { name: "Store A" });
    const b = await createOrgClient(ctx.app, ctx.db, { name: "Store B" });
    const rest = await jsonRequest(ctx.app, b.auth).get(`/v1/orgs/${a.orgId}/events`);
    const body = await graphqlAs(ctx, b.auth)(EVENTS, { org: a.orgId });
    expect(rest.status).toBeGreaterThanOrEqual(400);
    expect(body.errors?.[0]?.extensions?.code).toBe(rest.body.code);
    const anonymous = await graphqlAs(ctx, {})(EVENTS, { org: a.orgId });
    const restAnonymous = await jsonRequest(ctx.app, {}).get(`/v1/orgs/${a.orgId}/events`);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe(restAnonymous.body.code);
  });
});

const BACKWARD = `query ($org: ID!, $before: String, $last: Int, $search: String) {
  players(orgId: $org, last: $last, before: $before, search: $search) {
    nodes { id name } totalCount
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`;

describe("GraphQL lists count their items and page backwards", () => {
  it("totalCount is the whole list's, filters included, on every page", async () => {
    const ctx = await createTestApp();
    const store = await createOrgClient(ctx.app, ctx.db);
    const api = jsonRequest(ctx.app, store.auth);
    for (let i = 1; i <= 5; i++) await api.post(`/v1/orgs/${store.orgId}/events`, { name: `Cup ${i}` });
    for (const name of ["Ada", "Bea", "Cid", "Dora", "Abe"])
      await api.post(`/v1/orgs/${store.orgId}/players`, { name });
    const gql = graphqlAs(ctx, store.auth);
    const events = await gql(
      `query ($org: ID!, $after: String) { events(orgId: $org, first: 2, after: $after) { totalCount pageInfo { endCursor } } }`,
      { org: store.orgId },
    );
    expect(events.errors, JSON.stringify(events.errors)).toBeUndefined();
    expect(events.data.events.totalCount).toBe(5);
    const next = await gql(
      `query ($org: ID!, $after: String) { events(orgId: $org, first: 2, after: $after) { ...counted } }
       fragment counted on EventConnection { totalCount }`,
      { org: store.orgId, after: events.data.events.pageInfo.endCursor },
    );
    expect(next.data.events.totalCount).toBe(5);
    const searched = await gql(BACKWARD, { org: store.orgId, search: "a", last: 10 });
    // "a" in Ada, Bea, Dora, Abe (accents and case ignored), not Cid.
    expect(searched.data.players.totalCount).toBe(4);
    const warnings = await gql(
      `query ($p: ID!) { playerWarnings(playerId: $p) { totalCount nodes { id } } }`,
      { p: searched.data.players.nodes[0].id },
    );
    expect(warnings.data.playerWarnings).toEqual({ totalCount: 0, nodes: [] });
  });

  it("last and before walk the list from its end, each page in list order", async () => {
    const ctx = await createTestApp();
    const store = await createOrgClient(ctx.app, ctx.db);
    const api = jsonRequest(ctx.app, store.auth);
    const created: string[] = [];
    for (let i = 1; i <= 5; i++)
      created.push((await api.post(`/v1/orgs/${store.orgId}/players`, { name: `P${i}` })).body.id);
    const gql = graphqlAs(ctx, store.auth);
    const pages: string[][] = [];
    let before: string | null = null;
    let page: GraphQLBody["data"];
    do {
      const body: GraphQLBody = await gql(BACKWARD, { org: store.orgId, last: 2, before });
      expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
      page = body.data.players;
      pages.push(page.nodes.map((n: { id: string }) => n.id));
      expect(page.pageInfo.hasNextPage).toBe(before !== null);
      before = page.pageInfo.hasPreviousPage ? page.pageInfo.startCursor : null;
    } while (before);
    expect(pages).toEqual([created.slice(3, 5), created.slice(1, 3), created.slice(0, 1)]);
    expect(page.pageInfo.startCursor).not.toBeNull();
    // Forward from a backward page's endCursor continues after it, as REST's cursor does.
    const middle = (await gql(BACKWARD, { org: store.orgId, last: 2 })).data.players.pageInfo.startCursor;
    const forward = await gql(
      `query ($org: ID!, $after: String) { players(orgId: $org, first: 5, after: $after) { nodes { id } pageInfo { hasPreviousPage } } }`,
      { org: store.orgId, after: middle },
    );
    expect(forward.data.players.nodes.map((n: { id: string }) => n.id)).toEqual(created.slice(4));
    expect(forward.data.players.pageInfo.hasPreviousPage).toBe(true);
  });

  it("refuses mixing the directions, naming the argument", async () => {
    const ctx = await createTestApp();
    const store = await createOrgClient(ctx.app, ctx.db);
    const gql = graphqlAs(ctx, store.auth);
    for (const [vars, field] of [
      [{ first: 2, last: 2 }, "last"],
      [{ last: 501 }, "last"],
      [{ last: 2, before: "nope" }, "before"],
    ] as const) {
      const body = await gql(
        `query ($org: ID!, $first: Int, $last: Int, $before: String) { players(orgId: $org, first: $first, last: $last, before: $before) { totalCount } }`,
        { org: store.orgId, ...vars },
      );
      expect(body.errors?.[0]?.extensions?.code, JSON.stringify(vars)).toBe("validation_failed");
      expect(JSON.stringify(body.errors?.[0]?.extensions?.errors)).toContain(field);
    }
  });
});

describe("GraphQL lists that are not connections hold every item", () => {
  it("a session's players are its whole roster, past the largest page of the REST list", async () => {
    const ctx = await createTestApp();
    const store = await createOrgClient(ctx.app, ctx.db);
    const seed = seeder(ctx.db, store.orgId);
    const { id: eventId } = await seed.event();
    const sessionId = await seed.session(eventId, await seed.players(MAX_PAGE_LIMIT + 1));
    const body = await graphqlAs(ctx, {})(
      "query ($id: ID!) { session(id: $id) { playerCount players { player { id } } } }",
      { id: sessionId },
    );
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    expect(body.data.session.playerCount).toBe(MAX_PAGE_LIMIT + 1);
    expect(body.data.session.players).toHaveLength(MAX_PAGE_LIMIT + 1);
  });
});
