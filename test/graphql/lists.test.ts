import { describe, expect, it } from "vitest";
import { createOrgClient } from "../helpers/auth";
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
