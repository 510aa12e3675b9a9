import { describe, expect, it } from "vitest";
import { DomainRuleError } from "./errors";
import { ZERO } from "./fraction";
import { type ScoredGame, scoreGame } from "./game-score";
import { computeEventStandings, semifinalStandings } from "./playoffs";
import { computeQualification, type QualificationRow } from "./qualification";
import type { PlayerRecord } from "./standings";
import { eventStructure } from "./structure";

/** A 2026 game from [id, vp] pairs; the first pair reaching 10 VP is the winner. */
function g(cells: [string, number][], disqualifiedPlayerIds: string[] = []): ScoredGame {
  const scores = cells.map(([playerId, vp]) => ({ playerId, vp }));
  const winnerId = scores.find((s) => s.vp >= 10 && !disqualifiedPlayerIds.includes(s.playerId))!.playerId;
  return scoreGame({
    ruleset: "2026",
    seatPlayerIds: scores.map((s) => s.playerId),
    scores,
    winnerId,
    disqualifiedPlayerIds,
  });
}

const lot = (id: string) => Buffer.from(id.padEnd(8, "_").slice(0, 8)).toString("hex");
const id = (n: number) => `q${String(n).padStart(2, "0")}`;

/** n players, one session, q01 best … by VP alone: qN has 40 − N VP (q01 39, q02 38, …). */
function qualification(n: number): QualificationRow[] {
  const records: PlayerRecord[] = Array.from({ length: n }, (_, i) => ({
    playerId: id(i + 1),
    games: 3,
    wins: 1,
    vp: 39 - i,
    vpPct: ZERO,
    seconds: 0,
    thirds: 0,
  }));
  const structure = eventStructure(n, "2026");
  return computeQualification({
    ruleset: "2026",
    sessions: [{ sessionId: "ses_1", records }],
    qualifierCount: structure.qualifierCount,
    lotOf: lot,
  }).rows;
}

// Snake seating of the semifinals (docs/rules.md#snake-seating): 1,8,9,16 · 2,7,10,15 · 3,6,11,14 · 4,5,12,13.
const semis = [
  g([
    [id(1), 8],
    [id(8), 8],
    [id(9), 5],
    [id(16), 10],
  ]),
  g([
    [id(2), 10],
    [id(7), 9],
    [id(10), 6],
    [id(15), 6],
  ]),
  g([
    [id(3), 7],
    [id(6), 10],
    [id(11), 7],
    [id(14), 4],
  ]),
  g([
    [id(4), 4],
    [id(5), 3],
    [id(12), 9],
    [id(13), 10],
  ]),
];
const final = g([
  [id(2), 8],
  [id(6), 5],
  [id(13), 10],
  [id(16), 8],
]);
const semiStructure = eventStructure(40, "2026");
const ids = (rows: { playerId: string }[]) => rows.map((r) => r.playerId);

describe("semifinalStandings (rule 1.4.4, docs/rules.md#playoffs)", () => {
  it("orders non-winners by placement, ties by qualifying record + semifinal game", () => {
    const quals = qualification(40);
    const s = semifinalStandings({
      ruleset: "2026",
      games: semis,
      qualifyingRecords: quals.map((q) => q.record),
      lotOf: lot,
    });
    // Winners by the chain: q02 48 VP, q06 44, q13 37, q16 34 (all 2 wins).
    expect(ids(s.winners)).toEqual([id(2), id(6), id(13), id(16)]);
    expect(s.winners.map((w) => w.position)).toEqual([1, 2, 3, 4]);
    // 2nd places: q01 39+8, q03 37+7, q07 33+9, q08 32+8, q12 28+9, q11 29+7.
    // 3rd places: q04 36+4, q10 30+6, q15 25+6. 4th places: q05 35+3, q09 31+5, q14 26+4.
    expect(ids(s.others)).toEqual([1, 3, 7, 8, 12, 11, 4, 10, 15, 5, 9, 14].map(id));
    expect(s.others.map((o) => o.position)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(s.others.map((o) => o.placement)).toEqual([2, 2, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4]);
    expect(s.others[5]!.decidedBy).toBe("placement");
    expect(s.others[0]).toMatchObject({ decidedBy: "vp", record: { games: 4, vp: 47 } });
    expect(s.winners[3]!.decidedBy).toBe("placement");
    expect(s.others[11]!.decidedBy).toBeNull();
  });
});

describe("equal playoff placements: 2nd and 3rd places of qualifying session + playoff game", () => {
  // x and y: 2nd at their semifinal with 8 of 30, identical up to VP%; the lots favour x.
  const rec = (playerId: string, seconds: number, thirds: number): PlayerRecord => ({
    playerId,
    games: 3,
    wins: 1,
    vp: 24,
    vpPct: ZERO,
    seconds,
    thirds,
  });
  const table = (w: string, second: string, a: string, b: string) =>
    g([
      [w, 10],
      [second, 8],
      [a, 7],
      [b, 5],
    ]);
  const games = [table("w1", "x", "a1", "b1"), table("w2", "y", "a2", "b2")];
  const others = ["w1", "a1", "b1", "w2", "a2", "b2"].map((p) => rec(p, 0, 0));
  const xFirst = (p: string) => (p === "x" ? "0000000000000000" : "ffffffffffffffff");
  const order = (x: PlayerRecord, y: PlayerRecord) =>
    semifinalStandings({ ruleset: "2026", games, qualifyingRecords: [...others, x, y], lotOf: xFirst })
      .others.filter((o) => o.placement === 2)
      .map((o) => [o.playerId, o.record.seconds, o.record.thirds, o.decidedBy]);

  it("more 2nd places rank higher (the semifinal's 2nd place added to the session's)", () => {
    expect(order(rec("x", 1, 0), rec("y", 2, 0))).toEqual([
      ["y", 3, 0, "seconds"],
      ["x", 2, 0, "placement"],
    ]);
  });

  it("then more 3rd places", () => {
    expect(order(rec("x", 1, 0), rec("y", 1, 1))).toEqual([
      ["y", 2, 1, "thirds"],
      ["x", 2, 0, "placement"],
    ]);
  });
});

describe("computeEventStandings", () => {
  const quals = qualification(40);

  it("before playoffs: the prelim (qualification) order", () => {
    const e = computeEventStandings({
      ruleset: "2026",
      structure: semiStructure,
      qualificationRows: quals,
      lotOf: lot,
    });
    expect(e.phase).toBe("prelim");
    expect(e.rows.map((r) => r.playerId)).toEqual(quals.map((q) => q.record.playerId));
    expect(e.rows.every((r) => r.phase === "prelim")).toBe(true);
    expect(e.rows.map((r) => r.decidedBy)).toEqual(quals.map((q) => q.decidedBy));
  });

  it("with 2 of 4 semifinals in: still the prelim order", () => {
    const e = computeEventStandings({
      ruleset: "2026",
      structure: semiStructure,
      qualificationRows: quals,
      semifinalGames: semis.slice(0, 2),
      lotOf: lot,
    });
    expect(e.phase).toBe("prelim");
    expect(e.rows[0]!.playerId).toBe(id(1));
  });

  it("after the semifinals: winners 1–4 (reached the final), 5–16 from the semifinals, then prelims", () => {
    const e = computeEventStandings({
      ruleset: "2026",
      structure: semiStructure,
      qualificationRows: quals,
      semifinalGames: semis,
      lotOf: lot,
    });
    expect(e.phase).toBe("semifinal");
    expect(ids(e.rows).slice(0, 16)).toEqual([2, 6, 13, 16, 1, 3, 7, 8, 12, 11, 4, 10, 15, 5, 9, 14].map(id));
    expect(e.rows.slice(0, 4).every((r) => r.phase === "final" && r.finalPlacement === null)).toBe(true);
    expect(e.rows.slice(4, 16).every((r) => r.phase === "semifinal")).toBe(true);
    expect(e.rows[15]).toMatchObject({ decidedBy: "phase", semifinalPlacement: 4 });
    expect(ids(e.rows).slice(16)).toEqual(Array.from({ length: 24 }, (_, i) => id(i + 17)));
    expect(e.rows[16]).toMatchObject({
      rank: 17,
      phase: "prelim",
      decidedBy: "vp",
      semifinalPlacement: null,
    });
  });

  it("after the final: 1–4 from the final, 5–16 from the semifinals, 17+ from prelims", () => {
    const e = computeEventStandings({
      ruleset: "2026",
      structure: semiStructure,
      qualificationRows: quals,
      semifinalGames: semis,
      finalGame: final,
      lotOf: lot,
    });
    expect(e.phase).toBe("final");
    expect(ids(e.rows).slice(0, 8)).toEqual([13, 2, 16, 6, 1, 3, 7, 8].map(id));
    expect(e.rows[0]).toMatchObject({ rank: 1, phase: "final", finalPlacement: 1, semifinalPlacement: 1 });
    expect(e.rows[3]).toMatchObject({ decidedBy: "phase", record: { games: 5 } });
    expect(e.rows[4]).toMatchObject({ phase: "semifinal", finalPlacement: null, qualification: { rank: 1 } });
    expect(e.rows.map((r) => r.rank)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(e.rows.at(-1)!.decidedBy).toBeNull();
  });

  it("12–28 players: 1–4 from the final, 5 and below from the prelim ranking", () => {
    const q14 = qualification(14);
    expect(q14.filter((q) => q.qualified)).toHaveLength(4);
    const f = g([
      [id(1), 9],
      [id(2), 7],
      [id(3), 9],
      [id(4), 10],
    ]);
    const e = computeEventStandings({
      ruleset: "2026",
      structure: eventStructure(14, "2026"),
      qualificationRows: q14,
      finalGame: f,
      lotOf: lot,
    });
    expect(e.phase).toBe("final");
    expect(ids(e.rows)).toEqual([4, 1, 3, 2, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14].map(id));
    expect(e.rows.map((r) => r.phase)).toEqual([...Array(4).fill("final"), ...Array(10).fill("prelim")]);
    expect(e.rows[1]!.decidedBy).toBe("vp");
  });

  it("leaves out a player disqualified at a semifinal table", () => {
    const dq = [...semis];
    dq[3] = g(
      [
        [id(4), 4],
        [id(5), 3],
        [id(12), 9],
        [id(13), 10],
      ],
      [id(12)],
    );
    const e = computeEventStandings({
      ruleset: "2026",
      structure: semiStructure,
      qualificationRows: quals,
      semifinalGames: dq,
      lotOf: lot,
    });
    expect(ids(e.rows)).not.toContain(id(12));
    expect(e.rows).toHaveLength(39);
    // q04 is now 2nd at its table: 6 second places, then 3rd places.
    expect(e.rows.find((r) => r.playerId === id(4))!.semifinalPlacement).toBe(2);
  });

  it("leaves out a finalist disqualified at the final; the others keep final and semifinal order", () => {
    // q06 is disqualified at the final (recorded there): out of the event, so out of the
    // qualification rows too, yet still seated at a semifinal table they won.
    const dqFinal = g(
      [
        [id(2), 8],
        [id(6), 9],
        [id(13), 10],
        [id(16), 8],
      ],
      [id(6)],
    );
    const e = computeEventStandings({
      ruleset: "2026",
      structure: semiStructure,
      qualificationRows: quals.filter((q) => q.record.playerId !== id(6)),
      semifinalGames: semis,
      finalGame: dqFinal,
      lotOf: lot,
      excludedPlayerIds: [id(6)],
    });
    expect(e.phase).toBe("final");
    expect(ids(e.rows.slice(0, 3))).toEqual([id(13), id(2), id(16)]);
    expect(e.rows.slice(0, 3).map((r) => r.finalPlacement)).toEqual([1, 2, 2]);
    // q06's semifinal table: q03 and q11 keep their 2nd place (7 VP each), q14 stays 4th.
    const semi = (p: number) => e.rows.find((r) => r.playerId === id(p))!.semifinalPlacement;
    expect([semi(3), semi(11), semi(14)]).toEqual([2, 2, 4]);
    expect(ids(e.rows)).not.toContain(id(6));
    expect(e.rows).toHaveLength(39);
  });

  it("refuses more than 4 semifinal tables instead of guessing", () => {
    const fifth = g([
      [id(17), 10],
      [id(18), 8],
      [id(19), 6],
      [id(20), 4],
    ]);
    const refusal = (() => {
      try {
        computeEventStandings({
          ruleset: "2026",
          structure: semiStructure,
          qualificationRows: quals,
          semifinalGames: [...semis, fifth],
          lotOf: lot,
        });
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(DomainRuleError);
    expect((refusal as DomainRuleError).message).toMatch(/Too many semifinal tables/);
    expect((refusal as DomainRuleError).issues).toEqual([
      { path: "semifinalGames", message: "4 semifinal tables at most, got 5 (rule 1.1.5)" },
    ]);
  });

  it("refuses inconsistent playoff input", () => {
    const base = { ruleset: "2026" as const, qualificationRows: quals, lotOf: lot };
    const expectRule = (fn: () => unknown, pattern: RegExp) => {
      try {
        fn();
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(DomainRuleError);
        expect((e as DomainRuleError).code).toBe("invalid_playoff_results");
        expect((e as DomainRuleError).issues.map((i) => i.message).join(" ")).toMatch(pattern);
      }
    };
    expectRule(
      () => computeEventStandings({ ...base, structure: semiStructure, finalGame: final }),
      /all 4 semifinals/,
    );
    expectRule(
      () => computeEventStandings({ ...base, structure: eventStructure(20, "2026"), semifinalGames: semis }),
      /no semifinals/,
    );
    const wrongFinal = g([
      [id(1), 10],
      [id(6), 5],
      [id(13), 7],
      [id(16), 8],
    ]);
    expectRule(
      () =>
        computeEventStandings({
          ...base,
          structure: semiStructure,
          semifinalGames: semis,
          finalGame: wrongFinal,
        }),
      /not a semifinal winner: q01/,
    );
    const stranger = [
      ...semis.slice(0, 3),
      g([
        ["zz", 10],
        [id(5), 3],
        [id(12), 9],
        [id(13), 4],
      ]),
    ];
    expectRule(
      () => computeEventStandings({ ...base, structure: semiStructure, semifinalGames: stranger }),
      /zz has no qualifying record/,
    );
    const twice = [
      ...semis.slice(0, 3),
      g([
        [id(1), 10],
        [id(5), 3],
        [id(12), 9],
        [id(13), 4],
      ]),
    ];
    expectRule(
      () => computeEventStandings({ ...base, structure: semiStructure, semifinalGames: twice }),
      /q01 sits at two playoff tables/,
    );
  });
});
