import { describe, expect, it } from "vitest";
import { reseatRound } from "./reseat";
import { TableSplitError } from "./tables";

const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);

describe("reseatRound keeps what can be kept", () => {
  it("16 → 15: the leaver's table plays with 3, every other table is untouched", () => {
    const p = ids(16);
    const round = [p.slice(0, 4), p.slice(4, 8), p.slice(8, 12), p.slice(12, 16)];
    const next = reseatRound({ round, playerIds: p.filter((x) => x !== "p6") });
    expect(next).toEqual([p.slice(0, 4), ["p5", "p7", "p8"], p.slice(8, 12), p.slice(12, 16)]);
  });

  it("13 → 12: the 3-player tables are merged into 4-player tables (rule 1.1.7: 12 = 3 × 4)", () => {
    const p = ids(13);
    const round = [p.slice(0, 4), p.slice(4, 7), p.slice(7, 10), p.slice(10, 13)];
    const next = reseatRound({ round, playerIds: p.filter((x) => x !== "p1") });
    expect(next.map((t) => t.length)).toEqual([4, 4, 4]);
    expect(next.flat().sort()).toEqual(p.filter((x) => x !== "p1").sort());
  });

  it("prefers new opponents when it has to move players", () => {
    const round = [
      ["a", "b", "c"],
      ["d", "e", "f"],
    ];
    // c leaves: 5 players cannot be seated.
    expect(() => reseatRound({ round, playerIds: ["a", "b", "d", "e", "f"] })).toThrow(TableSplitError);
    const seven = [
      ["a", "b", "c", "d"],
      ["e", "f", "g"],
      ["h", "i", "j"],
    ];
    // j leaves: 9 = 3 × 3; the 4-player table gives one player to h and i's table: the one who never met them.
    const next = reseatRound({
      round: seven,
      playerIds: ["a", "b", "c", "d", "e", "f", "g", "h", "i"],
      history: [
        [
          ["a", "h", "i"],
          ["b", "c", "d"],
          ["e", "f", "g"],
        ],
      ],
    });
    expect(next.map((t) => t.length)).toEqual([3, 3, 3]);
    const withHI = next.find((t) => t.includes("h"))!;
    expect(withHI).not.toContain("a");
  });
});
