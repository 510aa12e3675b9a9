import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { snakeSeating, zeroWinCut } from "./snake";
import { splitTables, TableSplitError } from "./tables";

const ranks = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe("snakeSeating (docs/rules.md#snake-seating)", () => {
  it("seats the semifinals of the worked example", () => {
    expect(snakeSeating(ranks(16), 4)).toEqual([
      [1, 8, 9, 16],
      [2, 7, 10, 15],
      [3, 6, 11, 14],
      [4, 5, 12, 13],
    ]);
    expect(snakeSeating(ranks(16))).toEqual(snakeSeating(ranks(16), 4));
  });

  it("seats game 4 with 45 players left as in the worked example", () => {
    expect(snakeSeating(ranks(45))).toEqual([
      [1, 24, 25],
      [2, 23, 26],
      [3, 22, 27],
      [4, 21, 28, 45],
      [5, 20, 29, 44],
      [6, 19, 30, 43],
      [7, 18, 31, 42],
      [8, 17, 32, 41],
      [9, 16, 33, 40],
      [10, 15, 34, 39],
      [11, 14, 35, 38],
      [12, 13, 36, 37],
    ]);
  });

  it("seats the final (one table) by rank", () => {
    expect(snakeSeating(["a", "b", "c", "d"])).toEqual([["a", "b", "c", "d"]]);
  });

  it("seats everyone once, best first, with the short tables on top and sizes as splitTables", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 600 }).filter((n) => n !== 5),
        (n) => {
          const tables = snakeSeating(ranks(n));
          expect(tables.flat().sort((a, b) => a - b)).toEqual(ranks(n));
          for (const table of tables) expect(table).toEqual([...table].sort((a, b) => a - b));
          const sizes = tables.map((t) => t.length);
          expect(sizes).toEqual([...splitTables(n)].reverse());
        },
      ),
    );
  });

  it("does not mutate its input", () => {
    const input = Object.freeze(ranks(20));
    snakeSeating(input);
    expect(input).toEqual(ranks(20));
  });

  it("rejects a table count that is not a positive whole number, naming the field", () => {
    for (const tables of [0, -1, 1.5, Number.NaN]) {
      const refusal = (() => {
        try {
          snakeSeating(ranks(16), tables);
        } catch (error) {
          return error;
        }
      })();
      expect(refusal).toBeInstanceOf(TableSplitError);
      expect((refusal as TableSplitError).issues.map((i) => i.path)).toEqual(["tableCount"]);
      expect(refusal).toMatchObject({ name: "TableSplitError", code: "invalid_table_split", rule: "1.1.7" });
      expect((refusal as Error).message).toMatch(/Table count must be a positive integer/);
    }
  });

  it("rejects counts that leave a table with fewer than 3 or more than 4 players", () => {
    expect(() => snakeSeating(ranks(10), 4)).toThrow(TableSplitError);
    expect(() => snakeSeating(ranks(17), 4)).toThrow(TableSplitError);
    expect(() => snakeSeating(ranks(5))).toThrow(TableSplitError);
    expect(() => snakeSeating(ranks(8), 0)).toThrow(TableSplitError);
  });
});

describe("zeroWinCut (rule 1.1.5)", () => {
  it("eliminates players without a win and keeps the order of both groups", () => {
    const rows = [
      { id: "a", wins: 2 },
      { id: "b", wins: 0 },
      { id: "c", wins: 1 },
      { id: "d", wins: 0 },
      { id: "e", wins: 3 },
    ];
    const { advancing, eliminated } = zeroWinCut(rows);
    expect(advancing.map((r) => r.id)).toEqual(["a", "c", "e"]);
    expect(eliminated.map((r) => r.id)).toEqual(["b", "d"]);
    expect(rows).toHaveLength(5);
  });

  it("handles everyone advancing and nobody", () => {
    expect(zeroWinCut([{ wins: 1 }])).toEqual({ advancing: [{ wins: 1 }], eliminated: [] });
    expect(zeroWinCut([])).toEqual({ advancing: [], eliminated: [] });
  });
});
