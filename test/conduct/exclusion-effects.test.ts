/**
 * An exclusion takes effect at once (docs/rules.md#sanctions, RULES §11): the player is withdrawn
 * from every registration of the tree whose games have not started; seated games without a result
 * are re-seated without them, as for a drop; a sheet naming them at a table they still sit at is
 * refused; played games keep their results. Its end is a calendar day in the organisation's time
 * zone.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { auditLog } from "../../src/db/schema";
import type { App } from "../../src/http/app";
import { bearer, createOrgClient, fetchToken, type OrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let app: App;
let db: Database;
let fed: OrgClient;
let storeA: OrgClient;
let storeB: OrgClient;
let fedApi: JsonClient;
let a: JsonClient;
let b: JsonClient;
/** P[1] … P[12], players of store A; P[1] is excluded. */
const P: string[] = [""];

let later: { sessionId: string; game1: Json; game2: Json; game3: Json };
let unstarted: string;
let inPlay: { sessionId: string; game1: Json };
let played: { sessionId: string; eventId: string; standings: Json };
let exclusion: Json;

const ids = (numbers: number[]) => numbers.map((n) => P[n]!);
const seatsOf = (round: Json): string[] =>
  round.tables.flatMap((t: Json) => t.seats.map((s: Json) => s.player.id));

async function session(
  api: JsonClient,
  orgId: string,
  players: number[],
): Promise<{ id: string; eventId: string }> {
  const event = await api.post(`/v1/orgs/${orgId}/events`, { name: `Event ${players.length}` });
  expect(event.status, event.text).toBe(201);
  const ses = await api.post(`/v1/events/${event.body.id}/sessions`, { name: "Day", date: "2026-12-05" });
  expect(ses.status, ses.text).toBe(201);
  const reg = await api.post(`/v1/sessions/${ses.body.id}/players`, { playerIds: ids(players) });
  expect(reg.status, reg.text).toBe(200);
  return { id: ses.body.id, eventId: event.body.id };
}

async function seat(sessionId: string, tables: number[][]): Promise<Json> {
  const res = await a.post(`/v1/sessions/${sessionId}/rounds`, { tables: tables.map(ids) });
  expect(res.status, res.text).toBe(201);
  return res.body.data[0];
}

/** The first seat wins with 10, the others 8, 6, 4 (5 at a table of 3 is not needed here). */
const sheet = (table: Json) => ({
  scores: table.seats.map((s: Json, i: number) => ({ playerId: s.player.id, vp: [10, 8, 6, 4][i] })),
  winnerId: table.seats[0].player.id,
  signed: true,
});

async function play(table: Json) {
  const res = await a.put(`/v1/tables/${table.id}/result`, sheet(table));
  expect(res.status, res.text).toBe(200);
}

beforeAll(async () => {
  const made = await createTestApp();
  app = made.app;
  db = made.db;
  fed = await createOrgClient(app, made.db, { name: "Federation", kind: "federation" });
  storeA = await createOrgClient(app, made.db, { name: "Store A", parentOrgId: fed.orgId });
  storeB = await createOrgClient(app, made.db, { name: "Store B", parentOrgId: fed.orgId });
  fedApi = jsonRequest(app, fed.auth);
  a = jsonRequest(app, storeA.auth);
  b = jsonRequest(app, storeB.auth);
  for (let n = 1; n <= 12; n++)
    P.push((await a.post(`/v1/orgs/${storeA.orgId}/players`, { name: `P${n}` })).body.id);

  // Game 1 played; games 2 and 3 seated, not played.
  const s1 = (await session(a, storeA.orgId, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])).id;
  const game1 = await seat(s1, [
    [1, 2, 3, 4],
    [5, 6, 7, 8],
    [9, 10, 11, 12],
  ]);
  for (const table of game1.tables) await play(table);
  const rest = await a.post(`/v1/sessions/${s1}/rounds`, { plan: "all", seed: "exclusion" });
  expect(rest.status, rest.text).toBe(201);
  expect(rest.body.data.map((r: Json) => r.number)).toEqual([2, 3]);
  later = { sessionId: s1, game1, game2: rest.body.data[0], game3: rest.body.data[1] };

  // Registered at another store of the tree, nothing seated yet.
  unstarted = (await session(b, storeB.orgId, [1, 2, 3, 4, 5, 6, 7, 8])).id;

  // Game 1 in play: the other table has its result, the player's table not yet.
  const s3 = (await session(a, storeA.orgId, [1, 2, 3, 4, 5, 6, 7, 8])).id;
  const inPlayGame = await seat(s3, [
    [1, 2, 3, 4],
    [5, 6, 7, 8],
  ]);
  await play(inPlayGame.tables[1]);
  inPlay = { sessionId: s3, game1: inPlayGame };

  // A session the player finished: 8 players, games 1–3 played.
  const s4 = await session(a, storeA.orgId, [1, 2, 3, 4, 5, 6, 7, 8]);
  for (const tables of [
    [
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ],
    [
      [1, 5, 2, 6],
      [3, 7, 4, 8],
    ],
    [
      [1, 7, 4, 6],
      [3, 5, 2, 8],
    ],
  ]) {
    const round = await seat(s4.id, tables);
    for (const table of round.tables) await play(table);
  }
  played = {
    sessionId: s4.id,
    eventId: s4.eventId,
    standings: (await a.get(`/v1/sessions/${s4.id}/standings`)).body,
  };

  const res = await fedApi.post(`/v1/orgs/${fed.orgId}/exclusions`, {
    playerId: P[1],
    until: "2099-01-01",
    reason: "Serious breach of the code of conduct",
  });
  expect(res.status, res.text).toBe(201);
  exclusion = res.body;
}, 60_000);

describe("an exclusion takes effect at once", () => {
  it("withdraws the player from a registration whose games have not started", async () => {
    const roster = (await b.get(`/v1/sessions/${unstarted}/players`)).body.data;
    expect(roster.map((r: Json) => r.player.id)).not.toContain(P[1]);
    expect(roster).toHaveLength(7);
    expect(exclusion.effects.withdrawnFrom).toEqual([unstarted]);
  });

  it("re-seats seated games without a result without the player, as for a drop; game 1 keeps its result", async () => {
    const rounds = (await a.get(`/v1/sessions/${later.sessionId}/rounds`)).body.data;
    for (const game of [rounds[1], rounds[2]]) {
      expect(seatsOf(game)).not.toContain(P[1]);
      expect(seatsOf(game)).toHaveLength(11);
    }
    expect(seatsOf(rounds[0])).toEqual(seatsOf(later.game1));
    const roster = (await a.get(`/v1/sessions/${later.sessionId}/players`)).body.data;
    expect(roster.find((r: Json) => r.player.id === P[1])).toMatchObject({ droppedAfterGame: 1 });
    const standings = (await a.get(`/v1/sessions/${later.sessionId}/standings`)).body;
    expect(standings.rows.find((r: Json) => r.player.id === P[1])).toMatchObject({ wins: 1, dropped: true });
    expect(exclusion.effects.sessions).toContainEqual({
      sessionId: later.sessionId,
      droppedAfterGame: 1,
      reseatedRounds: [later.game2.id, later.game3.id],
      stillSeatedAt: [],
    });
  });

  it("keeps a game in play as seated, and refuses a sheet that scores the player there (422 player_excluded)", async () => {
    const table = inPlay.game1.tables[0];
    expect(exclusion.effects.sessions).toContainEqual({
      sessionId: inPlay.sessionId,
      droppedAfterGame: 0,
      reseatedRounds: [],
      stillSeatedAt: [table.id],
    });
    const res = await a.put(`/v1/tables/${table.id}/result`, sheet(table));
    expect(res.status, res.text).toBe(422);
    expect(res.body).toMatchObject({ code: "player_excluded" });
    expect(res.body.detail).toContain("P1");
    expect(res.body.errors.map((e: Json) => e.path)).toEqual(["scores[0].playerId"]);
    // The referee's way: disqualify the player at the table; the others' sheet then counts.
    const dq = await a.post(`/v1/tables/${table.id}/disqualifications`, {
      playerId: P[1],
      reason: "Excluded from the programme during the game",
    });
    expect(dq.status, dq.text).toBe(200);
    const after = await a.put(`/v1/tables/${table.id}/result`, {
      scores: table.seats.map((s: Json, i: number) => ({ playerId: s.player.id, vp: [2, 10, 8, 6][i] })),
      winnerId: table.seats[1].player.id,
      signed: true,
    });
    expect(after.status, after.text).toBe(200);
  });

  it("leaves a session the player finished exactly as played", async () => {
    expect((await a.get(`/v1/sessions/${played.sessionId}/standings`)).body.rows).toEqual(
      played.standings.rows,
    );
    expect(exclusion.effects.sessions.map((s: Json) => s.sessionId)).not.toContain(played.sessionId);
  });

  it("names the withdrawals and re-seats in the audit trail", async () => {
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "exclusion.add"), eq(auditLog.entityId, exclusion.id)));
    expect(entry!.after).toMatchObject({ playerId: P[1], withdrawnFrom: [unstarted] });
  });
});

describe("the end of an exclusion, a calendar day in the organisation's time zone", () => {
  it("is after today there, and the player registers again from that day there", async () => {
    // 12:00 UTC on 5 December is already 02:00 on 6 December in Kiritimati (UTC+14).
    let now = new Date("2026-12-05T12:00:00Z");
    const made = await createTestApp({ time: { clock: () => now } });
    const federation = await createOrgClient(made.app, made.db, { name: "Line Islands", kind: "federation" });
    const store = await createOrgClient(made.app, made.db, {
      name: "Atoll store",
      parentOrgId: federation.orgId,
    });
    const fedApi = jsonRequest(made.app, federation.auth);
    const storeApi = jsonRequest(made.app, store.auth);
    const zone = await fedApi.patch(`/v1/orgs/${federation.orgId}`, { timeZone: "Pacific/Kiritimati" });
    expect(zone.status, zone.text).toBe(200);
    expect(zone.body.timeZone).toBe("Pacific/Kiritimati");
    expect((await storeApi.patch(`/v1/orgs/${federation.orgId}`, { timeZone: "UTC" })).status).toBe(404);
    const player = (await storeApi.post(`/v1/orgs/${store.orgId}/players`, { name: "Islander" })).body.id;
    const exclude = (until: string) =>
      fedApi.post(`/v1/orgs/${federation.orgId}/exclusions`, { playerId: player, until, reason: "Conduct" });

    const today = await exclude("2026-12-06");
    expect(today.status, today.text).toBe(422);
    expect(today.body).toMatchObject({ code: "exclusion_ends_too_soon" });
    expect(today.body.errors).toEqual([
      { path: "until", message: expect.stringContaining("Pacific/Kiritimati") },
    ]);
    expect((await exclude("2026-12-07")).status).toBe(201);

    const event = (await storeApi.post(`/v1/orgs/${store.orgId}/events`, { name: "Atoll open" })).body;
    const register = async () => {
      // A token of this hour: the clock has moved on since the last one.
      const api = jsonRequest(
        made.app,
        bearer(await fetchToken(made.app, store.clientId, store.clientSecret)),
      );
      const ses = await api.post(`/v1/events/${event.id}/sessions`, { name: `Day ${now.toISOString()}` });
      return api.post(`/v1/sessions/${ses.body.id}/players`, { playerIds: [player] });
    };
    // 23:00 on 6 December there: still excluded.
    now = new Date("2026-12-06T09:00:00Z");
    expect((await register()).body.code).toBe("excluded_from_programme");
    // 00:30 on 7 December there (still 6 December in UTC): free to register.
    now = new Date("2026-12-06T10:30:00Z");
    const back = await register();
    expect(back.status, back.text).toBe(200);
  });
});

describe("a qualifier excluded before the playoffs are seated", () => {
  it("is passed over, the next in the ranking taking the seat; the ranking keeps their result", async () => {
    const Q: string[] = [];
    for (let n = 1; n <= 12; n++)
      Q.push((await a.post(`/v1/orgs/${storeA.orgId}/players`, { name: `Q${n}` })).body.id);
    const event = await a.post(`/v1/orgs/${storeA.orgId}/events`, { name: "Excluded qualifier" });
    expect(event.status, event.text).toBe(201);
    const ses = await a.post(`/v1/events/${event.body.id}/sessions`, { name: "Day", date: "2026-12-05" });
    expect((await a.post(`/v1/sessions/${ses.body.id}/players`, { playerIds: Q })).status).toBe(200);
    const games = await a.post(`/v1/sessions/${ses.body.id}/rounds`, { plan: "all", seed: "qualifier" });
    expect(games.status, games.text).toBe(201);
    // Q1 wins every game it plays: first in the qualification.
    for (const round of games.body.data)
      for (const table of round.tables) {
        const seats: string[] = table.seats.map((s: Json) => s.player.id);
        const winner = seats.includes(Q[0]!) ? Q[0]! : seats[0]!;
        const others = seats.filter((id) => id !== winner);
        const res = await a.put(`/v1/tables/${table.id}/result`, {
          scores: [winner, ...others].map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i] })),
          winnerId: winner,
          signed: true,
        });
        expect(res.status, res.text).toBe(200);
      }
    const before = await a.get(`/v1/events/${event.body.id}/qualification`);
    expect(before.body.rows[0].player.id).toBe(Q[0]);
    const next = before.body.rows.slice(1, 5).map((r: Json) => r.player.id);

    const excluded = await fedApi.post(`/v1/orgs/${fed.orgId}/exclusions`, {
      playerId: Q[0],
      until: "2099-01-01",
      reason: "Serious breach of the code of conduct",
    });
    expect(excluded.status, excluded.text).toBe(201);
    const final = await a.post(`/v1/events/${event.body.id}/final`);
    expect(final.status, final.text).toBe(201);
    const seated = final.body.tables[0].seats.map((s: Json) => s.player.id);
    expect(seated).not.toContain(Q[0]);
    expect([...seated].sort()).toEqual([...next].sort());
    expect((await a.get(`/v1/events/${event.body.id}/qualification`)).body.rows[0].player.id).toBe(Q[0]);
  });
});
