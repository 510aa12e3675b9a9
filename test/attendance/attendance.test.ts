/**
 * Check-in, no-shows, drops and late entries, over HTTP: what seating does with
 * them and where they show (roster, standings rows, GraphQL, export, seating quality).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../src/http/app";
import { createOrgClient, type OrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { createPlayers, type JsonClient, jsonRequest } from "../helpers/workflow";

let app: App;
let api: JsonClient;
let org: OrgClient;
let eventId: string;
let sessionId: string;
let players: string[];
let noShow: string;
let leaver: string;

type Table = { id: string; seats: { player: { id: string } }[] };

async function play(tables: Table[]) {
  for (const table of tables) {
    const ids = table.seats.map((s) => s.player.id);
    const res = await api.put(`/v1/tables/${table.id}/result`, {
      scores: ids.map((playerId, i) => ({ playerId, vp: i === 0 ? 10 : 9 - i })),
      winnerId: ids[0],
      signed: true,
    });
    expect(res.status, res.text).toBe(200);
  }
}

const roster = async (id = sessionId) =>
  new Map<string, { status: string; droppedAfterGame: number | null; checkedIn: boolean }>(
    (await api.get(`/v1/sessions/${id}/players`)).body.data.map(
      (r: {
        player: { id: string };
        status: string;
        droppedAfterGame: number | null;
        checkedIn: boolean;
      }) => [r.player.id, r],
    ),
  );

beforeAll(async () => {
  const created = await createTestApp();
  app = created.app;
  org = await createOrgClient(app, created.db, { name: "Store" });
  api = jsonRequest(app, org.auth);
  players = await createPlayers(api, org.orgId, 14);
  [noShow, leaver] = [players[13]!, players[0]!];
  eventId = (await api.post(`/v1/orgs/${org.orgId}/events`, { name: "Friday qualifier" })).body.id;
  sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "Friday" })).body.id;
  expect((await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: players })).status).toBe(200);
});

describe("check-in and no-shows", () => {
  it("checks players in (idempotently) and undoes a check-in", async () => {
    const res = await api.post(`/v1/sessions/${sessionId}/check-ins`, { playerIds: players.slice(0, 13) });
    expect(res.status, res.text).toBe(200);
    expect(res.body.checkedIn).toHaveLength(13);
    expect(res.body.notCheckedIn.map((p: { id: string }) => p.id)).toEqual([noShow]);
    expect((await api.delete(`/v1/sessions/${sessionId}/check-ins/${players[5]}`)).status).toBe(204);
    expect((await roster()).get(players[5]!)?.status).toBe("registered");
    await api.post(`/v1/sessions/${sessionId}/check-ins`, { playerIds: [players[5], players[5]] });
    expect((await roster()).get(players[5]!)?.status).toBe("checked-in");
  });

  it("refuses to check in someone not registered (422 naming the entry)", async () => {
    const res = await api.post(`/v1/sessions/${sessionId}/check-ins`, {
      playerIds: [players[1], "ply_nobody"],
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("not_registered");
    expect(res.body.errors[0].path).toBe("playerIds[1]");
  });

  it("game 1 seats only checked-in players; the others are kept as no-shows", async () => {
    const res = await api.post(`/v1/sessions/${sessionId}/rounds`, { plan: "all", seed: "friday" });
    expect(res.status, res.text).toBe(201);
    for (const round of res.body.data) {
      const seated = round.tables.flatMap((t: Table) => t.seats.map((s) => s.player.id));
      expect(seated).toHaveLength(13);
      expect(seated).not.toContain(noShow);
      expect(round.quality).toMatchObject({ playersSeated: 13, noShows: 1, dropped: 0 });
    }
    expect((await roster()).get(noShow)?.status).toBe("no-show");
    const standings = (await api.get(`/v1/sessions/${sessionId}/standings`)).body;
    expect(standings.noShows.map((p: { id: string }) => p.id)).toEqual([noShow]);
    expect((await api.get(`/v1/events/${eventId}`)).body.uniqueParticipants).toBe(13);
  });

  it("keeps the no-show on record and closes check-in once game 1 is seated", async () => {
    const undo = await api.delete(`/v1/sessions/${sessionId}/players/${noShow}`);
    expect(undo.status).toBe(409);
    expect(undo.body.code).toBe("no_show_kept");
    const late = await api.post(`/v1/sessions/${sessionId}/check-ins`, { playerIds: [noShow] });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("check_in_closed");
    expect(late.body.detail).toContain("DELETE /v1/rounds/");
  });
});

describe("drops", () => {
  it("refuses a drop before a game the player already has a result in", async () => {
    const rounds = (await api.get(`/v1/sessions/${sessionId}/rounds`)).body.data;
    await play(rounds[0].tables);
    await play(rounds[1].tables);
    const res = await api.post(`/v1/sessions/${sessionId}/drops`, { playerId: leaver, afterGame: 1 });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("played_after_drop");
  });

  it("drops a player after game 2: game 3 is re-seated for the 12 left, with quality figures", async () => {
    const res = await api.post(`/v1/sessions/${sessionId}/drops`, { playerId: leaver, afterGame: 2 });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ playerId: leaver, afterGame: 2, gamesPlayed: 2 });
    expect(res.body.reseated).toHaveLength(1);
    const game3 = res.body.reseated[0];
    expect(game3.number).toBe(3);
    const seated = game3.tables.flatMap((t: Table) => t.seats.map((s) => s.player.id));
    expect(seated).toHaveLength(12);
    expect(new Set(seated).size).toBe(12);
    expect(seated).not.toContain(leaver);
    expect(game3.tables.map((t: Table) => t.seats.length)).toEqual([4, 4, 4]);
    expect(game3.quality).toMatchObject({ playersSeated: 12, dropped: 1, noShows: 1 });
    expect(typeof game3.quality.repeatedPairs).toBe("number");
  });

  it("shows the drop in the roster and the standings rows, with the games played", async () => {
    expect((await roster()).get(leaver)).toMatchObject({ status: "dropped", droppedAfterGame: 2 });
    const rounds = (await api.get(`/v1/sessions/${sessionId}/rounds`)).body.data;
    await play(rounds[2].tables);
    const rows = (await api.get(`/v1/sessions/${sessionId}/standings`)).body.rows;
    const row = rows.find((r: { player: { id: string } }) => r.player.id === leaver);
    expect(row).toMatchObject({ dropped: true, droppedAfterGame: 2, games: 2 });
    const other = rows.find((r: { player: { id: string } }) => r.player.id === players[1]);
    expect(other).toMatchObject({ dropped: false, droppedAfterGame: null, games: 3 });
    const q = (await api.get(`/v1/events/${eventId}/qualification`)).body.rows;
    expect(q.find((r: { player: { id: string } }) => r.player.id === leaver).dropped).toBe(true);
  });

  it("shows the states in GraphQL and the export", async () => {
    const gql = await api.post("/graphql", {
      query: `{ session(id: "${sessionId}") { players { player { id } status droppedAfterGame }
        standings { noShows { id } rows { player { id } dropped droppedAfterGame } } } }`,
    });
    expect(gql.status, gql.text).toBe(200);
    const session = gql.body.data.session;
    expect(session.standings.noShows).toEqual([{ id: noShow }]);
    expect(session.players.find((p: { player: { id: string } }) => p.player.id === noShow).status).toBe(
      "NO_SHOW",
    );
    expect(
      session.standings.rows.find((r: { player: { id: string } }) => r.player.id === leaver).droppedAfterGame,
    ).toBe(2);
    const res = await app.request(`/v1/orgs/${org.orgId}/export`, { headers: org.auth });
    const lines = (await res.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const session_ = lines.find((l) => l.type === "session" && l.id === sessionId);
    const status = new Map(
      session_.registrations.map((r: { playerId: string; status: string }) => [r.playerId, r.status]),
    );
    expect(status.get(noShow)).toBe("no-show");
    expect(status.get(leaver)).toBe("dropped");
  });

  it("refuses a drop that leaves a count tables of 3 and 4 cannot seat (rule 1.1.7)", async () => {
    const small = (await api.post(`/v1/events/${eventId}/sessions`, { name: "Small" })).body.id;
    await api.post(`/v1/sessions/${small}/players`, { playerIds: players.slice(0, 6) });
    await api.post(`/v1/sessions/${small}/rounds`, {});
    const res = await api.post(`/v1/sessions/${small}/drops`, { playerId: players[0], afterGame: 1 });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("drop_leaves_unsplittable");
    expect(res.body.rule).toBe("1.1.7");
    expect(res.body.detail).toContain("5 players would remain for game 2");
    expect((await roster(small)).get(players[0]!)?.status).toBe("registered");
  });
});

describe("late entries", () => {
  it("refuses a registration after game 1 is seated, unless game 1 is re-seated", async () => {
    const late = (await api.post(`/v1/events/${eventId}/sessions`, { name: "Late" })).body.id;
    await api.post(`/v1/sessions/${late}/players`, { playerIds: players.slice(0, 7) });
    const round = (await api.post(`/v1/sessions/${late}/rounds`, {})).body.data[0];
    const refused = await api.post(`/v1/sessions/${late}/players`, { playerIds: [players[7]] });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("registration_closed");
    expect(refused.body.detail).toContain("seat game 1 again");
    expect((await api.delete(`/v1/rounds/${round.id}`)).status).toBe(204);
    expect((await api.post(`/v1/sessions/${late}/players`, { playerIds: [players[7]] })).status).toBe(200);
    const again = await api.post(`/v1/sessions/${late}/rounds`, {});
    expect(again.body.data[0].tables.flatMap((t: Table) => t.seats)).toHaveLength(8);
  });
});
