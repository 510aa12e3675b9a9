import { beforeAll, describe, expect, it } from "vitest";
import { addClient, createOrgClient, type OrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { createPlayers, type JsonClient, jsonRequest } from "../helpers/workflow";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let store: OrgClient;
let api: JsonClient;

beforeAll(async () => {
  ctx = await createTestApp();
  store = await createOrgClient(ctx.app, ctx.db, { name: "Kaunas Games" });
  api = jsonRequest(ctx.app, store.auth);
});

describe("set-up of a store chain's event", () => {
  it("creates an event with a public lotSeed, default ruleset, visibility and timers", async () => {
    const res = await api.post(`/v1/orgs/${store.orgId}/events`, {
      name: "Winter Qualifier",
      startsOn: "2026-12-05",
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`/v1/events/${res.body.id}`);
    expect(res.body).toMatchObject({
      name: "Winter Qualifier",
      ruleset: "2026",
      visibility: "public",
      phase: "setup",
      uniqueParticipants: 0,
      valid: false,
      structure: "final-only",
      timers: { boardStudySeconds: 300, turn: { mode: "bank", turnSeconds: 90, bankSeconds: 600 } },
    });
    expect(res.body.lotSeed).toMatch(/^[0-9a-f]{32}$/);
    expect(res.body.id).toMatch(/^evt_/);
  });

  it("counts unique participants over sessions on different dates (rule 1.2.2)", async () => {
    const event = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Chain Qualifier" })).body;
    const ids = await createPlayers(api, store.orgId, 16, "Chain");
    const s1 = await api.post(`/v1/events/${event.id}/sessions`, {
      name: "Kaunas",
      date: "2026-12-05",
      venue: "Café",
    });
    const s2 = await api.post(`/v1/events/${event.id}/sessions`, { name: "Vilnius", date: "2026-12-12" });
    expect(s1.status).toBe(201);
    expect(
      (await api.post(`/v1/sessions/${s1.body.id}/players`, { playerIds: ids.slice(0, 12) })).status,
    ).toBe(200);
    const reg = await api.post(`/v1/sessions/${s2.body.id}/players`, { playerIds: ids.slice(6, 16) });
    expect(reg.body.data).toHaveLength(10);
    // registering again is idempotent per player
    expect(
      (await api.post(`/v1/sessions/${s2.body.id}/players`, { playerIds: ids.slice(6, 8) })).body.data,
    ).toHaveLength(2);
    const page1 = await api.get(`/v1/sessions/${s2.body.id}/players?limit=6`);
    const page2 = await api.get(`/v1/sessions/${s2.body.id}/players?limit=6&cursor=${page1.body.nextCursor}`);
    expect(page2.body.nextCursor).toBeNull();
    const listed = [...page1.body.data, ...page2.body.data].map(
      (r: { player: { id: string } }) => r.player.id,
    );
    expect(listed).toEqual([...ids.slice(6, 16)].sort());
    const after = (await api.get(`/v1/events/${event.id}`)).body;
    expect(after).toMatchObject({
      uniqueParticipants: 16,
      valid: true,
      structure: "final-only",
      qualifierCount: 4,
    });
    const sessions = (await api.get(`/v1/events/${event.id}/sessions`)).body.data;
    expect(sessions.map((s: { name: string; playerCount: number }) => [s.name, s.playerCount])).toEqual([
      ["Kaunas", 12],
      ["Vilnius", 10],
    ]);
    expect(sessions[0].gamesPlanned).toBe(3);
  });

  it("plans 4 games for an 80-player 2026 session but 3 under the legacy rules (docs/rules.md#legacy)", async () => {
    const ids = await createPlayers(api, store.orgId, 80, "Big");
    for (const [ruleset, games, structure] of [
      ["2026", 4, "semifinals-80plus"],
      ["legacy", 3, "semifinals"],
    ] as const) {
      const event = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: `Big ${ruleset}`, ruleset }))
        .body;
      const session = (await api.post(`/v1/events/${event.id}/sessions`, { name: "Hall" })).body;
      await api.post(`/v1/sessions/${session.id}/players`, { playerIds: ids });
      expect((await api.get(`/v1/sessions/${session.id}`)).body).toMatchObject({
        playerCount: 80,
        gamesPlanned: games,
      });
      expect((await api.get(`/v1/events/${event.id}`)).body.structure).toBe(structure);
    }
  });

  it("withdraws a registration before seating", async () => {
    const event = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Withdrawals" })).body;
    const [a, b] = await createPlayers(api, store.orgId, 2, "W");
    const session = (await api.post(`/v1/events/${event.id}/sessions`, { name: "S" })).body;
    await api.post(`/v1/sessions/${session.id}/players`, { playerIds: [a, b] });
    expect((await api.delete(`/v1/sessions/${session.id}/players/${a}`)).status).toBe(204);
    expect((await api.delete(`/v1/sessions/${session.id}/players/${a}`)).status).toBe(404);
    expect(
      (await api.get(`/v1/sessions/${session.id}/players`)).body.data.map(
        (r: { player: { id: string } }) => r.player.id,
      ),
    ).toEqual([b]);
    const audit = (await api.get(`/v1/events/${event.id}/audit`)).body.data;
    expect(audit.filter((e: { action: string }) => e.action === "session.unregister")).toMatchObject([
      { entityId: session.id, before: { playerId: a } },
    ]);
  });

  it("keeps an externalId unique across the organisation tree", async () => {
    const federation = await createOrgClient(ctx.app, ctx.db, { name: "LT Federation", kind: "federation" });
    const child = await createOrgClient(ctx.app, ctx.db, {
      name: "Member store",
      parentOrgId: federation.orgId,
    });
    const fedApi = jsonRequest(ctx.app, federation.auth);
    const childApi = jsonRequest(ctx.app, child.auth);
    expect(
      (await fedApi.post(`/v1/orgs/${federation.orgId}/players`, { name: "A", externalId: "LT-1" })).status,
    ).toBe(201);
    const clash = await childApi.post(`/v1/orgs/${child.orgId}/players`, { name: "B", externalId: "LT-1" });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ code: "external_id_taken", errors: [{ path: "externalId" }] });
    const found = await fedApi.get(`/v1/orgs/${federation.orgId}/players?externalId=LT-1`);
    expect(found.body.data).toHaveLength(1);
    const childPlayer = await childApi.post(`/v1/orgs/${child.orgId}/players`, {
      name: "Child member",
      discordId: "123456789012345678",
    });
    // a parent reads its descendants' players, a child does not read its parent's
    expect((await fedApi.get(`/v1/players/${childPlayer.body.id}`)).status).toBe(200);
    expect(
      (
        await fedApi.get(
          `/v1/orgs/${federation.orgId}/players?include=descendants&discordId=123456789012345678`,
        )
      ).body.data,
    ).toHaveLength(1);
    expect((await childApi.get(`/v1/players/${found.body.data[0].id}`)).status).toBe(404);
  });

  it("lets the database decide between racing creates with one externalId in one tree", async () => {
    const federation = await createOrgClient(ctx.app, ctx.db, {
      name: "Race federation",
      kind: "federation",
    });
    const a = await createOrgClient(ctx.app, ctx.db, { name: "Store A", parentOrgId: federation.orgId });
    const b = await createOrgClient(ctx.app, ctx.db, { name: "Store B", parentOrgId: federation.orgId });
    const attempts = Array.from({ length: 10 }, (_, i) =>
      jsonRequest(ctx.app, (i % 2 ? a : b).auth).post(`/v1/orgs/${(i % 2 ? a : b).orgId}/players`, {
        name: `Racer ${i}`,
        externalId: "LT-RACE",
      }),
    );
    const statuses = (await Promise.all(attempts)).map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
  });

  it("searches players by name and pages through them", async () => {
    const org = await createOrgClient(ctx.app, ctx.db, { name: "Paging store" });
    const orgApi = jsonRequest(ctx.app, org.auth);
    await createPlayers(orgApi, org.orgId, 5, "Pager");
    await orgApi.post(`/v1/orgs/${org.orgId}/players`, { name: "Someone_else%" });
    const first = await orgApi.get(`/v1/orgs/${org.orgId}/players?limit=2&q=Pager`);
    expect(first.body.data).toHaveLength(2);
    const second = await orgApi.get(
      `/v1/orgs/${org.orgId}/players?limit=2&q=Pager&cursor=${first.body.nextCursor}`,
    );
    const third = await orgApi.get(
      `/v1/orgs/${org.orgId}/players?limit=2&q=Pager&cursor=${second.body.nextCursor}`,
    );
    expect(third.body.nextCursor).toBeNull();
    const names = [...first.body.data, ...second.body.data, ...third.body.data].map(
      (p: { name: string }) => p.name,
    );
    expect(names).toEqual(["Pager 1", "Pager 2", "Pager 3", "Pager 4", "Pager 5"]);
    expect((await orgApi.get(`/v1/orgs/${org.orgId}/players?q=_else%25`)).body.data).toHaveLength(1);
    expect((await orgApi.get(`/v1/orgs/${org.orgId}/players?limit=501`)).status).toBe(422);
  });
});

describe("rule 1.3.2: staff do not play in the event they supervise", () => {
  it("refuses a referee as a player and a registered player as staff", async () => {
    const event = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Refereed" })).body;
    const [referee, player] = await createPlayers(api, store.orgId, 2, "Staff test");
    const session = (await api.post(`/v1/events/${event.id}/sessions`, { name: "S1" })).body;
    expect(
      (await api.post(`/v1/events/${event.id}/staff`, { playerId: referee, role: "referee" })).status,
    ).toBe(200);
    const asPlayer = await api.post(`/v1/sessions/${session.id}/players`, { playerIds: [player, referee] });
    expect(asPlayer.status).toBe(422);
    expect(asPlayer.body).toMatchObject({
      code: "registration_refused",
      rule: "1.3.2",
      errors: [{ path: "playerIds[1]" }],
    });
    await api.post(`/v1/sessions/${session.id}/players`, { playerIds: [player] });
    const asStaff = await api.post(`/v1/events/${event.id}/staff`, { playerId: player, role: "organizer" });
    expect(asStaff.status).toBe(422);
    expect(asStaff.body).toMatchObject({ code: "player_cannot_be_staff", rule: "1.3.2" });
    expect((await api.get(`/v1/events/${event.id}/staff`)).body.data).toEqual([
      { player: { id: referee, name: "Staff test 1" }, role: "referee" },
    ]);
  });

  it("stores avoid pairs once per unordered pair", async () => {
    const event = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Families" })).body;
    const [a, b] = await createPlayers(api, store.orgId, 2, "Sibling");
    await api.post(`/v1/events/${event.id}/avoid-pairs`, { playerIds: [a, b], reason: "siblings" });
    const again = await api.post(`/v1/events/${event.id}/avoid-pairs`, { playerIds: [b, a] });
    expect(again.body.data).toHaveLength(1);
    expect((await api.post(`/v1/events/${event.id}/avoid-pairs`, { playerIds: [a, a] })).status).toBe(422);
  });
});

describe("errors and authorisation", () => {
  it("answers unknown ids with 404", async () => {
    expect((await api.get("/v1/events/evt_unknown")).status).toBe(404);
    expect((await api.get("/v1/sessions/ses_unknown")).status).toBe(404);
    expect((await api.get("/v1/players/ply_unknown")).status).toBe(404);
    expect((await api.post("/v1/sessions/ses_unknown/players", { playerIds: ["ply_x"] })).status).toBe(404);
  });

  it("answers another organisation's ids with 404 and changes nothing", async () => {
    const event = (
      await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Private one", visibility: "private" })
    ).body;
    const other = await createOrgClient(ctx.app, ctx.db, { name: "Rival store" });
    const rival = jsonRequest(ctx.app, other.auth);
    expect((await rival.get(`/v1/events/${event.id}`)).status).toBe(404);
    expect((await rival.patch(`/v1/events/${event.id}`, { name: "Hijacked" })).status).toBe(404);
    expect((await rival.post(`/v1/events/${event.id}/sessions`, { name: "X" })).status).toBe(404);
    expect((await rival.post(`/v1/orgs/${store.orgId}/events`, { name: "X" })).status).toBe(404);
    expect((await api.get(`/v1/events/${event.id}`)).body.name).toBe("Private one");
    // anonymous readers see public events only
    const anonymous = jsonRequest(ctx.app, {});
    expect((await anonymous.get(`/v1/events/${event.id}`)).status).toBe(404);
    const open = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Open" })).body;
    expect((await anonymous.get(`/v1/events/${open.id}`)).status).toBe(200);
    expect((await rival.patch(`/v1/events/${open.id}`, { name: "Hijacked" })).status).toBe(404);
    expect((await anonymous.post(`/v1/events/${open.id}/sessions`, { name: "X" })).status).toBe(401);
  });

  it("lets a reader read but not write (403)", async () => {
    const reader = await addClient(ctx.app, ctx.db, store.orgId, "reader");
    const readerApi = jsonRequest(ctx.app, reader.auth);
    const event = (
      await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Read me", visibility: "private" })
    ).body;
    expect((await readerApi.get(`/v1/events/${event.id}`)).status).toBe(200);
    const denied = await readerApi.post(`/v1/events/${event.id}/sessions`, { name: "X" });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe("insufficient_role");
  });

  it("rejects unknown fields and bad values with 422 naming the field", async () => {
    const res = await api.post(`/v1/orgs/${store.orgId}/events`, {
      name: "X",
      orgId: "org_other",
      ruleset: "1995",
    });
    expect(res.status).toBe(422);
    const paths = res.body.errors.map((e: { path: string }) => e.path);
    expect(paths).toContain("ruleset");
    expect(JSON.stringify(res.body.errors)).toContain("orgId");
  });

  it("accepts only IANA time zones", async () => {
    const bad = await api.post(`/v1/orgs/${store.orgId}/events`, { name: "TZ", timezone: "Not/AZone" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].path).toBe("timezone");
    const good = await api.post(`/v1/orgs/${store.orgId}/events`, { name: "TZ", timezone: "Europe/Vilnius" });
    expect(good.body.timezone).toBe("Europe/Vilnius");
  });

  it("locks the ruleset only once results exist, and patches other fields", async () => {
    const event = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Patchable" })).body;
    const patched = await api.patch(`/v1/events/${event.id}`, {
      ruleset: "legacy",
      venue: "Hall B",
      timers: { turn: { mode: "after-one-hour", afterMinutes: 60, turnSeconds: 100 } },
    });
    expect(patched.body).toMatchObject({
      ruleset: "legacy",
      venue: "Hall B",
      timers: {
        boardStudySeconds: 300,
        placementSeconds: 120,
        turn: { mode: "after-one-hour", afterMinutes: 60, turnSeconds: 100 },
      },
    });
    expect(patched.body.lotSeed).toBe(event.lotSeed);
  });
});

describe("privacy of membership numbers", () => {
  it("shows externalIds of a public session's players to members only", async () => {
    const event = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Public roster" })).body;
    const session = (await api.post(`/v1/events/${event.id}/sessions`, { name: "S" })).body;
    const player = (
      await api.post(`/v1/orgs/${store.orgId}/players`, { name: "Member", externalId: "LT-PRIVATE-1" })
    ).body;
    await api.post(`/v1/sessions/${session.id}/players`, { playerIds: [player.id] });
    expect((await api.get(`/v1/sessions/${session.id}/players`)).body.data[0].player.externalId).toBe(
      "LT-PRIVATE-1",
    );
    const anonymous = await jsonRequest(ctx.app, {}).get(`/v1/sessions/${session.id}/players`);
    expect(anonymous.body.data[0].player).toEqual({ id: player.id, name: "Member", externalId: null });
  });
});

describe("conditional reads", () => {
  it("gives every JSON read an ETag and answers If-None-Match with 304 until the data changes", async () => {
    const event = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Tagged" })).body;
    const first = await api.get(`/v1/events/${event.id}`);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"[0-9a-f]{24}"$/);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    expect((await api.get(`/v1/events/${event.id}`, { "if-none-match": etag })).status).toBe(304);
    await api.patch(`/v1/events/${event.id}`, { venue: "Hall C" });
    const changed = await api.get(`/v1/events/${event.id}`, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    const list = await api.get(`/v1/orgs/${store.orgId}/players`);
    expect(
      (await api.get(`/v1/orgs/${store.orgId}/players`, { "if-none-match": list.headers.get("etag")! }))
        .status,
    ).toBe(304);
    const anonymous = await jsonRequest(ctx.app, {}).get(`/v1/events/${event.id}`);
    expect(anonymous.headers.get("cache-control")).toBe("no-cache");
  });
});
