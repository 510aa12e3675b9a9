import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import type { App } from "../../src/http/app";
import type { SessionStandingsDto } from "../../src/services/standings";
import { createOrgClient } from "../helpers/auth";
import { type Seeder, seeder } from "../helpers/seed-results";
import { createTestApp } from "../helpers/test-app";

let app: App;
let db: Database;
let s: Seeder;

beforeAll(async () => {
  ({ app, db } = await createTestApp());
  const org = await createOrgClient(app, db);
  s = seeder(db, org.orgId);
});

async function standings(sessionId: string): Promise<SessionStandingsDto> {
  const res = await app.request(`/v1/sessions/${sessionId}/standings`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as SessionStandingsDto;
}

const lotOf = (seed: string, id: string) =>
  createHash("sha256").update(`${seed}:${id}`).digest("hex").slice(0, 16);

describe("GET /v1/sessions/{sessionId}/standings — rules examples", () => {
  it("ranks A above B on VP% with equal wins and VP (docs/rules.md#ranking-a-session example)", async () => {
    const evt = await s.event();
    const [a, b] = await s.players(["A", "B"]);
    const fillers = await s.players(24);
    const ses = await s.session(evt.id, [a!, b!, ...fillers]);
    // A: 10/32, 8/30, 10/36, 10/29 · B: 10/30, 10/33, 8/36, 10/31; both 3 wins and 38 VP.
    const aGames = [
      [10, 8, 7, 7],
      [8, 10, 6, 6],
      [10, 9, 9, 8],
      [10, 7, 6, 6],
    ];
    const bGames = [
      [10, 7, 7, 6],
      [10, 8, 8, 7],
      [8, 10, 9, 9],
      [10, 7, 7, 7],
    ];
    for (let r = 0; r < 4; r++) {
      const f = fillers.slice(r * 6, r * 6 + 6);
      await s.round(evt.id, {
        sessionId: ses,
        number: r + 1,
        tables: [
          { players: [a!, ...f.slice(0, 3)], vp: aGames[r]! },
          { players: [b!, ...f.slice(3, 6)], vp: bGames[r]! },
        ],
      });
    }
    const body = await standings(ses);
    const [first, second, third] = body.rows;
    expect(first).toMatchObject({
      rank: 1,
      player: { id: a, name: "A" },
      games: 4,
      wins: 3,
      vp: 38,
      vpPct: "1.2017720306513410",
      vpPctExact: "25093/20880",
      decidedBy: "vpPct",
      decidedByLots: false,
      sessionId: ses,
      qualified: null,
      disqualified: false,
      eliminated: false,
    });
    expect(second).toMatchObject({
      rank: 2,
      player: { id: b },
      vpPct: "1.1811665037471489",
      decidedBy: "wins",
    });
    expect(third?.wins).toBe(1);
    expect(body.rows.at(-1)?.decidedBy).toBeNull();
    expect(body.rows).toHaveLength(26);
    expect(body.rounds.map((r) => [r.number, r.tables, r.finalTables])).toEqual([
      [1, 2, 2],
      [2, 2, 2],
      [3, 2, 2],
      [4, 2, 2],
    ]);
  });

  it("adds the fictitious 4th score at a 3-player table (8, 10, 7 → table total 33)", async () => {
    const evt = await s.event();
    const [x, y, z] = await s.players(3);
    const ses = await s.session(evt.id, [x!, y!, z!]);
    await s.round(evt.id, { sessionId: ses, tables: [{ players: [x!, y!, z!], vp: [8, 10, 7] }] });
    const body = await standings(ses);
    expect(body.rows.map((r) => [r.player.id, r.vpPctExact, r.seconds, r.thirds])).toEqual([
      [y, "10/33", 0, 0],
      [x, "8/33", 1, 0],
      [z, "7/33", 0, 1],
    ]);
    expect(body.rows[1]!.vpPct).toBe("0.2424242424242424");
  });

  it("legacy: no fictitious 4th; 2nds and 3rds reported but never decide", async () => {
    const evt = await s.event({ ruleset: "legacy" });
    const [x, y, z] = await s.players(3);
    const ses = await s.session(evt.id, [x!, y!, z!]);
    await s.round(evt.id, { sessionId: ses, tables: [{ players: [x!, y!, z!], vp: [8, 10, 7] }] });
    const body = await standings(ses);
    expect(body.ruleset).toBe("legacy");
    expect(body.rows.map((r) => r.vpPctExact)).toEqual(["2/5", "8/25", "7/25"]);
    expect(body.rows[1]).toMatchObject({ seconds: 1, decidedBy: "vp" });
  });

  it.each([
    ["2026", "seconds"],
    ["legacy", "lots"],
  ] as const)(
    "%s: equal wins, VP and VP% but different 2nd places → decided by %s",
    async (ruleset, criterion) => {
      const evt = await s.event({ ruleset });
      const [w1, p, x, y, w2, z, q, y2] = await s.players(8);
      const ses = await s.session(evt.id, [w1!, p!, x!, y!, w2!, z!, q!, y2!]);
      // p: 7/27 and 2nd place; q: 7/27 and 3rd place.
      await s.round(evt.id, {
        sessionId: ses,
        tables: [
          { players: [w1!, p!, x!, y!], vp: [10, 7, 5, 5] },
          { players: [w2!, z!, q!, y2!], vp: [10, 8, 7, 2] },
        ],
      });
      const body = await standings(ses);
      const ip = body.rows.findIndex((r) => r.player.id === p);
      const iq = body.rows.findIndex((r) => r.player.id === q);
      expect(Math.abs(ip - iq)).toBe(1);
      expect([body.rows[ip]!.vpPctExact, body.rows[iq]!.vpPctExact]).toEqual(["7/27", "7/27"]);
      expect([body.rows[ip]!.seconds, body.rows[iq]!.seconds]).toEqual([1, 0]);
      expect(body.rows[Math.min(ip, iq)]!.decidedBy).toBe(criterion);
      if (ruleset === "2026") expect(ip).toBeLessThan(iq);
    },
  );
});

describe("GET /v1/sessions/{sessionId}/standings — what counts", () => {
  it("ignores pending results and tables without a result", async () => {
    const evt = await s.event();
    const ids = await s.players(12);
    const ses = await s.session(evt.id, ids);
    await s.round(evt.id, {
      sessionId: ses,
      tables: [
        { players: ids.slice(0, 4), vp: [10, 8, 6, 4] },
        { players: ids.slice(4, 8), vp: [10, 9, 6, 4], status: "pending" },
        { players: ids.slice(8, 12) },
      ],
    });
    const body = await standings(ses);
    expect(body.rows.map((r) => r.player.id)).toEqual(ids.slice(0, 4));
    expect(body.rounds[0]).toMatchObject({ tables: 3, finalTables: 1 });
    expect(body.playerCount).toBe(12);
    expect(body.gamesPlanned).toBe(3);
  });

  it("excludes a disqualified player and lists them apart; the others move up", async () => {
    const evt = await s.event();
    const ids = await s.players(8);
    const ses = await s.session(evt.id, ids);
    const [w, cheat, third, fourth] = ids;
    const { tableIds } = await s.round(evt.id, {
      sessionId: ses,
      tables: [
        { players: [w!, cheat!, third!, fourth!], vp: [10, 9, 6, 4], status: "pending" },
        { players: ids.slice(4, 8), vp: [10, 8, 6, 4] },
      ],
    });
    // Disqualified before the sheet is final (rule 1.3.6; the database refuses it after), then signed.
    await s.disqualify(evt.id, tableIds[0]!, cheat!);
    await s.setResult(evt.id, tableIds[0]!, { players: [w!, cheat!, third!, fourth!], vp: [10, 9, 6, 4] });
    const body = await standings(ses);
    expect(body.rows.map((r) => r.player.id)).not.toContain(cheat);
    expect(body.rows).toHaveLength(7);
    expect(body.disqualified).toEqual([
      expect.objectContaining({
        player: { id: cheat, name: expect.any(String) },
        games: 1,
        vp: 9,
        disqualified: true,
        qualified: null,
      }),
    ]);
    // Not ranked: the row has no rank and nothing that decided one (not two always-null fields).
    expect(body.disqualified[0]).not.toHaveProperty("rank");
    expect(body.disqualified[0]).not.toHaveProperty("decidedBy");
    // The disqualified seat forfeits its place: the 6 VP player is now 2nd at that table.
    expect(body.rows.find((r) => r.player.id === third)).toMatchObject({ seconds: 1, thirds: 0 });
    // Their VP stays in the table total: 6 / (10 + 9 + 6 + 4).
    expect(body.rows.find((r) => r.player.id === third)?.vpPctExact).toBe("6/29");
  });

  it("lists a player disqualified before any of their results is final, with an empty record", async () => {
    const evt = await s.event();
    const ids = await s.players(8);
    const ses = await s.session(evt.id, ids);
    const { tableIds } = await s.round(evt.id, {
      sessionId: ses,
      tables: [
        { players: ids.slice(0, 4), vp: [10, 8, 6, 4] },
        { players: ids.slice(4, 8), vp: [10, 8, 6, 0], status: "pending" },
      ],
    });
    await s.disqualify(evt.id, tableIds[1]!, ids[7]!);
    const body = await standings(ses);
    expect(body.rows).toHaveLength(4);
    expect(body.disqualified).toEqual([
      expect.objectContaining({
        player: expect.objectContaining({ id: ids[7] }),
        games: 0,
        vpPctExact: "0/1",
      }),
    ]);
  });

  it("marks players cut by the zero-win rule as eliminated", async () => {
    const evt = await s.event();
    const ids = await s.players(4);
    const ses = await s.session(evt.id, ids, { eliminated: [ids[3]!] });
    await s.round(evt.id, { sessionId: ses, tables: [{ players: ids, vp: [10, 8, 6, 4] }] });
    const body = await standings(ses);
    expect(body.rows.map((r) => r.eliminated)).toEqual([false, false, false, true]);
  });

  it("draws lots reproducibly from SHA-256(lotSeed:playerId), lower lot first", async () => {
    const evt = await s.event({ lotSeed: "a3f09c7e5b1d2468" });
    const ids = await s.players(12);
    const ses = await s.session(evt.id, ids);
    // Three identical tables: every position is a three-way tie on the whole chain.
    await s.round(evt.id, {
      sessionId: ses,
      tables: [0, 4, 8].map((i) => ({ players: ids.slice(i, i + 4), vp: [10, 8, 6, 4] })),
    });
    const body = await standings(ses);
    expect(body.lotSeed).toBe("a3f09c7e5b1d2468");
    for (let place = 0; place < 4; place++) {
      const group = body.rows.slice(place * 3, place * 3 + 3);
      const expected = [0, 4, 8]
        .map((i) => ids[i + place]!)
        .sort((x, y) => lotOf(evt.lotSeed, x).localeCompare(lotOf(evt.lotSeed, y)));
      expect(group.map((r) => r.player.id)).toEqual(expected);
      for (const row of group) {
        expect(row.lot).toBe(lotOf(evt.lotSeed, row.player.id));
        expect(row.decidedByLots).toBe(true);
      }
      // The last of each group is separated from the next group by wins (winners) or VP.
      expect(group.map((r) => r.decidedBy)).toEqual(["lots", "lots", ["wins", "vp", "vp", null][place]]);
    }
  });

  it("reports the event header: ruleset, N, structure, validity, resultsVersion", async () => {
    const evt = await s.event();
    const ids = await s.players(4);
    const ses = await s.session(evt.id, ids);
    await s.round(evt.id, { sessionId: ses, tables: [{ players: ids, vp: [10, 8, 6, 4] }] });
    const body = await standings(ses);
    expect(body).toMatchObject({
      eventId: evt.id,
      sessionId: ses,
      ruleset: "2026",
      lotSeed: evt.lotSeed,
      resultsVersion: 1,
      uniqueParticipants: 4,
      structure: "final-only",
      qualifierCount: 4,
      valid: false,
    });
    expect(body.validity[0]).toMatch(/at least 12/);
  });

  it("404 for an unknown session", async () => {
    const res = await app.request("/v1/sessions/ses_nope/standings");
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe("session_not_found");
  });
});
