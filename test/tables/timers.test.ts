/**
 * Timed turns switched on per table (docs/rules.md#timers, rule 1.1.11 option 2) over HTTP: a
 * referee switches one table to timed turns and off again; the table's timer state is readable
 * (REST, GraphQL, the venue page) and announced in the change feed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../src/http/app";
import { addClient, createOrgClient, type OrgClient } from "../helpers/auth";
import { sseData } from "../helpers/sse";
import { createTestApp } from "../helpers/test-app";
import { range, type Tournament, tournament } from "../helpers/tournament";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let app: App;
let api: JsonClient;
let referee: JsonClient;
let reporter: JsonClient;
let anonymous: JsonClient;
let foreign: JsonClient;
let store: OrgClient;
let t: Tournament;
let tables: Json[];

beforeAll(async () => {
  const made = await createTestApp();
  app = made.app;
  store = await createOrgClient(app, made.db, { name: "Timers store" });
  api = jsonRequest(app, store.auth);
  referee = jsonRequest(app, (await addClient(app, made.db, store.orgId, "referee")).auth);
  reporter = jsonRequest(app, (await addClient(app, made.db, store.orgId, "reporter")).auth);
  foreign = jsonRequest(app, (await createOrgClient(app, made.db, { name: "Elsewhere" })).auth);
  anonymous = jsonRequest(app, {});
  t = await tournament(api, store.orgId, 12, "Timers cup");
  const session = await t.session("Store A", "2026-12-05", range(1, 12));
  tables = (await t.seatGame(session, [range(1, 4), range(5, 8), range(9, 12)])).tables;
}, 60_000);

const timer = (who: JsonClient, tableId: string, body: Json = {}) =>
  who.put(`/v1/tables/${tableId}/timer`, body);

async function orgChanges(): Promise<Json[]> {
  const res = await app.request(`/v1/orgs/${store.orgId}/changes?maxSeconds=1`, {
    headers: { ...store.auth, "last-event-id": "0" },
  });
  return sseData<Json>(await res.text());
}

describe("PUT and DELETE /v1/tables/{tableId}/timer", () => {
  it("shows a table untimed until a referee switches it", async () => {
    const table = await anonymous.get(`/v1/tables/${tables[0].id}`);
    expect(table.status).toBe(200);
    expect(table.body.timer).toBeNull();
  });

  it("switches one table to timed turns: 2 minutes by default, the others stay untimed", async () => {
    const etag = (await api.get(`/v1/tables/${tables[0].id}`)).headers.get("etag")!;
    const on = await timer(referee, tables[0].id);
    expect(on.status, on.text).toBe(200);
    expect(on.body.timer).toEqual({ turnSeconds: 120, requestedBy: null, since: expect.any(String) });
    const read = await anonymous.get(`/v1/tables/${tables[0].id}`);
    expect(read.body.timer).toEqual(on.body.timer);
    expect((await api.get(`/v1/tables/${tables[0].id}`, { "if-none-match": etag })).status).toBe(200);
    expect((await anonymous.get(`/v1/tables/${tables[1].id}`)).body.timer).toBeNull();
  });

  it("records the player who asked after the opening placements, and a shorter turn", async () => {
    const asked = await timer(referee, tables[1].id, { turnSeconds: 90, requestedBy: t.P[6] });
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body.timer).toMatchObject({ turnSeconds: 90, requestedBy: t.P[6] });
  });

  it("refuses a turn longer than the rule's 2 minutes, and a player who is not at the table", async () => {
    const long = await timer(referee, tables[1].id, { turnSeconds: 150 });
    expect(long.status, long.text).toBe(422);
    expect(long.body.errors.map((e: Json) => e.path)).toEqual(["turnSeconds"]);
    const stranger = await timer(referee, tables[1].id, { requestedBy: t.P[1] });
    expect(stranger.status, stranger.text).toBe(422);
    expect(stranger.body.code).toBe("not_seated");
    expect((await anonymous.get(`/v1/tables/${tables[1].id}`)).body.timer).toMatchObject({ turnSeconds: 90 });
  });

  it("is a referee's decision: 401 without a token, 403 for a reporter, 404 for another organisation", async () => {
    expect((await timer(anonymous, tables[2].id)).status).toBe(401);
    expect((await timer(reporter, tables[2].id)).status).toBe(403);
    expect((await timer(foreign, tables[2].id)).status).toBe(404);
    expect((await anonymous.get(`/v1/tables/${tables[2].id}`)).body.timer).toBeNull();
  });

  it("switches a table back to untimed", async () => {
    const off = await referee.delete(`/v1/tables/${tables[1].id}/timer`);
    expect(off.status, off.text).toBe(200);
    expect(off.body.timer).toBeNull();
    expect((await anonymous.get(`/v1/tables/${tables[1].id}`)).body.timer).toBeNull();
  });

  it("reads through GraphQL and the venue page", async () => {
    const res = await app.request("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        query: `query ($a: ID!, $b: ID!) { a: table(id: $a) { timer { turnSeconds requestedBy since } } b: table(id: $b) { timer { turnSeconds } } }`,
        variables: { a: tables[0].id, b: tables[1].id },
      }),
    });
    const body = (await res.json()) as Json;
    expect(body.errors).toBeUndefined();
    expect(body.data.a.timer).toMatchObject({ turnSeconds: 120, requestedBy: null });
    expect(body.data.b.timer).toBeNull();
    const page = await (await app.request(`/t/${tables[0].id}`)).text();
    expect(page).toContain("Timed turns");
    expect(page).toContain("120 s");
    expect(await (await app.request(`/t/${tables[1].id}`)).text()).not.toContain("Timed turns");
  });

  it("announces every switch in the change feed and the audit trail", async () => {
    const timers = (await orgChanges()).filter((m) => m.type === "table.timer");
    expect(timers.map((m) => [m.data.tableId, m.data.timedTurns, m.data.turnSeconds])).toEqual([
      [tables[0].id, true, 120],
      [tables[1].id, true, 90],
      [tables[1].id, false, null],
    ]);
    expect(timers[1].data).toMatchObject({ eventId: t.eventId, tableNumber: 2, requestedBy: t.P[6] });
    const audit = await t.audit();
    expect(audit.filter((e: Json) => e.action.startsWith("table.timer")).map((e: Json) => e.action)).toEqual([
      "table.timer.on",
      "table.timer.on",
      "table.timer.off",
    ]);
  });

  it("refuses a table whose result is final: the game is over", async () => {
    await t.play([tables[2]]);
    const done = await timer(referee, tables[2].id);
    expect(done.status, done.text).toBe(409);
    expect(done.body.code).toBe("result_final");
  });
});
