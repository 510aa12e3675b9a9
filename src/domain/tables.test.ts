import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DomainRuleError } from "./errors";
import { splitTables, TableSplitError } from "./tables";

const count = (sizes: number[], size: number) => sizes.filter((s) => s === size).length;

describe("splitTables (rule 1.1.7)", () => {
  it("splits the worked examples of docs/rules.md#table-sizes", () => {
    expect([count(splitTables(83), 4), count(splitTables(83), 3)]).toEqual([20, 1]);
    expect([count(splitTables(66), 4), count(splitTables(66), 3)]).toEqual([15, 2]);
    expect([count(splitTables(45), 4), count(splitTables(45), 3)]).toEqual([9, 3]);
  });

  it("lists 4-player tables first, then 3-player tables", () => {
    expect(splitTables(45)).toEqual([...Array(9).fill(4), 3, 3, 3]);
    expect(splitTables(16)).toEqual([4, 4, 4, 4]);
  });

  it("accepts the small counts made of 3-player tables only", () => {
    expect(splitTables(3)).toEqual([3]);
    expect(splitTables(4)).toEqual([4]);
    expect(splitTables(6)).toEqual([3, 3]);
    expect(splitTables(7)).toEqual([4, 3]);
    expect(splitTables(9)).toEqual([3, 3, 3]);
  });

  it.each([0, 1, 2, 5])("rejects %i players with a TableSplitError on rule 1.1.7", (n) => {
    let caught: unknown;
    try {
      splitTables(n);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(TableSplitError);
    expect(caught).toBeInstanceOf(DomainRuleError);
    const error = caught as TableSplitError;
    expect(error.rule).toBe("1.1.7");
    expect(error.code).toBe("invalid_table_split");
    expect(error.message).toContain(`${n} player`);
    expect(error.issues[0]?.path).toBe("playerCount");
  });

  it("rejects negative and fractional counts", () => {
    expect(() => splitTables(-4)).toThrow(TableSplitError);
    expect(() => splitTables(12.5)).toThrow(TableSplitError);
  });

  it("seats everyone at 3 or 4 players with at most three 3-player tables", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 2000 }).filter((n) => n !== 5),
        (n) => {
          const sizes = splitTables(n);
          expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
          expect(sizes.every((s) => s === 3 || s === 4)).toBe(true);
          expect(count(sizes, 3)).toBe((4 - (n % 4)) % 4);
          expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
        },
      ),
    );
  });
});
