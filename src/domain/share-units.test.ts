import { describe, expect, it } from "vitest";
import { addFractions, equalFractions, fraction, toFractionString, ZERO } from "./fraction";
import { scoreGame } from "./game-score";
import { fromShareUnits, SHARE_UNIT, toShareUnits } from "./share-units";

describe("VP shares as integer units", () => {
  it("uses lcm(1..40), so every table total divides it", () => {
    expect(SHARE_UNIT).toBe(5342931457063200n);
    for (let total = 1n; total <= 40n; total++) expect(SHARE_UNIT % total).toBe(0n);
    expect(Number.isSafeInteger(Number(SHARE_UNIT))).toBe(true);
  });

  it("sums the shares of RULES.md §4 exactly (player A: 10/32 + 8/30 + 10/36 + 10/29)", () => {
    const shares = [fraction(10, 32), fraction(8, 30), fraction(10, 36), fraction(10, 29)];
    const units = shares.reduce((sum, s) => sum + BigInt(toShareUnits(s)), 0n);
    const exact = shares.reduce(addFractions, ZERO);
    expect(equalFractions(fromShareUnits(units), exact)).toBe(true);
    expect(toFractionString(fromShareUnits(String(units)))).toBe(toFractionString(exact));
    // Not reduced: every record summed from seats has the one denominator SHARE_UNIT.
    expect(fromShareUnits(units).den).toBe(SHARE_UNIT);
  });

  it("converts every share a scored table can have, 3-player tables with the fictitious 4th included", () => {
    const seen = new Set<string>();
    for (const ruleset of ["2026", "legacy"] as const) {
      for (let a = 2; a <= 20; a++) {
        for (let b = 2; b <= 9; b++) {
          const three = scoreGame({
            ruleset,
            seatPlayerIds: ["w", "a", "b"],
            scores: [
              { playerId: "w", vp: 10 },
              { playerId: "a", vp: Math.min(a, 9) },
              { playerId: "b", vp: b },
            ],
            winnerId: "w",
          });
          for (const seat of three.seats) {
            expect(toFractionString(fromShareUnits(BigInt(toShareUnits(seat.share))))).toBe(
              toFractionString(seat.share),
            );
            seen.add(`${seat.share.num}/${seat.share.den}`);
          }
        }
      }
    }
    expect(seen.size).toBeGreaterThan(50);
  });

  it("refuses what is not a share of a table of at most 40", () => {
    expect(() => toShareUnits(fraction(1, 41))).toThrow(RangeError);
    expect(() => toShareUnits(fraction(3, 2))).toThrow(RangeError);
    expect(() => toShareUnits(fraction(-1, 4))).toThrow(RangeError);
    expect(toShareUnits(ZERO)).toBe(0);
    expect(toShareUnits(fraction(1, 1))).toBe(Number(SHARE_UNIT));
  });
});
