/**
 * Exact rational numbers for VP% (rule 1.4.3). The rules recommend 16 decimals of precision;
 * docs/rules.md#ranking-a-session decides to compare VP% exactly instead, because float sums of the same shares
 * can differ in the last bit depending on the order of addition and would turn a true tie
 * into a false "decided by VP%". BigInt keeps numerators and denominators exact at any size.
 */

export interface Fraction {
  readonly num: bigint;
  /** Always > 0; the sign lives in `num`. */
  readonly den: bigint;
}

function toBigInt(value: bigint | number, name: string): bigint {
  if (typeof value === "bigint") return value;
  // A float here would silently become a different rational; refuse it instead.
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`fraction ${name} must be a safe integer, got ${value}`);
  }
  return BigInt(value);
}

function abs(n: bigint): bigint {
  return n < 0n ? -n : n;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = abs(a);
  let y = abs(b);
  while (y !== 0n) {
    const t = x % y;
    x = y;
    y = t;
  }
  return x;
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Euclid on doubles: exact for safe integers (the remainder of two is exact), and no BigInt. */
function gcdOfSafe(a: number, b: number): number {
  let x = Math.abs(a);
  let y = b;
  while (y !== 0) {
    const t = x % y;
    x = y;
    y = t;
  }
  return x;
}

/** Builds a reduced fraction with a positive denominator. */
export function fraction(num: bigint | number, den: bigint | number): Fraction {
  let n = toBigInt(num, "numerator");
  let d = toBigInt(den, "denominator");
  if (d === 0n) throw new RangeError("fraction denominator must not be 0");
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  // gcd(0, d) = d, so zero normalises to 0/1 and every value has one representation.
  const g = n >= -SAFE && n <= SAFE && d <= SAFE ? BigInt(gcdOfSafe(Number(n), Number(d))) : gcd(n, d);
  return g === 1n ? Object.freeze({ num: n, den: d }) : Object.freeze({ num: n / g, den: d / g });
}

export const ZERO: Fraction = Object.freeze({ num: 0n, den: 1n });

export function addFractions(a: Fraction, b: Fraction): Fraction {
  // Same-denominator fast path: frequent when summing shares of one table size.
  if (a.den === b.den) return fraction(a.num + b.num, a.den);
  return fraction(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function compareFractions(a: Fraction, b: Fraction): -1 | 0 | 1 {
  // Same denominator (every VP% summed from stored seats has one): no multiplication.
  if (a.den === b.den) return a.num < b.num ? -1 : a.num > b.num ? 1 : 0;
  // Denominators are positive, so cross-multiplying keeps the order.
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * Decimal with exactly `places` digits after the point, rounded half up (on the magnitude,
 * so -0.5 → "-1" at 0 places). VP% is never negative; the sign rule only keeps this total.
 */
export function toDecimalString(f: Fraction, places = 16): string {
  if (!Number.isInteger(places) || places < 0) {
    throw new RangeError(`places must be a non-negative integer, got ${places}`);
  }
  const negative = f.num < 0n;
  const scale = 10n ** BigInt(places);
  // floor((|num| * scale * 2 + den) / (2 * den)) = round half up of |num|/den * scale.
  const scaled = (abs(f.num) * scale * 2n + f.den) / (2n * f.den);
  const intPart = scaled / scale;
  const fracPart = scaled % scale;
  const sign = negative && scaled !== 0n ? "-" : "";
  if (places === 0) return `${sign}${intPart}`;
  return `${sign}${intPart}.${fracPart.toString().padStart(places, "0")}`;
}

/** "617/720", reduced; integers keep the "/1" so clients can always split on "/". */
export function toFractionString(f: Fraction): string {
  const reduced = fraction(f.num, f.den);
  return `${reduced.num}/${reduced.den}`;
}
