/**
 * Choosing turn order, chair and colour by rank at snake-seated tables (docs/rules.md#choices,
 * rules 1.1.7, 1.1.10, 1.1.12) over HTTP: the choices are recorded in rank order, a choice out of
 * it is refused naming the rule, and the chosen turn order is the one the table, the round,
 * GraphQL, the venue page and the change feed show.
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
let store: OrgClient;
let t: Tournament;
let prelimTable: Json;
let final: Json;
let finalRoundId: string;
/** The final's players by seed rank: byRank[1] is the best ranked. */
const byRank: string[] = [];

beforeAll(async () => {
  const made = await createTestApp();
  app = made.app;
  store = await createOrgClient(app, made.db, { name: "Choices store" });
  api = jsonRequest(app, store.auth);
  referee = jsonRequest(app, (await addClient(app, made.db, store.orgId, "referee")).auth);
  reporter = jsonRequest(app, (await addClient(app, made.db, store.orgId, "reporter")).auth);
  anonymous = jsonRequest(app, {});
  t = await tournament(api, store.orgId, 12, "Choices cup");
  const session = await t.session("Store A", "2026-12-05", range(1, 12));
  const games = await t.playPrelims(session, range(1, 12));
  prelimTable = games[2].tables[0];
  const finalRound = await t.seat("final");
  finalRoundId = finalRound.id;
  final = finalRound.tables[0];
  for (const seat of final.seats) byRank[seat.seedRank] = seat.player.id;
}, 60_000);

const choose = (who: JsonClient, body: Json) => who.post(`/v1/tables/${final.id}/choices`, body);

async function orgChanges(): Promise<Json[]> {
  const res = await app.request(`/v1/orgs/${store.orgId}/changes?maxSeconds=1`, {
    headers: { ...store.auth, "last-event-id": "0" },
  });
  return sseData<Json>(await res.text());
}

describe("POST /v1/tables/{tableId}/choices", () => {
  it("lists a snake-seated table by rank, nobody has chosen, the best ranked chooses first", async () => {
    const table = (await api.get(`/v1/tables/${final.id}`)).body;
    expect(table.seats.map((s: Json) => [s.position, s.seedRank, s.chair, s.colour, s.chosenAt])).toEqual([
      [1, 1, null, null, null],
      [2, 2, null, null, null],
      [3, 3, null, null, null],
      [4, 4, null, null, null],
    ]);
    expect(table.nextToChoose).toBe(byRank[1]);
  });

  it("refuses a choice before every better-ranked player chose (422 naming rule 1.1.12), recording nothing", async () => {
    const early = await choose(referee, { playerId: byRank[2], position: 1, colour: "red" });
    expect(early.status, early.text).toBe(422);
    expect(early.body).toMatchObject({ code: "choice_out_of_rank_order", rule: "1.1.12" });
    expect(early.body.detail).toContain("P");
    const table = (await api.get(`/v1/tables/${final.id}`)).body;
    expect(table.seats.every((s: Json) => s.chosenAt === null)).toBe(true);
  });

  it("is the staff's: 401 without a token, 403 for a reporter", async () => {
    expect((await choose(anonymous, { playerId: byRank[1], position: 3, colour: "blue" })).status).toBe(401);
    const denied = await choose(reporter, { playerId: byRank[1], position: 3, colour: "blue" });
    expect(denied.status, denied.text).toBe(403);
  });

  it("records choices in rank order; the players still to choose hold the free positions by rank", async () => {
    const etag = (await api.get(`/v1/tables/${final.id}`)).headers.get("etag")!;
    const first = await choose(referee, { playerId: byRank[1], position: 3, chair: 2, colour: "blue" });
    expect(first.status, first.text).toBe(200);
    expect(first.body.seats.map((s: Json) => [s.seedRank, s.position, s.chair, s.colour])).toEqual([
      [2, 1, null, null],
      [3, 2, null, null],
      [1, 3, 2, "blue"],
      [4, 4, null, null],
    ]);
    expect(first.body.seats[2].chosenAt).toEqual(expect.any(String));
    expect(first.body.nextToChoose).toBe(byRank[2]);
    // What a poller holds is no longer current.
    expect((await api.get(`/v1/tables/${final.id}`, { "if-none-match": etag })).status).toBe(200);

    // The chair follows the chosen turn order (turns pass clockwise): position 1 sits in chair 4.
    const second = await choose(referee, { playerId: byRank[2], position: 1, colour: "red" });
    expect(second.status, second.text).toBe(200);
    expect(second.body.seats.find((s: Json) => s.seedRank === 2)).toMatchObject({ position: 1, chair: 4 });
  });

  it("refuses a taken position or colour and a chair that does not match the turn order, naming each field", async () => {
    const taken = await choose(referee, { playerId: byRank[3], position: 3, colour: "blue" });
    expect(taken.status, taken.text).toBe(422);
    expect(taken.body.code).toBe("choice_unavailable");
    expect(taken.body.errors.map((e: Json) => e.path).sort()).toEqual(["colour", "position"]);

    const wrongChair = await choose(referee, { playerId: byRank[3], position: 4, chair: 1, colour: "white" });
    expect(wrongChair.status, wrongChair.text).toBe(422);
    expect(wrongChair.body).toMatchObject({ code: "chair_out_of_turn_order", rule: "1.1.10" });

    const outOfRange = await choose(referee, { playerId: byRank[3], position: 5, colour: "white" });
    expect(outOfRange.status, outOfRange.text).toBe(422);

    const again = await choose(referee, { playerId: byRank[1], position: 2, colour: "orange" });
    expect(again.status, again.text).toBe(409);
    expect(again.body.code).toBe("already_chosen");

    const stranger = await choose(referee, { playerId: t.P[12], position: 2, colour: "orange" });
    expect(stranger.status, stranger.text).toBe(422);
    expect(stranger.body.code).toBe("not_seated");
  });

  it("once everyone chose, every view shows the chosen turn order", async () => {
    expect((await choose(referee, { playerId: byRank[3], position: 4, colour: "white" })).status).toBe(200);
    const last = await choose(api, { playerId: byRank[4], position: 2, chair: 1, colour: "orange" });
    expect(last.status, last.text).toBe(200);
    const order = [byRank[2]!, byRank[4]!, byRank[1]!, byRank[3]!];
    expect(last.body.nextToChoose).toBeNull();
    expect(last.body.seats.map((s: Json) => [s.player.id, s.position, s.chair, s.colour])).toEqual([
      [byRank[2], 1, 4, "red"],
      [byRank[4], 2, 1, "orange"],
      [byRank[1], 3, 2, "blue"],
      [byRank[3], 4, 3, "white"],
    ]);

    const round = (await anonymous.get(`/v1/rounds/${finalRoundId}`)).body;
    expect(
      round.tables[0].seats.map((s: Json) => [s.player.id, s.position, s.seedRank, s.chair, s.colour]),
    ).toEqual([
      [byRank[2], 1, 2, 4, "red"],
      [byRank[4], 2, 4, 1, "orange"],
      [byRank[1], 3, 1, 2, "blue"],
      [byRank[3], 4, 3, 3, "white"],
    ]);

    const gql = await app.request("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        query: `query ($id: ID!) { table(id: $id) { nextToChoose seats { position chair colour chosenAt player { id } } } }`,
        variables: { id: final.id },
      }),
    });
    const body = (await gql.json()) as Json;
    expect(body.errors).toBeUndefined();
    expect(body.data.table.nextToChoose).toBeNull();
    expect(body.data.table.seats.map((s: Json) => [s.player.id, s.position, s.chair, s.colour])).toEqual([
      [byRank[2], 1, 4, "RED"],
      [byRank[4], 2, 1, "ORANGE"],
      [byRank[1], 3, 2, "BLUE"],
      [byRank[3], 4, 3, "WHITE"],
    ]);

    // The venue page lists the seats in the chosen turn order, with chair and colour.
    const page = await (await app.request(`/t/${final.id}`)).text();
    const at = order.map((id) => page.indexOf(`>P${t.numberOf.get(id)}<`));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(page).toContain("Orange");

    // The change feed announces each choice with the table's seats in their new order.
    const chosen = (await orgChanges()).filter((m) => m.type === "seat.chosen");
    expect(chosen).toHaveLength(4);
    expect(chosen.at(-1).data).toMatchObject({
      tableId: final.id,
      playerId: byRank[4],
      seats: [
        { position: 1, playerId: byRank[2], chair: 4, colour: "red", chosen: true },
        { position: 2, playerId: byRank[4], chair: 1, colour: "orange", chosen: true },
        { position: 3, playerId: byRank[1], chair: 2, colour: "blue", chosen: true },
        { position: 4, playerId: byRank[3], chair: 3, colour: "white", chosen: true },
      ],
    });

    // The audit trail keeps who chose what.
    const audit = await t.audit();
    expect(audit.filter((e: Json) => e.action === "seat.choice")).toHaveLength(4);

    // The result sheet's notification lists the seats in the chosen order too.
    await t.play([last.body]);
    const final_ = (await orgChanges()).filter((m) => m.type === "result.final").at(-1);
    expect(final_.data.seats.map((s: Json) => s.playerId)).toEqual(order);
  });

  it("refuses choices once the table has a result, and at tables not seated by rank", async () => {
    const late = await choose(referee, { playerId: byRank[1], position: 1, colour: "red" });
    expect(late.status, late.text).toBe(409);
    const prelim = await referee.post(`/v1/tables/${prelimTable.id}/choices`, {
      playerId: prelimTable.seats[0].player.id,
      position: 1,
      colour: "red",
    });
    expect(prelim.status, prelim.text).toBe(409);
    expect(prelim.body).toMatchObject({ code: "not_snake_seated", rule: "1.1.6" });
  });
});
