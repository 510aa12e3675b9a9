/**
 * A store chain's event end to end over HTTP: three prelim sessions on different dates with
 * overlapping players, qualification across sessions, semifinals, final and final standings.
 *
 * Players P1…P32 have a fixed strength: at every table the lowest number wins with 10 VP and
 * the others score 8, 6, 4 in strength order. That makes every figure below computable by hand.
 */
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

let api: JsonClient;
let anonymous: JsonClient;
let eventId: string;
const P: string[] = []; // P[1] … P[32]; P[0] unused
const numberOf = new Map<string, number>();
const sessions: { id: string; players: number[] }[] = [];

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

/** Game 1: in number order; game 2: by number mod 4; game 3: in reverse order (hand-made seatings). */
function seating(players: number[], game: number): number[][] {
  const order =
    game === 1
      ? players
      : game === 2
        ? [...players].sort((a, b) => (a % 4) - (b % 4) || a - b)
        : [...players].reverse();
  return chunks(order, 4);
}

/** The strongest (lowest number) wins with 10; the others score 8, 6, 4 by strength. */
function sheetFor(seats: string[]) {
  const byStrength = [...seats].sort((a, b) => numberOf.get(a)! - numberOf.get(b)!);
  const vp = new Map(byStrength.map((id, i) => [id, [10, 8, 6, 4][i]!]));
  return {
    scores: seats.map((playerId) => ({ playerId, vp: vp.get(playerId)! })),
    winnerId: byStrength[0]!,
    signed: true,
  };
}

async function playTables(tables: { id: string; seats: { player: { id: string } }[] }[]) {
  for (const table of tables) {
    const res = await api.put(`/v1/tables/${table.id}/result`, sheetFor(table.seats.map((s) => s.player.id)));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

beforeAll(async () => {
  const { app, db } = await createTestApp();
  const chain = await createOrgClient(app, db, { name: "Board Game Chain", kind: "chain" });
  api = jsonRequest(app, chain.auth);
  anonymous = jsonRequest(app, {});
  for (let n = 1; n <= 32; n++) {
    const id = (await api.post(`/v1/orgs/${chain.orgId}/players`, { name: `P${n}` })).body.id;
    P[n] = id;
    numberOf.set(id, n);
  }
  eventId = (await api.post(`/v1/orgs/${chain.orgId}/events`, { name: "Chain Championship 2026" })).body.id;
  const plans = [
    { name: "Store A", date: "2026-12-05", players: range(1, 12) },
    { name: "Store B", date: "2026-12-12", players: range(9, 24) },
    { name: "Store C", date: "2026-12-19", players: [...range(1, 4), ...range(17, 32)] },
  ];
  for (const plan of plans) {
    const session = (await api.post(`/v1/events/${eventId}/sessions`, { name: plan.name, date: plan.date }))
      .body;
    await api.post(`/v1/sessions/${session.id}/players`, { playerIds: plan.players.map((n) => P[n]) });
    sessions.push({ id: session.id, players: plan.players });
    for (let game = 1; game <= 3; game++) {
      const created = await api.post(`/v1/sessions/${session.id}/rounds`, {
        tables: seating(plan.players, game).map((t) => t.map((n) => P[n])),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      await playTables(created.body.data[0].tables);
    }
  }
});

describe("a store chain's championship, end to end", () => {
  it("counts 32 unique participants over three dates: semifinals, valid", async () => {
    const event = (await anonymous.get(`/v1/events/${eventId}`)).body;
    expect(event).toMatchObject({
      uniqueParticipants: 32,
      structure: "semifinals",
      qualifierCount: 16,
      valid: true,
      phase: "prelims",
    });
  });

  it("ranks each session on its own (hand-computed records)", async () => {
    const storeA = (await anonymous.get(`/v1/sessions/${sessions[0]!.id}/standings`)).body;
    // P1 wins all three 4-player games: 30 VP, VP% = 3 × 10/28 = 15/14.
    expect(storeA.rows[0]).toMatchObject({
      rank: 1,
      player: { id: P[1] },
      games: 3,
      wins: 3,
      vp: 30,
      vpPctExact: "15/14",
      vpPct: "1.0714285714285714",
      seconds: 0,
      thirds: 0,
    });
    // P12 is the weakest at every table: 3 × 4 VP, VP% = 12/28 = 3/7.
    expect(storeA.rows.at(-1)).toMatchObject({
      rank: 12,
      player: { id: P[12] },
      wins: 0,
      vp: 12,
      vpPctExact: "3/7",
      seconds: 0,
      thirds: 0,
      decidedBy: null,
    });
    // P2: 2nd behind P1 in games 1 ([1,2,3,4]) and 3 ([4,3,2,1]); wins game 2 at [5,9,2,6].
    // 8 + 10 + 8 = 26 VP, VP% = 26/28 = 13/14, two 2nd places.
    const p2 = storeA.rows.find((r: { player: { id: string } }) => r.player.id === P[2]);
    expect(p2).toMatchObject({
      rank: 4,
      games: 3,
      wins: 1,
      vp: 26,
      vpPctExact: "13/14",
      seconds: 2,
      thirds: 0,
    });
    // P5 wins [5,6,7,8] and [8,7,6,5], 2nd at [5,9,2,6]: 28 VP, VP% 28/28. P9 wins [9,10,11,12] and
    // [12,11,10,9], 4th at [5,9,2,6]: 24 VP. Both 2 wins, so VP decides between them.
    expect(storeA.rows[1]).toMatchObject({
      rank: 2,
      player: { id: P[5] },
      wins: 2,
      vp: 28,
      vpPctExact: "1/1",
      vpPct: "1.0000000000000000",
      seconds: 1,
      decidedBy: "vp",
    });
    expect(storeA.rows[2]).toMatchObject({
      rank: 3,
      player: { id: P[9] },
      wins: 2,
      vp: 24,
      vpPctExact: "6/7",
      decidedBy: "wins",
    });
  });

  it("qualifies each player's best single session, never a sum, and says which session counted", async () => {
    const q = (await anonymous.get(`/v1/events/${eventId}/qualification`)).body;
    expect(q).toMatchObject({ uniqueParticipants: 32, structure: "semifinals", qualifierCount: 16 });
    expect(q.rows).toHaveLength(32);
    const row = (n: number) => q.rows.find((r: { player: { id: string } }) => r.player.id === P[n]);
    // P1 played A and C with identical records (3 wins, 30 VP, 15/14): the earlier session counts, not 6 wins.
    expect(row(1)).toMatchObject({
      games: 3,
      wins: 3,
      vp: 30,
      vpPctExact: "15/14",
      sessionId: sessions[0]!.id,
      qualified: true,
    });
    // P9 is the strongest of Store B (3 wins there) but mid-table in Store A: B counts.
    expect(row(9)).toMatchObject({
      wins: 3,
      vp: 30,
      vpPctExact: "15/14",
      sessionId: sessions[1]!.id,
      qualified: true,
    });
    // P1 and P9 tie on every criterion: the lots decide, re-checkable from the public lotSeed.
    const lot = (id: string) => createHash("sha256").update(`${q.lotSeed}:${id}`).digest("hex").slice(0, 16);
    const [first, second] = [P[1]!, P[9]!].sort((a, b) => (lot(a) < lot(b) ? -1 : 1));
    expect(q.rows.slice(0, 2).map((r: { player: { id: string } }) => r.player.id)).toEqual([first, second]);
    expect(q.rows[0]).toMatchObject({ decidedBy: "lots", decidedByLots: true, lot: lot(first!) });
    // P17 is the strongest of Store C except P1–P4; its best is Store B or C, never both.
    expect([sessions[1]!.id, sessions[2]!.id]).toContain(row(17).sessionId);
    expect(row(17).games).toBe(3);
    expect(q.rows.filter((r: { qualified: boolean }) => r.qualified)).toHaveLength(16);
    expect(q.rows.map((r: { rank: number }) => r.rank)).toEqual(range(1, 32));
  });

  it("seats the semifinals by snake over the qualification ranks, plays them, then the final", async () => {
    const q = (await anonymous.get(`/v1/events/${eventId}/qualification`)).body;
    const byRank = (rank: number) => q.rows[rank - 1].player.id;
    const semis = await api.post(`/v1/events/${eventId}/semifinals`);
    expect(semis.status, JSON.stringify(semis.body)).toBe(201);
    const snake = [
      [1, 8, 9, 16],
      [2, 7, 10, 15],
      [3, 6, 11, 14],
      [4, 5, 12, 13],
    ];
    expect(
      semis.body.tables.map((t: { seats: { player: { id: string } }[] }) => t.seats.map((s) => s.player.id)),
    ).toEqual(snake.map((t) => t.map(byRank)));
    expect(semis.body.tables[0].seats.map((s: { seedRank: number }) => s.seedRank)).toEqual([1, 8, 9, 16]);
    await playTables(semis.body.tables);
    const winners = semis.body.tables.map(
      (t: { seats: { player: { id: string } }[] }) =>
        t.seats.map((s) => s.player.id).sort((a, b) => numberOf.get(a)! - numberOf.get(b)!)[0],
    );

    const final = await api.post(`/v1/events/${eventId}/final`);
    expect(final.status, JSON.stringify(final.body)).toBe(201);
    const finalists = final.body.tables[0].seats.map((s: { player: { id: string } }) => s.player.id);
    expect([...finalists].sort()).toEqual([...winners].sort());
    // The finalists chose turn order, chair and colour on paper: the referee waives recording them.
    const waiver = await api.put(`/v1/tables/${final.body.tables[0].id}/choices/waiver`, {
      reason: "Choices made on the paper sheet",
    });
    expect(waiver.status, JSON.stringify(waiver.body)).toBe(200);
    await playTables(final.body.tables);

    const standings = (await anonymous.get(`/v1/events/${eventId}/standings`)).body;
    expect(standings.phase).toBe("final");
    // 1–4 follow the final table: strongest first (10, 8, 6, 4 VP).
    const finalOrder = [...finalists].sort((a, b) => numberOf.get(a)! - numberOf.get(b)!);
    expect(standings.rows.slice(0, 4).map((r: { player: { id: string } }) => r.player.id)).toEqual(
      finalOrder,
    );
    expect(standings.rows.slice(0, 4).map((r: { finalPlacement: number }) => r.finalPlacement)).toEqual([
      1, 2, 3, 4,
    ]);
    // 5–16: the semifinal non-winners by semifinal placement (2nd, then 3rd, then 4th).
    expect(
      standings.rows.slice(4, 16).map((r: { semifinalPlacement: number }) => r.semifinalPlacement),
    ).toEqual([2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4]);
    // 17+: the prelim (qualification) order of everyone else.
    expect(standings.rows.slice(16).map((r: { player: { id: string } }) => r.player.id)).toEqual(
      q.rows.slice(16).map((r: { player: { id: string } }) => r.player.id),
    );
    expect((await anonymous.get(`/v1/events/${eventId}`)).body.phase).toBe("completed");
  });
});
