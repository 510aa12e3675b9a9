/**
 * Warnings (rules 2.0.3, 3.0.15; docs/rules.md#sanctions): a referee records one against a player
 * at a table, with the rule broken and a note; the event's staff and its organising tree read a
 * player's warnings, nobody else (anonymous 401, roles without staff rights 403, other
 * organisations 404); each is in the audit trail, and disqualifying a warned player shows them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../src/http/app";
import { addClient, createOrgClient, type OrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { range, type Tournament, tournament } from "../helpers/tournament";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let app: App;
let fed: OrgClient;
let store: OrgClient;
let sibling: OrgClient;
let stranger: OrgClient;
let api: JsonClient;
let referee: JsonClient;
let reader: JsonClient;
let t: Tournament;
let game1: Json;

beforeAll(async () => {
  const ctx = await createTestApp();
  app = ctx.app;
  fed = await createOrgClient(app, ctx.db, { name: "Federation", kind: "federation" });
  store = await createOrgClient(app, ctx.db, { name: "Store", parentOrgId: fed.orgId });
  sibling = await createOrgClient(app, ctx.db, { name: "Sibling store", parentOrgId: fed.orgId });
  stranger = await createOrgClient(app, ctx.db, { name: "Another tree" });
  api = jsonRequest(app, store.auth);
  referee = jsonRequest(app, (await addClient(app, ctx.db, store.orgId, "referee")).auth);
  reader = jsonRequest(app, (await addClient(app, ctx.db, store.orgId, "reader")).auth);
  t = await tournament(api, store.orgId, 12);
  const sessionId = await t.session("Main", "2026-12-05", range(1, 12));
  game1 = await t.seatGame(sessionId, [range(1, 4), range(5, 8), range(9, 12)]);
});

const warn = (who: JsonClient, tableId: string, body: unknown) =>
  who.post(`/v1/tables/${tableId}/warnings`, body);

describe("recording a warning", () => {
  it("a referee warns a player seated at the table: rule, note and time", async () => {
    const table = game1.tables[0];
    const res = await warn(referee, table.id, {
      playerId: t.P[2],
      rule: "3.0.15",
      note: "Showed cards to another player",
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^wrn_/),
      eventId: t.eventId,
      tableId: table.id,
      roundId: game1.id,
      player: { id: t.P[2], name: "P2" },
      rule: "3.0.15",
      note: "Showed cards to another player",
      recordedBy: expect.any(String),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it("refuses a player not seated at the table, and a rule that is not a rule number, naming the field", async () => {
    const table = game1.tables[0];
    const away = await warn(referee, table.id, { playerId: t.P[5], rule: "2.0.3", note: "x" });
    expect(away.status).toBe(422);
    expect(away.body.code).toBe("not_seated");
    expect(away.body.errors).toEqual([expect.objectContaining({ path: "playerId" })]);
    const bad = await warn(referee, table.id, { playerId: t.P[1], rule: "be nice", note: "x" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: Json) => e.path)).toEqual(["rule"]);
    // A rule number the rules do not have (docs/rules.md states every rule the API knows).
    const unknown = await warn(referee, table.id, { playerId: t.P[1], rule: "9.9.9", note: "x" });
    expect(unknown.status, unknown.text).toBe(422);
    expect(unknown.body).toMatchObject({ code: "unknown_rule", rule: "2.0.3" });
    expect(unknown.body.errors.map((e: Json) => e.path)).toEqual(["rule"]);
  });

  it("is refused to readers (403), anonymous callers (401) and other organisations (404)", async () => {
    const body = { playerId: t.P[1], rule: "2.0.3", note: "slow play" };
    const tableId = game1.tables[0].id;
    expect((await warn(reader, tableId, body)).status).toBe(403);
    expect((await warn(jsonRequest(app, {}), tableId, body)).status).toBe(401);
    expect((await warn(jsonRequest(app, stranger.auth), tableId, body)).status).toBe(404);
  });
});

describe("reading a player's warnings", () => {
  let playerId: string;
  beforeAll(async () => {
    playerId = t.P[6]!;
    const tableId = game1.tables[1].id;
    for (const [rule, note] of [
      ["2.0.3", "Took back a move"],
      ["3.0.15", "Free resources offered twice"],
    ]) {
      const res = await warn(referee, tableId, { playerId, rule, note });
      expect(res.status, res.text).toBe(201);
    }
  });

  it("lists them, oldest first, for the event's staff and the organising tree", async () => {
    for (const who of [referee, api, jsonRequest(app, fed.auth)]) {
      const res = await who.get(`/v1/players/${playerId}/warnings`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.map((w: Json) => [w.rule, w.note])).toEqual([
        ["2.0.3", "Took back a move"],
        ["3.0.15", "Free resources offered twice"],
      ]);
      expect(res.body.nextCursor).toBeNull();
    }
  });

  it("pages them", async () => {
    const page1 = await referee.get(`/v1/players/${playerId}/warnings?limit=1`);
    expect(page1.body.data).toHaveLength(1);
    const page2 = await referee.get(
      `/v1/players/${playerId}/warnings?limit=1&cursor=${page1.body.nextCursor}`,
    );
    expect(page2.body.data.map((w: Json) => w.rule)).toEqual(["3.0.15"]);
  });

  it("are never public: anonymous 401, a reader 403, another organisation or a sibling store 404", async () => {
    const path = `/v1/players/${playerId}/warnings`;
    expect((await jsonRequest(app, {}).get(path)).status).toBe(401);
    const byReader = await reader.get(path);
    expect(byReader.status).toBe(403);
    expect(byReader.body.data).toBeUndefined();
    expect((await jsonRequest(app, stranger.auth).get(path)).status).toBe(404);
    expect((await jsonRequest(app, sibling.auth).get(path)).status).toBe(404);
    const table = await jsonRequest(app, {}).get(`/v1/tables/${game1.tables[1].id}`);
    expect(table.text).not.toContain("Took back a move");
  });

  it("are in the event's audit trail", async () => {
    const audit = await t.audit();
    const added = audit.filter((e: Json) => e.action === "warning.add");
    expect(added.map((e: Json) => [e.after.playerId, e.after.rule])).toEqual(
      expect.arrayContaining([
        [playerId, "2.0.3"],
        [playerId, "3.0.15"],
      ]),
    );
  });

  it("are in GraphQL for the staff, with REST's refusal for others", async () => {
    const query = {
      query: `{ playerWarnings(playerId: "${playerId}") { nodes { rule note tableId player { id } } } }`,
    };
    const staff = await api.post("/graphql", query);
    expect(staff.status, staff.text).toBe(200);
    expect(staff.body.data.playerWarnings.nodes.map((w: Json) => w.rule)).toEqual(["2.0.3", "3.0.15"]);
    const byReader = await reader.post("/graphql", query);
    expect(byReader.body.data?.playerWarnings ?? null).toBeNull();
    expect(byReader.body.errors[0].extensions.code).toBe("insufficient_role");
    const byStranger = await jsonRequest(app, stranger.auth).post("/graphql", query);
    expect(byStranger.body.errors[0].extensions.code).toBe("player_not_found");
  });
});

describe("disqualifying a warned player", () => {
  it("shows their warnings in the answer and in the audit entry", async () => {
    const table = game1.tables[2];
    const first = await warn(referee, table.id, { playerId: t.P[10], rule: "2.0.3", note: "Rolled twice" });
    expect(first.status, first.text).toBe(201);
    const dq = await referee.post(`/v1/tables/${table.id}/disqualifications`, {
      playerId: t.P[10],
      reason: "Cheating after a warning",
    });
    expect(dq.status, dq.text).toBe(200);
    expect(dq.body.warnings).toEqual([first.body]);
    const entry = (await t.audit()).find((e: Json) => e.action === "player.disqualify");
    expect(entry.after.warnings).toEqual([{ id: first.body.id, rule: "2.0.3", note: "Rolled twice" }]);
  });

  it("answers an empty list for a player never warned", async () => {
    const table = game1.tables[2];
    const dq = await referee.post(`/v1/tables/${table.id}/disqualifications`, {
      playerId: t.P[11],
      reason: "Abusive behaviour",
    });
    expect(dq.status, dq.text).toBe(200);
    expect(dq.body.warnings).toEqual([]);
  });
});
