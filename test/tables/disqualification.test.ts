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

/** A row without what the removal of a player above it may change: rank and its tiebreak labels. */
const stable = ({ rank: _r, decidedBy: _d, decidedByLots: _l, ...row }: Json) => JSON.stringify(row);

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
  it("leaves the earlier session's other rows unchanged, apart from the removal and the ranks it moves", async () => {
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
    expect(after.rows.map(stable)).toEqual(before.rows.filter((r: Json) => r.player.id !== x).map(stable));
    expect(after.rows.map((r: Json) => r.rank)).toEqual(range(1, 15));
    expect(after.disqualified.map((r: Json) => r.player.id)).toEqual([x]);
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
