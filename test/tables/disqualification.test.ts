/**
 * Disqualification (docs/rules.md#people-and-results, rules 1.3.5, 1.3.6, 1.2.3, 1.4.4) over HTTP: the player leaves
 * every standings and qualification row of the event and its later seating, but sheets already
 * signed do not change; only the table where the disqualification is recorded places them last.
 * The table view and the standings agree on every placement.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { addClient, createOrgClient, type OrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { range, type Tournament, tournament } from "../helpers/tournament";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let api: JsonClient;
let refereeApi: JsonClient;
let store: OrgClient;

beforeAll(async () => {
  const { app, db } = await createTestApp();
  store = await createOrgClient(app, db, { name: "Disqualification store" });
  api = jsonRequest(app, store.auth);
  refereeApi = jsonRequest(app, (await addClient(app, db, store.orgId, "referee")).auth);
});

const get = async (path: string) => {
  const res = await api.get(path);
  expect(res.status, res.text).toBe(200);
  return res;
};

/** 2nd and 3rd places per player as the table views show them. */
async function placesFromTables(tableIds: string[]) {
  const places = new Map<string, { seconds: number; thirds: number }>();
  for (const id of tableIds) {
    for (const seat of (await get(`/v1/tables/${id}`)).body.seats) {
      const p = places.get(seat.player.id) ?? { seconds: 0, thirds: 0 };
      if (seat.placement === 2) p.seconds++;
      if (seat.placement === 3) p.thirds++;
      places.set(seat.player.id, p);
    }
  }
  return places;
}

function expectAgreement(rows: Json[], places: Map<string, { seconds: number; thirds: number }>) {
  for (const row of rows) {
    expect({ id: row.player.id, seconds: row.seconds, thirds: row.thirds }).toEqual({
      id: row.player.id,
      ...places.get(row.player.id),
    });
  }
}

describe("a disqualification in a later session does not rewrite earlier signed sheets", () => {
  it("keeps every rank of the earlier session signed before it: the player's row stays, flagged disqualified", async () => {
    const t = await tournament(api, store.orgId, 16);
    const s1 = await t.session("Store A", "2026-11-07", range(1, 16));
    const games = await t.playPrelims(s1, range(1, 16));
    const s1Tables = games.flatMap((g: Json) => g.tables.map((table: Json) => table.id));
    const s2 = await t.session("Store B", "2026-12-05", range(1, 16));
    const later = await t.seatGame(s2, [range(1, 4), range(5, 8), range(9, 12), range(13, 16)]);

    const before = (await get(`/v1/sessions/${s1}/standings`)).body;
    const tablesBefore = await Promise.all(
      s1Tables.map(async (id: string) => (await get(`/v1/tables/${id}`)).text),
    );
    // P2 was 2nd behind P1 in game 1 of Store A (P3 3rd, P4 4th), a month before.
    const x = t.P[2]!;
    expect(before.rows.find((r: Json) => r.player.id === t.P[3]).thirds).toBeGreaterThan(0);

    const dq = await refereeApi.post(`/v1/tables/${later.tables[0].id}/disqualifications`, {
      playerId: x,
      reason: "Unsporting conduct",
    });
    expect(dq.status, dq.text).toBe(200);
    await t.play(later.tables, (seatIds) => {
      const sheet = t.strengthSheet(seatIds);
      return sheet.winnerId === t.P[1]
        ? { ...sheet, scores: sheet.scores.map((s) => (s.playerId === x ? { ...s, vp: 9 } : s)) }
        : sheet;
    });

    const after = (await get(`/v1/sessions/${s1}/standings`)).body;
    // Rules 1.2.3, 1.3.5: Store A was scored and signed a month before; nothing of it moves.
    expect(after.rows).toEqual(
      before.rows.map((r: Json) => (r.player.id === x ? { ...r, disqualified: true } : r)),
    );
    expect(after.rows.map((r: Json) => r.rank)).toEqual(range(1, 16));
    expect(after.disqualified).toEqual([]);
    // The signed sheets of Store A are shown exactly as before, and the standings agree with them.
    for (const [i, id] of s1Tables.entries())
      expect((await get(`/v1/tables/${id}`)).text).toBe(tablesBefore[i]);
    expectAgreement(after.rows, await placesFromTables(s1Tables));

    // Only the table where it was recorded places P2 last (9 VP, still behind P3's 6 and P4's 4).
    const recorded = (await get(`/v1/tables/${later.tables[0].id}`)).body;
    expect(recorded.seats.map((s: Json) => [s.player.id, s.placement, s.disqualified])).toEqual([
      [t.P[1], 1, false],
      [x, 4, true],
      [t.P[3], 2, false],
      [t.P[4], 3, false],
    ]);
    const s2Standings = (await get(`/v1/sessions/${s2}/standings`)).body;
    expectAgreement(s2Standings.rows, await placesFromTables(later.tables.map((table: Json) => table.id)));

    const q = (await get(`/v1/events/${t.eventId}/qualification`)).body;
    expect(q.rows.map((r: Json) => r.player.id)).not.toContain(x);
    expect(q.disqualified.map((r: Json) => r.player.id)).toEqual([x]);
    const e = (await get(`/v1/events/${t.eventId}/standings`)).body;
    expect(e.rows.map((r: Json) => r.player.id)).not.toContain(x);
  });
});

describe("a disqualification in the playoffs (rules 1.3.6, 1.4.4)", () => {
  let t: Tournament;
  let semis: Json;
  let semiDq: string;
  let finalDq: string;
  let qualifiedBefore: string[];

  beforeAll(async () => {
    t = await tournament(api, store.orgId, 32);
    const session = await t.session("Store A", "2026-12-05", range(1, 32));
    await t.playPrelims(session, range(1, 32));
  });

  it("a semifinalist disqualified at their semifinal is placed last there; the standings answer 200 without them", async () => {
    semis = await t.seat("semifinals");
    qualifiedBefore = (await t.qualification()).rows
      .filter((r: Json) => r.qualified)
      .map((r: Json) => r.player.id);
    const table = semis.tables[0];
    const byStrength = [...t.seatIdsOf(table)].sort((a, b) => t.numberOf.get(a)! - t.numberOf.get(b)!);
    semiDq = byStrength[1]!; // would have been 2nd
    const dq = await refereeApi.post(`/v1/tables/${table.id}/disqualifications`, {
      playerId: semiDq,
      reason: "Collusion",
    });
    expect(dq.status, dq.text).toBe(200);
    await t.play(semis.tables);

    const view = (await get(`/v1/tables/${table.id}`)).body;
    const placement = new Map(view.seats.map((s: Json) => [s.player.id, s.placement]));
    expect(byStrength.map((id) => placement.get(id))).toEqual([1, 4, 2, 3]);

    const e = await t.standings();
    expect(e).toMatchObject({ phase: "semifinal", valid: true, validity: [] });
    expect(e.rows.map((r: Json) => r.player.id)).not.toContain(semiDq);
    expect(e.disqualified.map((r: Json) => r.player.id)).toEqual([semiDq]);
    expect(e.rows).toHaveLength(31);
    expect(e.rows.slice(0, 4).every((r: Json) => r.semifinalPlacement === 1)).toBe(true);
    expect(e.rows.slice(4, 15).map((r: Json) => r.semifinalPlacement)).toEqual([
      2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4,
    ]);
    // Table view and standings agree on the placements at the table where it was recorded.
    for (const id of byStrength.filter((p) => p !== semiDq)) {
      expect(e.rows.find((r: Json) => r.player.id === id).semifinalPlacement).toBe(placement.get(id));
    }
    // Qualification was what seated the semifinals: nobody moves up into a seat already played.
    const q = await t.qualification();
    expect(q.rows.filter((r: Json) => r.qualified).map((r: Json) => r.player.id)).toEqual(
      qualifiedBefore.filter((id) => id !== semiDq),
    );
    expect(e.rows.slice(15).every((r: Json) => r.phase === "prelim" && r.qualified === false)).toBe(true);
  });

  it("a finalist disqualified at the final: 200, the other three in final order, then the semifinals", async () => {
    const final = await t.seat("final");
    const table = final.tables[0];
    const byStrength = [...t.seatIdsOf(table)].sort((a, b) => t.numberOf.get(a)! - t.numberOf.get(b)!);
    expect(byStrength).not.toContain(semiDq);
    finalDq = byStrength[1]!;
    const dq = await refereeApi.post(`/v1/tables/${table.id}/disqualifications`, {
      playerId: finalDq,
      reason: "Collusion",
    });
    expect(dq.status, dq.text).toBe(200);
    await t.waiveChoices(table);
    await t.play(final.tables);

    const e = await t.standings();
    expect(e).toMatchObject({ phase: "final", valid: true });
    expect(e.rows).toHaveLength(30);
    expect(e.rows.slice(0, 3).map((r: Json) => [r.player.id, r.finalPlacement])).toEqual([
      [byStrength[0], 1],
      [byStrength[2], 2],
      [byStrength[3], 3],
    ]);
    expect(e.rows.slice(3, 14).map((r: Json) => r.semifinalPlacement)).toEqual([
      2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4,
    ]);
    expect(e.rows.slice(3, 14).every((r: Json) => r.phase === "semifinal")).toBe(true);
    expect(e.rows.map((r: Json) => r.rank)).toEqual(range(1, 30));
    expect(new Set(e.disqualified.map((r: Json) => r.player.id))).toEqual(new Set([semiDq, finalDq]));
  });
});

describe("a disqualification re-seats the later games of the session (docs/rules.md#disqualification)", () => {
  it("13 players, all games seated, a disqualification in game 1: games 2 and 3 are re-seated without the player", async () => {
    const t = await tournament(api, store.orgId, 13, "Seated ahead");
    const sessionId = await t.session("Store A", "2026-11-07", range(1, 13));
    const seated = await api.post(`/v1/sessions/${sessionId}/rounds`, { plan: "all", seed: "ahead" });
    expect(seated.status, seated.text).toBe(201);
    const [game1, game2Before, game3Before] = seated.body.data;
    const table = game1.tables[0];
    const x = t.seatIdsOf(table)[1]!;
    const codesBefore = new Map<string, string>();
    for (const g of [game2Before, game3Before]) {
      for (const tb of g.tables) {
        for (const s of (await get(`/v1/tables/${tb.id}`)).body.seats)
          codesBefore.set(s.player.id + g.number, s.confirmationCode);
      }
    }

    const dq = await refereeApi.post(`/v1/tables/${table.id}/disqualifications`, {
      playerId: x,
      reason: "Cheating",
    });
    expect(dq.status, dq.text).toBe(200);

    const rounds: Json[] = (await get(`/v1/sessions/${sessionId}/rounds`)).body.data;
    expect(rounds.map((r) => r.number)).toEqual([1, 2, 3]);
    // Game 1 keeps its seating: the player is disqualified at that table.
    expect(rounds[0].tables.flatMap((tb: Json) => tb.seats.map((s: Json) => s.player.id))).toContain(x);
    for (const round of rounds.slice(1)) {
      const ids = round.tables.flatMap((tb: Json) => tb.seats.map((s: Json) => s.player.id));
      expect(ids, `game ${round.number}`).not.toContain(x);
      expect(ids.sort()).toEqual(
        range(1, 13)
          .map((n) => t.P[n])
          .filter((id) => id !== x)
          .sort(),
      );
      expect(round.tables.map((tb: Json) => tb.seats.length)).toEqual([4, 4, 4]);
      // The same quality figures as any seating, and new seat codes on every seat.
      expect(round.quality).toMatchObject({ playersSeated: 12, dropped: 0, seatRepeats: 0 });
      expect(round.quality.maxMeetings).toBeLessThanOrEqual(2);
      for (const tb of round.tables) {
        for (const s of (await get(`/v1/tables/${tb.id}`)).body.seats) {
          expect(s.confirmationCode).not.toBe(codesBefore.get(s.player.id + round.number));
        }
      }
    }
    // The session goes on: game 1's sheets, then game 2's, without the player.
    await t.play(rounds[0].tables, (seatIds) => {
      const sheet = t.strengthSheet(seatIds);
      return seatIds.includes(x) && sheet.winnerId === x
        ? {
            ...sheet,
            winnerId: seatIds.find((id) => id !== x)!,
            scores: sheet.scores.map((s) =>
              s.playerId === x ? { ...s, vp: 8 } : s.vp === 8 ? { ...s, vp: 10 } : s,
            ),
          }
        : sheet;
    });
    await t.play(rounds[1].tables);
    const audit = await t.audit();
    const entry = audit.find((a: Json) => a.action === "player.disqualify");
    expect(entry.after.reseatedRounds).toEqual([rounds[1].id, rounds[2].id]);
  });

  it("a result already in a later game keeps it: that game is not re-seated, the disqualification is refused with the way out", async () => {
    const t = await tournament(api, store.orgId, 13, "Later game in play");
    const sessionId = await t.session("Store A", "2026-11-07", range(1, 13));
    const seated = await api.post(`/v1/sessions/${sessionId}/rounds`, { plan: "all", seed: "ahead" });
    const [game1, game2] = seated.body.data;
    // A table of game 2 that the player does not sit at plays first; the player's game-1 table is still open.
    const x = t.seatIdsOf(game1.tables[0])[1]!;
    const other = game2.tables.find((tb: Json) => !t.seatIdsOf(tb).includes(x));
    await t.play([other]);
    const dq = await refereeApi.post(`/v1/tables/${game1.tables[0].id}/disqualifications`, {
      playerId: x,
      reason: "Cheating",
    });
    expect(dq.status, dq.text).toBe(409);
    expect(dq.body.code).toBe("round_in_play");
    const after = (await get(`/v1/tables/${other.id}`)).body;
    expect(after.result.status).toBe("final");
  });
});

describe("a disqualified player is never scored or named winner after the disqualification (rule 1.3.6)", () => {
  it("another session's table seating them refuses a sheet naming them winner or scoring them (422)", async () => {
    const t = await tournament(api, store.orgId, 12, "Two stores at once");
    const a = await t.session("Store A", "2026-11-07", range(1, 12));
    const b = await t.session("Store B", "2026-11-07", range(1, 12));
    const bGames = await api.post(`/v1/sessions/${b}/rounds`, { plan: "all", seed: "b" });
    expect(bGames.status, bGames.text).toBe(201);
    const aGame1 = await t.seatGame(a, [range(1, 4), range(5, 8), range(9, 12)]);
    const x = t.P[2]!;
    const dq = await refereeApi.post(`/v1/tables/${aGame1.tables[0].id}/disqualifications`, {
      playerId: x,
      reason: "Cheating",
    });
    expect(dq.status, dq.text).toBe(200);

    const table = bGames.body.data[0].tables.find((tb: Json) => t.seatIdsOf(tb).includes(x));
    const seatIds = t.seatIdsOf(table);
    const others = seatIds.filter((id) => id !== x);
    const asWinner = await api.put(`/v1/tables/${table.id}/result`, {
      winnerId: x,
      scores: seatIds.map((playerId) => ({ playerId, vp: playerId === x ? 10 : 6 })),
      signed: true,
    });
    expect(asWinner.status, asWinner.text).toBe(422);
    expect(asWinner.body.rule).toBe("1.3.6");
    expect(asWinner.body.errors).toContainEqual(expect.objectContaining({ path: "winnerId" }));
    const scored = await api.put(`/v1/tables/${table.id}/result`, {
      winnerId: others[0],
      scores: seatIds.map((playerId) => ({ playerId, vp: playerId === others[0] ? 10 : 5 })),
      signed: true,
    });
    expect(scored.status, scored.text).toBe(422);
    expect(scored.body.rule).toBe("1.3.6");
    expect((await get(`/v1/tables/${table.id}`)).body.result).toBeNull();
  });

  it("a sheet of an earlier game of the session, played before the disqualification, still scores them", async () => {
    const t = await tournament(api, store.orgId, 12, "Earlier game still open");
    const s = await t.session("Store A", "2026-11-07", range(1, 12));
    const seated = await api.post(`/v1/sessions/${s}/rounds`, { plan: "all", seed: "early" });
    const [game1, game2] = seated.body.data;
    const x = t.P[2]!;
    // The player's game-2 table is where the referee disqualifies them; game 1 is not yet signed.
    const at2 = game2.tables.find((tb: Json) => t.seatIdsOf(tb).includes(x));
    const dq = await refereeApi.post(`/v1/tables/${at2.id}/disqualifications`, {
      playerId: x,
      reason: "Cheating",
    });
    expect(dq.status, dq.text).toBe(200);
    const at1 = game1.tables.find((tb: Json) => t.seatIdsOf(tb).includes(x));
    const sheet = t.strengthSheet(t.seatIdsOf(at1));
    const res = await api.put(`/v1/tables/${at1.id}/result`, sheet);
    expect(res.status, res.text).toBe(200);
  });
});
