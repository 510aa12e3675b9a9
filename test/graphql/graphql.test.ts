import { describe, expect, it } from "vitest";
import { createOrgClient } from "../helpers/auth";
import { seatPrelimTable } from "../helpers/seat-table";
import { createCountingTestDatabase, createTestApp } from "../helpers/test-app";
import { createPlayers, jsonRequest } from "../helpers/workflow";

async function graphql(
  app: Awaited<ReturnType<typeof createTestApp>>["app"],
  query: string,
  variables: Record<string, unknown>,
  auth: Record<string, string> = {},
) {
  const res = await app.request("/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", ...auth },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: res.status,
    body: (await res.json()) as {
      data?: Record<string, unknown>;
      errors?: { message: string; extensions?: Record<string, unknown> }[];
    },
  };
}

describe("POST /graphql", () => {
  it("reads an event with its sessions, players and a table in one query", async () => {
    const ctx = await createTestApp();
    const store = await createOrgClient(ctx.app, ctx.db);
    const api = jsonRequest(ctx.app, store.auth);
    const event = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Graph Cup" })).body;
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

    const { status, body } = await graphql(
      ctx.app,
      `query ($event: ID!, $table: ID!) {
        event(id: $event) { name phase uniqueParticipants sessions { name playerCount players { player { name } } rounds { number kind quality { repeatedPairs } tables { number details { result { status } } seats { position player { name } } } } standings { rows { rank wins vp vpPct vpPctExact decidedBy player { id } } } } qualification { qualifierCount rows { rank qualified sessionId } } }
        table(id: $table) { number seats { position vp placement player { id } } result { status version } }
      }`,
      { event: event.id, table: tableId },
    );
    expect(status).toBe(200);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    expect(body.data?.event).toMatchObject({
      name: "Graph Cup",
      phase: "PRELIMS",
      uniqueParticipants: 4,
      sessions: [{ name: "Day 1", playerCount: 4 }],
    });
    expect(body.data?.table).toMatchObject({ result: { status: "FINAL", version: 1 } });
    // the winner leads the session standings with the exact VP share 10/28
    const read = body.data?.event as {
      sessions: { standings: { rows: Record<string, unknown>[] } }[];
      qualification: { rows: Record<string, unknown>[] };
    };
    expect(read.sessions[0]?.standings.rows[0]).toMatchObject({
      rank: 1,
      wins: 1,
      vp: 10,
      vpPctExact: "5/14",
      player: { id: ids[0] },
    });
    expect(read.qualification.rows).toHaveLength(4);
    expect(body.data?.event).toMatchObject({
      sessions: [
        { rounds: [{ number: 1, kind: "PRELIM", tables: [{ details: { result: { status: "FINAL" } } }] }] },
      ],
    });
  });

  it("applies the same authorisation as REST and keeps the error code", async () => {
    const ctx = await createTestApp();
    const store = await createOrgClient(ctx.app, ctx.db);
    const event = (
      await jsonRequest(ctx.app, store.auth).post(`/v1/orgs/${store.orgId}/events`, {
        name: "Secret",
        visibility: "private",
      })
    ).body;
    const anonymous = await graphql(ctx.app, "query ($id: ID!) { event(id: $id) { name } }", {
      id: event.id,
    });
    expect(anonymous.body.data?.event).toBeNull();
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe("event_not_found");
    const member = await graphql(
      ctx.app,
      "query ($id: ID!) { event(id: $id) { name } }",
      { id: event.id },
      store.auth,
    );
    expect(member.body.data?.event).toEqual({ name: "Secret" });
  });

  it("a query link's answer is a JSON read like REST's: no shared cache keeps a signed-in answer, and a poll gets 304", async () => {
    const ctx = await createTestApp();
    const store = await createOrgClient(ctx.app, ctx.db);
    const api = jsonRequest(ctx.app, store.auth);
    const event = (
      await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Secret", visibility: "private" })
    ).body;
    const link = `/graphql?query=${encodeURIComponent(`{ event(id: "${event.id}") { name } }`)}`;
    const signedIn = await ctx.app.request(link, { headers: store.auth });
    expect(await signedIn.text()).toContain("Secret");
    expect(signedIn.headers.get("cache-control")).toBe("private, no-cache");
    const etag = signedIn.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await ctx.app.request(link, { headers: { ...store.auth, "if-none-match": etag! } });
    expect(again.status).toBe(304);
    const anonymous = await ctx.app.request(link);
    expect(anonymous.headers.get("cache-control")).toBe("no-cache");
  });

  it("answers a malformed query with a GraphQL error, not a 500", async () => {
    const ctx = await createTestApp();
    const res = await graphql(ctx.app, "{ event(id: ", {});
    expect(res.status).toBeLessThan(500);
    expect(res.body.errors?.length).toBeGreaterThan(0);
  });

  it("reads an organisation's events with their sessions' rounds and rosters in round trips that do not grow with the events", async () => {
    const { db, calls } = await createCountingTestDatabase();
    const ctx = await createTestApp({ storage: { db } });
    const store = await createOrgClient(ctx.app, ctx.db);
    const api = jsonRequest(ctx.app, store.auth);
    const callsFor = async (events: number) => {
      while ((await api.get(`/v1/orgs/${store.orgId}/events?limit=500`)).body.data.length < events) {
        const event = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "E" })).body;
        await api.post(`/v1/events/${event.id}/sessions`, { name: "S1" });
        await api.post(`/v1/events/${event.id}/sessions`, { name: "S2" });
      }
      const before = calls();
      const res = await graphql(
        ctx.app,
        "query ($o: ID!) { events(orgId: $o, first: 100) { nodes { sessions { id rounds { id } players { status } } } } }",
        { o: store.orgId },
        store.auth,
      );
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      return calls() - before;
    };
    const few = await callsFor(2);
    expect(await callsFor(20)).toBe(few);
  });

  it("ranks an event's sessions in round trips that do not grow with the sessions", async () => {
    const { db, calls } = await createCountingTestDatabase();
    const ctx = await createTestApp({ storage: { db } });
    const store = await createOrgClient(ctx.app, ctx.db);
    const api = jsonRequest(ctx.app, store.auth);
    const ids = await createPlayers(api, store.orgId, 4);
    const callsFor = async (sessions: number) => {
      const event = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Many days" })).body;
      for (let i = 0; i < sessions; i++) {
        const session = (await api.post(`/v1/events/${event.id}/sessions`, { name: `Day ${i}` })).body;
        await api.post(`/v1/sessions/${session.id}/players`, { playerIds: ids });
        const { tableId } = await seatPrelimTable(ctx.db, event.id, session.id, ids);
        await api.put(`/v1/tables/${tableId}/result`, {
          scores: ids.map((playerId, n) => ({ playerId, vp: [10, 8, 6, 4][n] })),
          winnerId: ids[0],
          signed: true,
        });
      }
      const before = calls();
      const res = await graphql(
        ctx.app,
        "query ($id: ID!) { event(id: $id) { sessions { standings { rows { rank } } } } }",
        { id: event.id },
        store.auth,
      );
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      return calls() - before;
    };
    const few = await callsFor(2);
    expect(await callsFor(8)).toBe(few);
  });

  it("loads the tables of a query together: round trips do not grow with the number of tables", async () => {
    const { db, calls } = await createCountingTestDatabase();
    const ctx = await createTestApp({ storage: { db } });
    const store = await createOrgClient(ctx.app, ctx.db);
    const api = jsonRequest(ctx.app, store.auth);
    const event = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Batch Cup" })).body;
    const ids = await createPlayers(api, store.orgId, 24);
    const callsFor = async (playerIds: string[]) => {
      const session = (await api.post(`/v1/events/${event.id}/sessions`, { name: "S" })).body;
      await api.post(`/v1/sessions/${session.id}/players`, { playerIds });
      expect((await api.post(`/v1/sessions/${session.id}/rounds`, { plan: "all" })).status).toBe(201);
      const before = calls();
      const res = await graphql(
        ctx.app,
        "query ($id: ID!) { session(id: $id) { rounds { tables { details { number seats { vp } } } } } }",
        { id: session.id },
        store.auth,
      );
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      return calls() - before;
    };
    // 3 games of 3 tables, then 3 games of 6 tables.
    expect(await callsFor(ids.slice(0, 12))).toBe(await callsFor(ids));

    // In one batch, an unknown id fails its own field only, with the REST code.
    const { tableId } = await seatPrelimTable(
      ctx.db,
      event.id,
      (await api.get(`/v1/events/${event.id}/sessions`)).body.data[0].id,
      ids.slice(0, 4),
      9,
    );
    const mixed = await graphql(
      ctx.app,
      'query ($id: ID!) { a: table(id: $id) { number } b: table(id: "tbl_unknown") { number } }',
      { id: tableId },
    );
    expect(mixed.body.data).toEqual({ a: { number: 1 }, b: null });
    expect(mixed.body.errors?.map((e) => e.extensions?.code)).toEqual(["table_not_found"]);
  });
});

describe("query limits", () => {
  it("refuses a query that repeats the rankings under many aliases before running it", async () => {
    const ctx = await createTestApp();
    const aliases = Array.from({ length: 12 }, (_, i) => `s${i}: standings { resultsVersion }`).join(" ");
    const res = await graphql(ctx.app, `query ($id: ID!) { event(id: $id) { ${aliases} } }`, { id: "evt_x" });
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors?.[0]?.message).toMatch(/at most 8 standings/);
    expect(res.body.errors?.[0]?.extensions?.code).toBe("QUERY_TOO_COMPLEX");
  });

  it("accepts a normal deep query and refuses one selecting more than 500 fields", async () => {
    const ctx = await createTestApp();
    const deep = `${"event(id: $id) { sessions { rounds { tables { details { seats { player { id ".repeat(1)}} } } } } } } }`;
    const ok = await graphql(ctx.app, `query ($id: ID!) { ${deep} }`, { id: "evt_x" });
    expect(ok.body.errors?.[0]?.extensions?.code).not.toBe("QUERY_TOO_COMPLEX");
    const tooMany = Array.from({ length: 501 }, (_, i) => `f${i}: __typename`).join(" ");
    const res = await graphql(ctx.app, `{ ${tooMany} }`, {});
    expect(res.body.errors?.[0]?.extensions?.code).toBe("QUERY_TOO_COMPLEX");
  });
});
