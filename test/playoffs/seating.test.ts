import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { scoreGame } from "../../src/domain/game-score";
import { semifinalStandings } from "../../src/domain/playoffs";
import { computeQualification } from "../../src/domain/qualification";
import { snakeSeating } from "../../src/domain/snake";
import { computeSessionStandings } from "../../src/domain/standings";
import type { App } from "../../src/http/app";
import { addClient, type ClientAuth, createOrgClient, type OrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { jsonRequest } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let app: App;
let db: Awaited<ReturnType<typeof createTestApp>>["db"];
let owner: OrgClient;

const call = (method: string, path: string, body?: unknown, who: ClientAuth | null = owner) =>
  jsonRequest(app, who ? who.auth : {}).send(method, path, body);

interface Sheet {
  tableId: string;
  seatPlayerIds: string[];
  scores: { playerId: string; vp: number }[];
  winnerId: string;
  disqualifiedPlayerIds: string[];
}

const vpOf = (playerId: string, salt: string) =>
  2 + (createHash("sha256").update(`${playerId}:${salt}`).digest()[0]! % 8);
const lotOf = (lotSeed: string) => (id: string) =>
  createHash("sha256").update(`${lotSeed}:${id}`).digest("hex").slice(0, 16);

/** Signed sheets for the round's tables; the winner's seat depends on table and salt. */
async function finishTables(
  tables: Json[],
  salt: string,
  dq: ReadonlySet<string> = new Set(),
): Promise<Sheet[]> {
  const sheets: Sheet[] = tables.map((t: Json) => {
    const ids: string[] = t.seats.map((s: Json) => s.player.id);
    const eligible = ids.filter((id) => !dq.has(id));
    const winnerId = eligible[(t.number + salt.length) % eligible.length]!;
    return {
      tableId: t.id,
      seatPlayerIds: ids,
      scores: ids.map((playerId) => ({ playerId, vp: playerId === winnerId ? 10 : vpOf(playerId, salt) })),
      winnerId,
      disqualifiedPlayerIds: ids.filter((id) => dq.has(id)),
    };
  });
  await Promise.all(
    sheets.map(async (s) => {
      const res = await call("PUT", `/v1/tables/${s.tableId}/result`, {
        scores: s.scores,
        winnerId: s.winnerId,
        signed: true,
      });
      expect(res.status, res.text).toBe(200);
    }),
  );
  return sheets;
}

/** The final's sheet waits for the finalists' choices: staff waive them (docs/rules.md#choices). */
async function waiveChoices(table: Json) {
  const res = await call("PUT", `/v1/tables/${table.id}/choices/waiver`, { reason: "Chosen on paper" });
  expect(res.status, res.text).toBe(200);
}

async function createPlayers(n: number): Promise<string[]> {
  const res = await Promise.all(
    Array.from({ length: n }, (_, i) => call("POST", `/v1/orgs/${owner.orgId}/players`, { name: `Q${i}` })),
  );
  return res.map((r) => r.body.id);
}

async function createEvent() {
  const res = await call("POST", `/v1/orgs/${owner.orgId}/events`, { name: "Playoffs test" });
  expect(res.status).toBe(201);
  return { id: res.body.id as string, lotSeed: res.body.lotSeed as string };
}

async function addSession(eventId: string, date: string, playerIds: string[]) {
  const ses = await call("POST", `/v1/events/${eventId}/sessions`, { name: `Session ${date}`, date });
  expect((await call("POST", `/v1/sessions/${ses.body.id}/players`, { playerIds })).status).toBe(200);
  return ses.body.id as string;
}

/** Seats (all at once) and plays games 1–3 of a session, or seats and plays only the first `games`. */
async function playSession(sessionId: string, games = 3): Promise<Sheet[]> {
  const sheets: Sheet[] = [];
  if (games === 3) {
    const plan = await call("POST", `/v1/sessions/${sessionId}/rounds`, { plan: "all" });
    expect(plan.status, plan.text).toBe(201);
    for (const round of plan.body.data) {
      sheets.push(...(await finishTables(round.tables, `${sessionId}:${round.number}`)));
    }
    return sheets;
  }
  for (let g = 0; g < games; g++) {
    const next = await call("POST", `/v1/sessions/${sessionId}/rounds`, {});
    expect(next.status, next.text).toBe(201);
    const round = next.body.data[0];
    sheets.push(...(await finishTables(round.tables, `${sessionId}:${round.number}`)));
  }
  return sheets;
}

function expectedQualification(lotSeed: string, sessions: Sheet[][], qualifierCount: number) {
  const lots = lotOf(lotSeed);
  const results = sessions.map((sheets, i) => ({
    sessionId: String(i),
    records: computeSessionStandings({
      ruleset: "2026",
      games: sheets.map((s) => scoreGame({ ruleset: "2026", ...s })),
      disqualifiedPlayerIds: [],
      lotOf: lots,
    }).rows.map((r) => r.record),
  }));
  return computeQualification({ ruleset: "2026", sessions: results, qualifierCount, lotOf: lots }).rows;
}

const seatsOf = (round: Json) =>
  round.tables.map((t: Json) => t.seats.map((s: Json) => ({ id: s.player.id, rank: s.seedRank })));

beforeAll(async () => {
  ({ app, db } = await createTestApp());
  owner = await createOrgClient(app, db);
});

describe("POST /v1/events/{eventId}/semifinals and /final (29–79 participants)", () => {
  it("seats the top 16 of qualification in snake order, then the 4 semifinal winners in the final", async () => {
    const event = await createEvent();
    const players = await createPlayers(30);
    // Two sessions sharing six players: N = 30 unique participants; best single session counts.
    const s1 = await addSession(event.id, "2026-01-10", players.slice(0, 16));
    const s2 = await addSession(event.id, "2026-02-14", players.slice(10, 30));
    const sheets1 = await playSession(s1);

    const early = await call("POST", `/v1/events/${event.id}/semifinals`);
    expect(early.status).toBe(409); // session 2 has registered players but no game yet
    expect(early.body).toMatchObject({ code: "prelims_incomplete", rule: "1.1.5" });
    const sheets2Plan = await call("POST", `/v1/sessions/${s2}/rounds`, { plan: "all" });
    const unfinished = await call("POST", `/v1/events/${event.id}/semifinals`);
    expect(unfinished.status).toBe(409);
    expect(unfinished.body.code).toBe("prelims_unfinished");
    const sheets2: Sheet[] = [];
    for (const round of sheets2Plan.body.data) {
      sheets2.push(...(await finishTables(round.tables, `${s2}:${round.number}`)));
    }
    const finalFirst = await call("POST", `/v1/events/${event.id}/final`);
    expect(finalFirst.status).toBe(409);
    expect(finalFirst.body.code).toBe("semifinals_not_seated");

    const res = await call("POST", `/v1/events/${event.id}/semifinals`);
    expect(res.status, res.text).toBe(201);
    const semis = res.body;
    expect(semis).toMatchObject({
      kind: "semifinal",
      number: 1,
      method: "snake",
      sessionId: null,
      seed: null,
    });
    const rows = expectedQualification(event.lotSeed, [sheets1, sheets2], 16);
    const top16 = rows.slice(0, 16).map((r) => ({ id: r.record.playerId, rank: r.rank }));
    expect(seatsOf(semis)).toEqual(snakeSeating(top16, 4));
    // The same order as the published qualification.
    const published = await call("GET", `/v1/events/${event.id}/qualification`);
    expect(published.status, published.text).toBe(200);
    expect(published.body.rows.slice(0, 16).map((r: Json) => r.player.id)).toEqual(top16.map((t) => t.id));
    expect(seatsOf(semis).map((t: Json[]) => t.map((s) => s.rank))).toEqual([
      [1, 8, 9, 16],
      [2, 7, 10, 15],
      [3, 6, 11, 14],
      [4, 5, 12, 13],
    ]);
    const again = await call("POST", `/v1/events/${event.id}/semifinals`);
    expect(again.body.code).toBe("semifinal_exists");
    // Its type URI is the API's page about the code (the catalogue had no entry for it).
    expect((await app.request(new URL(again.body.type, "http://localhost").pathname)).status).toBe(200);
    const moreprelims = await call("POST", `/v1/sessions/${s2}/rounds`, {});
    expect(moreprelims.status).toBe(409);

    // Results on semifinal tables go through the ordinary result flow.
    await finishTables(semis.tables.slice(0, 3), "semi");
    const notYet = await call("POST", `/v1/events/${event.id}/final`);
    expect(notYet.status).toBe(409);
    expect(notYet.body.code).toBe("semifinals_unfinished");
    const lastSheets = await finishTables(semis.tables.slice(3), "semi");

    const final = await call("POST", `/v1/events/${event.id}/final`);
    expect(final.status, final.text).toBe(201);
    expect(final.body).toMatchObject({ kind: "final", method: "snake", sessionId: null });
    expect(final.body.tables).toHaveLength(1);

    // Expected: winners ranked by qualifying record + semifinal game (rule 1.4.4).
    const semiTables = (await call("GET", `/v1/rounds/${semis.id}`)).body.tables;
    const semiGames = await Promise.all(
      semiTables.map(async (t: Json) => {
        const table = (await call("GET", `/v1/tables/${t.id}`)).body;
        return scoreGame({
          ruleset: "2026",
          seatPlayerIds: table.seats.map((s: Json) => s.player.id),
          scores: table.result.scores,
          winnerId: table.result.winnerId,
        });
      }),
    );
    expect(lastSheets).toHaveLength(1);
    const { winners } = semifinalStandings({
      ruleset: "2026",
      games: semiGames,
      qualifyingRecords: rows.map((r) => r.record),
      lotOf: lotOf(event.lotSeed),
    });
    expect(seatsOf(final.body)).toEqual([winners.map((w) => ({ id: w.playerId, rank: w.position }))]);

    await waiveChoices(final.body.tables[0]);
    const finalSheets = await finishTables(final.body.tables, "final");
    expect(finalSheets).toHaveLength(1);
    const finalAgain = await call("POST", `/v1/events/${event.id}/final`);
    expect(finalAgain.body.code).toBe("final_exists");
    expect((await app.request(new URL(finalAgain.body.type, "http://localhost").pathname)).status).toBe(200);
    const delSemis = await call("DELETE", `/v1/rounds/${semis.id}`);
    expect(delSemis.status).toBe(409);
    expect(delSemis.body.code).toBe("not_last_round");
  }, 30_000);

  it("refuses the semifinals when fewer than 16 players qualify (disqualified players excluded)", async () => {
    const event = await createEvent();
    const players = await createPlayers(29);
    const s = await addSession(event.id, "2026-03-01", players);
    // 14 of the 29 are disqualified during game 1 (rule 1.3.6): 15 remain to qualify.
    const game1 = (await call("POST", `/v1/sessions/${s}/rounds`, {})).body.data[0];
    const out = game1.tables.flatMap((t: Json) =>
      t.seats.slice(1).map((x: Json) => ({ t, id: x.player.id })),
    );
    for (const { t, id } of out.slice(0, 14)) {
      const dq = await call("POST", `/v1/tables/${t.id}/disqualifications`, {
        playerId: id,
        reason: "No show",
      });
      expect(dq.status, dq.text).toBe(200);
    }
    const dqIds = new Set<string>(out.slice(0, 14).map((o: Json) => o.id));
    await finishTables(game1.tables, "g1", dqIds);
    for (const number of [2, 3]) {
      const round = await call("POST", `/v1/sessions/${s}/rounds`, {});
      expect(round.status, round.text).toBe(201);
      expect(round.body.data[0].tables.flatMap((t: Json) => t.seats)).toHaveLength(15);
      await finishTables(round.body.data[0].tables, `g${number}`);
    }
    const res = await call("POST", `/v1/events/${event.id}/semifinals`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "not_enough_qualifiers", rule: "1.1.5" });
    expect(res.body.detail).toMatch(/Only 15 players/);
  });

  it("refuses while a started session still has games to play", async () => {
    const event = await createEvent();
    const players = await createPlayers(29);
    const s = await addSession(event.id, "2026-03-01", players);
    await playSession(s, 2);
    const res = await call("POST", `/v1/events/${event.id}/semifinals`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("prelims_incomplete");
    expect(res.body.detail).toMatch(/played 2 of its 3/);
  });
});

describe("events of 12–28 participants: no semifinals", () => {
  it("refuses semifinals and seats the top 4 of qualification in the final", async () => {
    const event = await createEvent();
    const players = await createPlayers(13);
    const s = await addSession(event.id, "2026-05-01", players);
    const sheets = await playSession(s);
    const semis = await call("POST", `/v1/events/${event.id}/semifinals`);
    expect(semis.status).toBe(409);
    expect(semis.body).toMatchObject({ code: "no_semifinals", rule: "1.1.5" });

    const final = await call("POST", `/v1/events/${event.id}/final`);
    expect(final.status, final.text).toBe(201);
    const top4 = expectedQualification(event.lotSeed, [sheets], 4)
      .slice(0, 4)
      .map((r) => ({ id: r.record.playerId, rank: r.rank }));
    expect(seatsOf(final.body)).toEqual([top4]);
    expect(final.body.tables[0].seats.map((x: Json) => x.position)).toEqual([1, 2, 3, 4]);

    // Regeneration: the final can be removed until a result exists.
    expect((await call("DELETE", `/v1/rounds/${final.body.id}`)).status).toBe(204);
    const again = await call("POST", `/v1/events/${event.id}/final`);
    expect(seatsOf(again.body)).toEqual([top4]);
    await waiveChoices(again.body.tables[0]);
    await finishTables(again.body.tables, "final");
    const table = (await call("GET", `/v1/tables/${again.body.tables[0].id}`)).body;
    expect(table).toMatchObject({ kind: "final", result: { status: "final" } });
    expect((await call("DELETE", `/v1/rounds/${again.body.id}`)).body.code).toBe("round_has_results");
  });

  it("refuses the final before every prelim game is played", async () => {
    const event = await createEvent();
    const players = await createPlayers(12);
    const s = await addSession(event.id, "2026-05-01", players);
    await playSession(s, 2);
    const res = await call("POST", `/v1/events/${event.id}/final`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("prelims_incomplete");
  });

  it("refuses registrations once the playoffs are seated: N, and so the structure, is fixed", async () => {
    const event = await createEvent();
    const s = await addSession(event.id, "2026-05-01", await createPlayers(12));
    await playSession(s);
    expect((await call("POST", `/v1/events/${event.id}/final`)).status).toBe(201);

    // 17 late players would make N = 29: semifinals, with the final already seated from the top 4.
    const late = await call("POST", `/v1/events/${event.id}/sessions`, { name: "Late", date: "2026-05-02" });
    const reg = await call("POST", `/v1/sessions/${late.body.id}/players`, {
      playerIds: await createPlayers(17),
    });
    expect(reg.status, reg.text).toBe(409);
    expect(reg.body).toMatchObject({ code: "registration_closed" });
    const standings = await call("GET", `/v1/events/${event.id}/qualification`);
    expect(standings.body).toMatchObject({ uniqueParticipants: 12, structure: "final-only" });
  });
});

describe("playoffs: authorisation", () => {
  it("reader → 403, anonymous → 401, another organisation → 404", async () => {
    const event = await createEvent();
    const reader = await addClient(app, db, owner.orgId, "reader");
    const foreign = await createOrgClient(app, db, { name: "Elsewhere" });
    for (const path of ["semifinals", "final"]) {
      expect((await call("POST", `/v1/events/${event.id}/${path}`, undefined, reader)).status).toBe(403);
      expect((await call("POST", `/v1/events/${event.id}/${path}`, undefined, null)).status).toBe(401);
      const cross = await call("POST", `/v1/events/${event.id}/${path}`, undefined, foreign);
      expect(cross.status).toBe(404);
      expect(cross.body.code).toBe("event_not_found");
    }
  });
});
