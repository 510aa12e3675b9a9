import { describe, expect, it } from "vitest";
import { createOrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { jsonRequest } from "../helpers/workflow";

/**
 * A federation F with stores A and B, and C a branch of A. Players are shared across the tree for
 * registration (docs/reference/authentication.md#organisations-and-tenancy), but a membership number (externalId, discordId) is shown only to
 * readers of the player's own organisation or of one of its ancestors.
 */
async function federation() {
  const ctx = await createTestApp();
  const fed = await createOrgClient(ctx.app, ctx.db, { name: "Federation", kind: "federation" });
  const a = await createOrgClient(ctx.app, ctx.db, { name: "Store A", parentOrgId: fed.orgId });
  const b = await createOrgClient(ctx.app, ctx.db, { name: "Store B", parentOrgId: fed.orgId });
  const c = await createOrgClient(ctx.app, ctx.db, { name: "Branch C", parentOrgId: a.orgId });
  const api = (auth: Record<string, string>) => jsonRequest(ctx.app, auth);
  const playerA = (
    await api(a.auth).post(`/v1/orgs/${a.orgId}/players`, {
      name: "Rūta",
      externalId: "A-0001",
      discordId: "123456789012345678",
    })
  ).body as { id: string };
  const playerF = (
    await api(fed.auth).post(`/v1/orgs/${fed.orgId}/players`, { name: "Fed", externalId: "F-0001" })
  ).body as { id: string };
  /** A public event and session of `store`, with both players registered by that store. */
  const sessionOf = async (store: typeof a) => {
    const event = (await api(store.auth).post(`/v1/orgs/${store.orgId}/events`, { name: "Open" })).body;
    const session = (await api(store.auth).post(`/v1/events/${event.id}/sessions`, { name: "Day 1" })).body;
    const registered = await api(store.auth).post(`/v1/sessions/${session.id}/players`, {
      playerIds: [playerA.id, playerF.id],
    });
    return { eventId: event.id as string, sessionId: session.id as string, registered };
  };
  return { ...ctx, fed, a, b, c, api, playerA, playerF, sessionOf };
}

type Roster = { data: { player: { id: string; externalId: string | null } }[] };
const numberOf = (roster: Roster, playerId: string) =>
  roster.data.find((r) => r.player.id === playerId)?.player;

describe("membership numbers across an organisation tree", () => {
  it("a sibling store registers another store's player but never sees its number", async () => {
    const t = await federation();
    const { sessionId, registered } = await t.sessionOf(t.b);
    expect(registered.status).toBe(200);
    expect(numberOf(registered.body, t.playerA.id)).toEqual({
      id: t.playerA.id,
      name: "Rūta",
      externalId: null,
    });
    const roster = (await t.api(t.b.auth).get(`/v1/sessions/${sessionId}/players`)).body as Roster;
    expect(numberOf(roster, t.playerA.id)?.externalId).toBeNull();
    expect(numberOf(roster, t.playerF.id)?.externalId).toBeNull();
    expect((await t.api(t.b.auth).get(`/v1/players/${t.playerA.id}`)).status).toBe(404);
  });

  it("the player's own store and its ancestors see the number in another store's roster", async () => {
    const t = await federation();
    const { sessionId } = await t.sessionOf(t.b);
    const asA = (await t.api(t.a.auth).get(`/v1/sessions/${sessionId}/players`)).body as Roster;
    expect(numberOf(asA, t.playerA.id)?.externalId).toBe("A-0001");
    expect(numberOf(asA, t.playerF.id)?.externalId).toBeNull();
    const asFed = (await t.api(t.fed.auth).get(`/v1/sessions/${sessionId}/players`)).body as Roster;
    expect(numberOf(asFed, t.playerA.id)?.externalId).toBe("A-0001");
    expect(numberOf(asFed, t.playerF.id)?.externalId).toBe("F-0001");
  });

  it("a child store does not see its parent's members' numbers, even in its own session", async () => {
    const t = await federation();
    const { sessionId, registered } = await t.sessionOf(t.c);
    expect(numberOf(registered.body, t.playerA.id)?.externalId).toBeNull();
    const roster = (await t.api(t.c.auth).get(`/v1/sessions/${sessionId}/players`)).body as Roster;
    expect(roster.data.every((r) => r.player.externalId === null)).toBe(true);
    const anonymous = (await t.api({}).get(`/v1/sessions/${sessionId}/players`)).body as Roster;
    expect(anonymous.data.every((r) => r.player.externalId === null)).toBe(true);
  });

  it("standings, GraphQL and the export of a store never carry another store's numbers", async () => {
    const t = await federation();
    const { eventId, sessionId } = await t.sessionOf(t.b);
    const reads = [
      await t.api(t.b.auth).get(`/v1/sessions/${sessionId}/standings`),
      await t.api(t.b.auth).get(`/v1/events/${eventId}/qualification`),
      await t.api(t.b.auth).get(`/v1/events/${eventId}/standings`),
    ];
    for (const read of reads)
      expect(JSON.stringify(read.body)).not.toMatch(/A-0001|F-0001|123456789012345678/);
    const graphql = await t.api(t.b.auth).post("/graphql", {
      query: `query ($s: ID!, $p: ID!) { session(id: $s) { players { player { id name } } } player(id: $p) { externalId discordId } }`,
      variables: { s: sessionId, p: t.playerA.id },
    });
    expect(JSON.stringify(graphql.body)).not.toMatch(/A-0001|123456789012345678/);
    const exported = await t.app.request(`/v1/orgs/${t.b.orgId}/export`, { headers: t.b.auth });
    expect(exported.status).toBe(200);
    expect(await exported.text()).not.toMatch(/A-0001|F-0001/);
  });

  it("GraphQL's player lookups keep the numbers in the player's own tree", async () => {
    const t = await federation();
    const lookup = (auth: Record<string, string>, orgId: string) =>
      t.api(auth).post("/graphql", {
        query: `query ($o: ID!) {
          byDiscord: playerByDiscordId(orgId: $o, discordId: "123456789012345678") { id externalId }
          byNumber: playerByExternalId(orgId: $o, externalId: "A-0001") { id discordId }
          players(orgId: $o, search: "ruta", includeDescendants: true) { nodes { id externalId } } }`,
        variables: { o: orgId },
      });
    // the player's store, and the federation over its whole tree, find the player with the numbers
    for (const [reader, orgId] of [
      [t.a, t.a.orgId],
      [t.fed, t.fed.orgId],
    ] as const) {
      const found = (await lookup(reader.auth, orgId)).body;
      expect(found.errors).toBeUndefined();
      expect(found.data).toEqual({
        byDiscord: { id: t.playerA.id, externalId: "A-0001" },
        byNumber: { id: t.playerA.id, discordId: "123456789012345678" },
        players: { nodes: [{ id: t.playerA.id, externalId: "A-0001" }] },
      });
    }
    // a sibling or a child store cannot search the player's store, nor find the number in its own
    for (const [reader, orgId] of [
      [t.b, t.a.orgId],
      [t.c, t.a.orgId],
      [t.b, t.b.orgId],
      [t.c, t.c.orgId],
    ] as const) {
      const refused = await lookup(reader.auth, orgId);
      expect(JSON.stringify(refused.body)).not.toMatch(/A-0001|123456789012345678/);
      expect(JSON.stringify(refused.body.data)).not.toContain(t.playerA.id);
    }
  });
});
