import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addFractions,
  compareFractions,
  type Fraction,
  fraction,
  toDecimalString,
  toFractionString,
  ZERO,
} from "./fraction";

describe("fraction", () => {
  it("reduces and keeps the denominator positive", () => {
    expect(fraction(6, 8)).toEqual({ num: 3n, den: 4n });
    expect(fraction(3, -6)).toEqual({ num: -1n, den: 2n });
    expect(fraction(0, -7)).toEqual({ num: 0n, den: 1n });
    expect(fraction(10n, 30n)).toEqual({ num: 1n, den: 3n });
    expect(ZERO).toEqual({ num: 0n, den: 1n });
  });

  it("rejects a zero denominator and non-integers", () => {
    expect(() => fraction(1, 0)).toThrow(RangeError);
    expect(() => fraction(0.5, 1)).toThrow(RangeError);
    expect(() => fraction(1, Number.NaN)).toThrow(RangeError);
    // Refused by name, not by BigInt's own error; 2^60 is a whole float BigInt would accept,
    // but not a safe integer: it may already have been rounded.
    expect(() => fraction(0.5, 1)).toThrow(/fraction numerator must be a safe integer, got 0.5/);
    expect(() => fraction(1, 2 ** 60)).toThrow(/fraction denominator must be a safe integer/);
  });

  it("adds exactly", () => {
    expect(addFractions(fraction(1, 3), fraction(1, 6))).toEqual({ num: 1n, den: 2n });
    expect(addFractions(fraction(1, 4), fraction(3, 4))).toEqual({ num: 1n, den: 1n });
  });

  it("compares exactly", () => {
    expect(compareFractions(fraction(1, 3), fraction(2, 6))).toBe(0);
    expect(compareFractions(fraction(1, 3), fraction(1, 2))).toBe(-1);
    expect(compareFractions(fraction(-1, 2), fraction(-2, 3))).toBe(1);
  });

  it("prints the documented example row: 0.8569444444444444 and 617/720", () => {
    const f = fraction(617, 720);
    expect(toDecimalString(f)).toBe("0.8569444444444444");
    expect(toFractionString(f)).toBe("617/720");
  });

  it("rounds half up", () => {
    expect(toDecimalString(fraction(2, 3), 4)).toBe("0.6667");
    expect(toDecimalString(fraction(1, 8), 2)).toBe("0.13"); // 0.125 → 0.13
    expect(toDecimalString(fraction(1, 3), 16)).toBe("0.3333333333333333");
    expect(toDecimalString(fraction(5, 2), 0)).toBe("3");
    expect(toDecimalString(fraction(3, 1), 2)).toBe("3.00");
    expect(toDecimalString(fraction(-1, 8), 2)).toBe("-0.13");
    expect(toDecimalString(fraction(-1, 1000), 2)).toBe("0.00");
    expect(toDecimalString(ZERO)).toBe("0.0000000000000000");
    expect(() => toDecimalString(ZERO, -1)).toThrow(/places must be a non-negative integer, got -1/);
    expect(() => toDecimalString(ZERO, 1.5)).toThrow(/places must be a non-negative integer, got 1.5/);
  });

  it("compare of equal values is 0 both ways", () => {
    expect(compareFractions(ZERO, fraction(0, 7))).toBe(0);
    expect(compareFractions(fraction(2, 4), fraction(1, 2))).toBe(0);
  });

  const toNumber = (f: Fraction) => Number(f.num) / Number(f.den);
  const arbFraction = fc
    .tuple(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: 1, max: 1000 }))
    .map(([n, d]) => fraction(n, d));

  it("property: addition is commutative and associative; compare agrees with floats away from ties", () => {
    fc.assert(
      fc.property(arbFraction, arbFraction, arbFraction, (a, b, c) => {
        expect(addFractions(a, b)).toEqual(addFractions(b, a));
        expect(addFractions(addFractions(a, b), c)).toEqual(addFractions(a, addFractions(b, c)));
        const cmp = compareFractions(a, b);
        // -0 is not 0 for toBe (Object.is): when a equals b, cmp is 0 and -cmp is -0.
        expect(compareFractions(b, a)).toBe(cmp === 0 ? 0 : -cmp);
        if (Math.abs(toNumber(a) - toNumber(b)) > 1e-9) expect(cmp).toBe(toNumber(a) < toNumber(b) ? -1 : 1);
      }),
    );
  });

  it("property: results are reduced with positive denominators", () => {
    fc.assert(
      fc.property(arbFraction, arbFraction, (a, b) => {
        const s = addFractions(a, b);
        expect(s.den > 0n).toBe(true);
        expect(fraction(s.num, s.den)).toEqual(s);
      }),
    );
  });
});
