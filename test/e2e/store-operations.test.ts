/**
 * A store chain's championship run by its stores, end to end over HTTP: the chain
 * creates the event and two store-hosted sessions; each store runs its own session with its
 * own clients (a volunteer's phone limited to its session with only `results:write`); one
 * no-show, one drop after game 2 with game 3 re-seated, one dispute settled by a referee,
 * players confirming with their seat codes; the chain seats the semifinals; every cross-store
 * action is refused.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../src/http/app";
import { addClient, bearer, createOrgClient, type OrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { createPlayers, type JsonClient, jsonRequest } from "../helpers/workflow";

type Seat = { player: { id: string }; confirmationCode?: string };
type Table = { id: string; seats: Seat[] };

let app: App;
let chain: OrgClient;
let chainApi: JsonClient;
let eventId: string;
const stores: {
  org: OrgClient;
  api: JsonClient;
  referee: JsonClient;
  phone: JsonClient;
  sessionId: string;
  players: string[];
}[] = [];
const anonymous = () => jsonRequest(app, {});

/** The lowest-numbered seat wins: every sheet is legal and the ranking is predictable. */
function sheet(ids: string[]) {
  return { scores: ids.map((playerId, i) => ({ playerId, vp: i === 0 ? 10 : 8 - i })), winnerId: ids[0]! };
}

/** The phone enters each sheet; every player confirms with their seat code (read by the store's staff). */
async function playGame(store: (typeof stores)[number], game: number, dispute = false) {
  const rounds = (await store.api.get(`/v1/sessions/${store.sessionId}/rounds`)).body.data;
  const round = rounds.find((r: { number: number }) => r.number === game);
  for (const [t, summary] of (round.tables as Table[]).entries()) {
    const table: Table = (await store.api.get(`/v1/tables/${summary.id}`)).body;
    const ids = table.seats.map((s) => s.player.id);
    const put = await store.phone.put(`/v1/tables/${table.id}/result`, sheet(ids));
    expect(put.status, put.text).toBe(200);
    if (dispute && t === 0) {
      const disputer = table.seats[1]!;
      const res = await anonymous().post(`/v1/tables/${table.id}/result/disputes`, {
        playerId: disputer.player.id,
        code: disputer.confirmationCode,
        reason: "My city was not counted",
      });
      expect(res.status, res.text).toBe(200);
    }
    for (const seat of table.seats) {
      const res = await anonymous().post(`/v1/tables/${table.id}/result/confirmations`, {
        playerId: seat.player.id,
        code: seat.confirmationCode,
      });
      expect(res.status, res.text).toBe(200);
    }
    const after = (await store.api.get(`/v1/tables/${table.id}`)).body;
    if (dispute && t === 0) {
      expect(after.result.status).toBe("pending");
      const settled = await store.referee.post(`/v1/tables/${table.id}/result/finalize`, {
        reason: "Referee counted the board: the sheet stands.",
      });
      expect(settled.status, settled.text).toBe(200);
      expect(settled.body.result.finalizedBy).toBe("referee");
    } else {
      expect(after.result).toMatchObject({ status: "final", finalizedBy: "confirmations" });
    }
  }
}

beforeAll(async () => {
  const created = await createTestApp();
  app = created.app;
  chain = await createOrgClient(app, created.db, { name: "Chain", kind: "chain" });
  chainApi = jsonRequest(app, chain.auth);
  eventId = (await chainApi.post(`/v1/orgs/${chain.orgId}/events`, { name: "Chain Championship" })).body.id;
  for (const name of ["Store North", "Store South"]) {
    const org = await createOrgClient(app, created.db, { name, parentOrgId: chain.orgId });
    const session = await chainApi.post(`/v1/events/${eventId}/sessions`, { name, hostOrgId: org.orgId });
    expect(session.status, session.text).toBe(201);
    const api = jsonRequest(app, org.auth);
    const referee = jsonRequest(app, (await addClient(app, created.db, org.orgId, "referee")).auth);
    // The volunteer's phone: a reporter limited to this session, with a results-only token.
    const client = await api.post(`/v1/orgs/${org.orgId}/clients`, {
      name: "volunteer phone",
      role: "reporter",
      scope: { sessionId: session.body.id },
    });
    const res = await app.request("/v1/auth/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: client.body.clientId,
        client_secret: client.body.clientSecret,
        scope: "results:write",
      }),
    });
    const token = (await res.json()) as { access_token: string; scope: string };
    expect(token.scope).toBe("results:write");
    const players = await createPlayers(api, org.orgId, 17, name);
    stores.push({
      org,
      api,
      referee,
      phone: jsonRequest(app, bearer(token.access_token)),
      sessionId: session.body.id,
      players,
    });
  }
});

describe("a store chain's championship run by its stores", () => {
  it("each store registers and checks in its players: one no-show at North", async () => {
    for (const [i, store] of stores.entries()) {
      const reg = await store.api.post(`/v1/sessions/${store.sessionId}/players`, {
        playerIds: store.players,
      });
      expect(reg.status, reg.text).toBe(200);
      const arrived = i === 0 ? store.players.slice(0, 16) : store.players;
      expect(
        (await store.api.post(`/v1/sessions/${store.sessionId}/check-ins`, { playerIds: arrived })).status,
      ).toBe(200);
      const seated = await store.api.post(`/v1/sessions/${store.sessionId}/rounds`, { plan: "all" });
      expect(seated.status, seated.text).toBe(201);
      expect(seated.body.data[0].quality.playersSeated).toBe(i === 0 ? 16 : 17);
    }
    const north = (await stores[0]!.api.get(`/v1/sessions/${stores[0]!.sessionId}/players`)).body.data;
    expect(north.find((r: { player: { id: string } }) => r.player.id === stores[0]!.players[16]).status).toBe(
      "no-show",
    );
  });

  it("refuses every cross-store action", async () => {
    const [north, south] = stores;
    const southRound = (await south!.api.get(`/v1/sessions/${south!.sessionId}/rounds`)).body.data[0];
    const southTable = southRound.tables[0] as Table;
    const refusals = [
      await north!.api.post(`/v1/sessions/${south!.sessionId}/players`, { playerIds: [north!.players[0]] }),
      await north!.api.post(`/v1/sessions/${south!.sessionId}/check-ins`, { playerIds: [south!.players[0]] }),
      await north!.api.post(`/v1/sessions/${south!.sessionId}/drops`, {
        playerId: south!.players[0],
        afterGame: 1,
      }),
      await north!.api.post(`/v1/rounds/${southRound.id}/board`, {}),
      await north!.api.put(
        `/v1/tables/${southTable.id}/result`,
        sheet(southTable.seats.map((s) => s.player.id)),
      ),
      await north!.referee.post(`/v1/tables/${southTable.id}/result/finalize`, {}),
      await north!.api.post(`/v1/events/${eventId}/semifinals`),
    ];
    for (const res of refusals) {
      expect(res.status, res.text).toBe(403);
      expect(res.body.code).toBe("not_session_host");
    }
    // North's phone is limited to North's session and may only write results.
    const phone = await north!.phone.put(
      `/v1/tables/${southTable.id}/result`,
      sheet(southTable.seats.map((s) => s.player.id)),
    );
    expect(phone.status).toBe(403);
    const phoneSeats = await north!.phone.post(`/v1/sessions/${north!.sessionId}/rounds`, {});
    expect(phoneSeats.status).toBe(403);
    expect(phoneSeats.body.code).toBe("insufficient_role");
    // Staff see seat codes of their own tables only; the sibling store reads the table without them.
    const seen = (await north!.api.get(`/v1/tables/${southTable.id}`)).body;
    expect(seen.seats[0].confirmationCode).toBeUndefined();
  });

  it("plays games 1 and 2 with codes and a dispute settled by the referee, then a drop re-seats game 3", async () => {
    for (const store of stores) {
      await playGame(store, 1, store === stores[0]);
      await playGame(store, 2);
    }
    const south = stores[1]!;
    const leaver = south.players[4]!;
    const drop = await south.api.post(`/v1/sessions/${south.sessionId}/drops`, {
      playerId: leaver,
      afterGame: 2,
    });
    expect(drop.status, drop.text).toBe(201);
    const game3 = drop.body.reseated[0];
    const seated = game3.tables.flatMap((t: Table) => t.seats.map((s) => s.player.id));
    expect(seated.sort()).toEqual(south.players.filter((p) => p !== leaver).sort());
    expect(game3.tables.map((t: Table) => t.seats.length).sort()).toEqual([4, 4, 4, 4]);
    for (const store of stores) await playGame(store, 3);
    const rows = (await south.api.get(`/v1/sessions/${south.sessionId}/standings`)).body.rows;
    expect(rows.find((r: { player: { id: string } }) => r.player.id === leaver)).toMatchObject({
      dropped: true,
      games: 2,
    });
    // ~30 tables, each with five requests: about 20 s on a loaded 2-core machine.
  }, 120_000);

  it("the chain seats the semifinals from the qualification over both stores", async () => {
    const q = (await chainApi.get(`/v1/events/${eventId}/qualification`)).body;
    expect(q).toMatchObject({ uniqueParticipants: 33, structure: "semifinals", qualifierCount: 16 });
    const semis = await chainApi.post(`/v1/events/${eventId}/semifinals`);
    expect(semis.status, semis.text).toBe(201);
    expect(semis.body.tables).toHaveLength(4);
    // A store cannot touch the playoffs' tables either.
    const table = semis.body.tables[0] as Table;
    const res = await stores[0]!.api.put(
      `/v1/tables/${table.id}/result`,
      sheet(table.seats.map((s) => s.player.id)),
    );
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("not_session_host");
  });
});
