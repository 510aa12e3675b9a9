import { describe, expect, it } from "vitest";
import { addFractions, type Fraction, fraction, toDecimalString, toFractionString, ZERO } from "./fraction";
import { type Ruleset, type ScoredGame, scoreGame } from "./game-score";
import {
  addRecords,
  aggregateRecords,
  compareRecords,
  computeSessionStandings,
  type PlayerRecord,
  rankRecords,
} from "./standings";

/** A scored game from "id:vp" cells; the cell marked "*" is the winner. */
function g(ruleset: Ruleset, ...cells: string[]): ScoredGame {
  const scores = cells.map((c) => {
    const [id, vp] = c.replace("*", "").split(":");
    return { playerId: id!, vp: Number(vp) };
  });
  const winnerId = cells
    .find((c) => c.includes("*"))!
    .replace("*", "")
    .split(":")[0]!;
  return scoreGame({ ruleset, seatPlayerIds: scores.map((s) => s.playerId), scores, winnerId });
}

/** Lots in alphabetical order of the id: handy when a test wants a known draw. */
const lotByName = (id: string) => Buffer.from(id.padEnd(8, "_").slice(0, 8)).toString("hex");

function rec(playerId: string, p: Partial<Omit<PlayerRecord, "playerId">> = {}): PlayerRecord {
  return { playerId, games: 3, wins: 0, vp: 0, vpPct: ZERO, seconds: 0, thirds: 0, ...p };
}

function byId(records: PlayerRecord[], id: string): PlayerRecord {
  return records.find((r) => r.playerId === id)!;
}

describe("rule 1.4.3 example (docs/rules.md#vp-share): A and B, 3 wins and 38 VP each, VP% decides", () => {
  // Each player's table totals are those of the example; fillers make the tables legal.
  const games = [
    g("2026", "A*:10", "a1:8", "a2:7", "a3:7"), // A 10/32
    g("2026", "a4*:10", "A:8", "a5:6", "a6:6"), // A 8/30
    g("2026", "A*:10", "a7:10", "a8:8", "a9:8"), // A 10/36
    g("2026", "A*:10", "b1:7", "b2:6", "b3:6"), // A 10/29
    g("2026", "B*:10", "c1:8", "c2:6", "c3:6"), // B 10/30
    g("2026", "c4:8", "B*:10", "c5:7"), // B 10/33: the 3-player table, fictitious 8
    g("2026", "c6*:10", "c7:10", "B:8", "c8:8"), // B 8/36
    g("2026", "B*:10", "c9:9", "d1:6", "d2:6"), // B 10/31
  ];
  const records = aggregateRecords(games);
  const A = byId(records, "A");
  const B = byId(records, "B");

  it("builds the exact VP% sums from real games", () => {
    expect(A).toMatchObject({ games: 4, wins: 3, vp: 38 });
    expect(B).toMatchObject({ games: 4, wins: 3, vp: 38 });
    const exactA = [fraction(10, 32), fraction(8, 30), fraction(10, 36), fraction(10, 29)].reduce(
      addFractions,
    );
    const exactB = [fraction(10, 30), fraction(10, 33), fraction(8, 36), fraction(10, 31)].reduce(
      addFractions,
    );
    expect(A.vpPct).toEqual(exactA);
    expect(B.vpPct).toEqual(exactB);
    expect(toDecimalString(A.vpPct, 4)).toBe("1.2018");
    // Exact B is 1.18116… (1.1812 at 4 decimals): the rules' 1.1811 is the sum of the four
    // terms each rounded to 4 decimals. A ranks above B either way.
    expect(toDecimalString(B.vpPct)).toBe("1.1811665037471489");
    expect(toDecimalString(B.vpPct, 4)).toBe("1.1812");
    expect(3333 + 3030 + 2222 + 3226).toBe(11811);
  });

  it("ranks A above B, decided by VP%", () => {
    expect(compareRecords(A, B, "2026")).toEqual({ order: -1, criterion: "vpPct" });
    const rows = rankRecords([B, A], { ruleset: "2026", lotOf: () => "0000000000000000" });
    expect(rows.map((r) => r.record.playerId)).toEqual(["A", "B"]);
    expect(rows[0]).toMatchObject({ rank: 1, decidedBy: "vpPct", decidedByLots: false });
    expect(rows[1]).toMatchObject({ rank: 2, decidedBy: null, decidedByLots: false });
  });
});

describe("docs/rules.md#legacy legacy example: B (85.85%) above A (85.70%)", () => {
  const games = [
    g("legacy", "A*:10", "a1:8", "a2:7", "a3:7"), // A 10/32
    g("legacy", "a4*:10", "A:8", "a5:6", "a6:6"), // A 8/30
    g("legacy", "A*:10", "a7:10", "a8:8", "a9:8"), // A 10/36
    g("legacy", "B*:10", "c1:8", "c2:6", "c3:6"), // B 10/30
    g("legacy", "B*:10", "c4:9", "c5:7", "c6:7"), // B 10/33 (legacy has no fictitious score)
    g("legacy", "c7*:10", "c8:10", "B:8", "c9:8"), // B 8/36
  ];
  const records = aggregateRecords(games);
  const A = byId(records, "A");
  const B = byId(records, "B");

  it("matches the percentages and the documented example row", () => {
    expect(A).toMatchObject({ games: 3, wins: 2, vp: 28, seconds: 1, thirds: 0 });
    expect(B).toMatchObject({ games: 3, wins: 2, vp: 28 });
    // The legacy text adds percentages rounded per game: 31.25 + 26.67 + 27.78 = 85.70 and
    // 33.33 + 30.30 + 22.22 = 85.85; the exact sums are 85.694…% and 85.858…%.
    expect(toDecimalString(A.vpPct, 6)).toBe("0.856944");
    expect(toDecimalString(B.vpPct, 6)).toBe("0.858586");
    expect(3125 + 2667 + 2778).toBe(8570);
    expect(3333 + 3030 + 2222).toBe(8585);
    expect(toDecimalString(A.vpPct)).toBe("0.8569444444444444");
    expect(toFractionString(A.vpPct)).toBe("617/720");
  });

  it("ranks B above A by VP%", () => {
    const rows = rankRecords([A, B], { ruleset: "legacy", lotOf: lotByName });
    expect(rows.map((r) => [r.record.playerId, r.decidedBy])).toEqual([
      ["B", "vpPct"],
      ["A", null],
    ]);
  });
});

describe("compareRecords", () => {
  it("walks the chain wins → vp → vpPct → seconds → thirds", () => {
    const base = rec("x", { wins: 1, vp: 20, vpPct: fraction(2, 3), seconds: 1, thirds: 1 });
    expect(compareRecords(base, { ...base, wins: 0, vp: 30 }, "2026")).toEqual({
      order: -1,
      criterion: "wins",
    });
    expect(compareRecords(base, { ...base, vp: 21, vpPct: fraction(1, 1) }, "2026")).toEqual({
      order: 1,
      criterion: "vp",
    });
    expect(compareRecords(base, { ...base, vpPct: fraction(1, 2) }, "2026").criterion).toBe("vpPct");
    expect(compareRecords(base, { ...base, seconds: 2, thirds: 0 }, "2026")).toEqual({
      order: 1,
      criterion: "seconds",
    });
    expect(compareRecords(base, { ...base, thirds: 0 }, "2026")).toEqual({ order: -1, criterion: "thirds" });
    expect(compareRecords(base, { ...base, playerId: "y" }, "2026")).toEqual({ order: 0, criterion: null });
  });

  it("legacy skips 2nd and 3rd places", () => {
    const a = rec("a", { wins: 1, vp: 20, vpPct: fraction(2, 3), seconds: 2 });
    const b = rec("b", { wins: 1, vp: 20, vpPct: fraction(2, 3), thirds: 2 });
    expect(compareRecords(a, b, "legacy")).toEqual({ order: 0, criterion: null });
    const rows = rankRecords([a, b], {
      ruleset: "legacy",
      lotOf: (id) => (id === "a" ? "f".repeat(16) : "0".repeat(16)),
    });
    expect(rows.map((r) => [r.record.playerId, r.decidedBy, r.decidedByLots])).toEqual([
      ["b", "lots", true],
      ["a", null, true],
    ]);
  });
});

describe("floating-point trap: VP% equal as fractions is a tie, whatever the float sums say", () => {
  // Searches shares counted/total of real tables for two different triples with the same
  // counted VP and the same exact sum whose left-to-right float sums differ in the last bit.
  function findTrap(): { a: [number, number][]; b: [number, number][] } {
    const shares: [number, number][] = [];
    for (let c = 6; c <= 10; c++) for (let t = 25; t <= 40; t++) shares.push([c, t]);
    const seen = new Map<string, [number, number][]>();
    for (let i = 0; i < shares.length; i++) {
      for (let j = i; j < shares.length; j++) {
        for (let k = j; k < shares.length; k++) {
          const triple = [shares[i]!, shares[j]!, shares[k]!];
          const exact = triple.reduce<Fraction>((acc, [c, t]) => addFractions(acc, fraction(c, t)), ZERO);
          const vp = triple.reduce((acc, [c]) => acc + c, 0);
          const key = `${vp}|${exact.num}/${exact.den}`;
          const other = seen.get(key);
          const float = (xs: [number, number][]) => xs.reduce((acc, [c, t]) => acc + c / t, 0);
          if (other && float(other) !== float(triple)) return { a: other, b: triple };
          if (!other) seen.set(key, triple);
        }
      }
    }
    throw new Error("no trap found");
  }
  const { a, b } = findTrap();
  const recordOf = (id: string, shares: [number, number][], seconds: number): PlayerRecord =>
    rec(id, {
      wins: 1,
      vp: shares.reduce((acc, [c]) => acc + c, 0),
      vpPct: shares.reduce<Fraction>((acc, [c, t]) => addFractions(acc, fraction(c, t)), ZERO),
      seconds,
    });

  it("finds 6/25 + 6/30 + 7/35 = 0.64 vs 6/25 + 6/36 + 7/30 = 0.6399999999999999 (both 16/25)", () => {
    expect(a).toEqual([
      [6, 25],
      [6, 30],
      [7, 35],
    ]);
    expect(b).toEqual([
      [6, 25],
      [6, 36],
      [7, 30],
    ]);
  });

  it("ties on vpPct and is separated by 2nd places", () => {
    const floatA = a.reduce((acc, [c, t]) => acc + c / t, 0);
    const floatB = b.reduce((acc, [c, t]) => acc + c / t, 0);
    expect(floatA).not.toBe(floatB);
    expect(Math.abs(floatA - floatB)).toBeLessThan(1e-14);
    // Give the float-larger sum fewer 2nd places: a float comparison would wrongly rank it first.
    const [hi, lo] = floatA > floatB ? [a, b] : [b, a];
    const P = recordOf("P", hi, 0);
    const Q = recordOf("Q", lo, 1);
    expect(P.vpPct).toEqual(Q.vpPct);
    expect(compareRecords(P, Q, "2026")).toEqual({ order: 1, criterion: "seconds" });
    const rows = rankRecords([P, Q], { ruleset: "2026", lotOf: lotByName });
    expect(rows.map((r) => [r.record.playerId, r.decidedBy])).toEqual([
      ["Q", "seconds"],
      ["P", null],
    ]);
  });
});

describe("computeSessionStandings", () => {
  const games = [
    g("2026", "A*:10", "B:8", "C:8", "D:6"),
    g("2026", "E*:10", "F:9", "G:7"),
    scoreGame({
      ruleset: "2026",
      seatPlayerIds: ["A", "E", "H", "B"],
      scores: [
        { playerId: "A", vp: 7 },
        { playerId: "E", vp: 10 },
        { playerId: "H", vp: 12 },
        { playerId: "B", vp: 3 },
      ],
      winnerId: "E",
      disqualifiedPlayerIds: ["H"],
    }),
  ];

  it("ranks, numbers 1..n and lists disqualified players apart", () => {
    const s = computeSessionStandings({
      ruleset: "2026",
      games,
      disqualifiedPlayerIds: ["G"],
      lotOf: lotByName,
    });
    expect(s.rows.map((r) => [r.rank, r.record.playerId, r.decidedBy])).toEqual([
      [1, "E", "wins"],
      [2, "A", "wins"],
      [3, "B", "vp"],
      [4, "F", "vp"],
      [5, "C", "vp"],
      [6, "D", null],
    ]);
    // H (disqualified, 12 VP) is placed last at the third table: A is 2nd there, B 3rd.
    expect(s.rows[1]!.record).toMatchObject({ wins: 1, vp: 17, seconds: 1, thirds: 0 });
    expect(s.rows[2]!.record).toMatchObject({ vp: 11, seconds: 1, thirds: 1 });
    expect(s.rows[1]!.record.vpPct).toEqual(addFractions(fraction(10, 32), fraction(7, 30)));
    expect(s.disqualified.map((r) => r.playerId)).toEqual(["G", "H"]);
    expect(byId(s.disqualified, "H")).toMatchObject({ games: 1, vp: 10 });
  });

  it("addRecords sums one player's records and refuses two players", () => {
    const r = addRecords(
      rec("a", { wins: 1, vpPct: fraction(1, 3) }),
      rec("a", { vp: 4, vpPct: fraction(1, 6) }),
    );
    expect(r).toMatchObject({ games: 6, wins: 1, vp: 4, vpPct: fraction(1, 2) });
    // 2nd and 3rd places add up too: the qualifying session plus a playoff game (rule 1.4.4).
    expect(
      addRecords(rec("a", { seconds: 2, thirds: 1 }), rec("a", { seconds: 1, thirds: 2 })),
    ).toMatchObject({
      seconds: 3,
      thirds: 3,
    });
    expect(() => addRecords(rec("a"), rec("b"))).toThrow(RangeError);
  });

  it("refuses two records of one player", () => {
    expect(() => rankRecords([rec("a"), rec("a")], { ruleset: "2026", lotOf: lotByName })).toThrow(
      RangeError,
    );
  });
});
