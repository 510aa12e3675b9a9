/**
 * VP shares (rule 1.4.3) as integers, so a database can sum them exactly: a share is
 * counted / tableTotal, and every table total divides SHARE_UNIT = lcm(1..40) (at most four
 * seats, the fictitious 4th included, of at most 10 counted VP each). A share is then
 * counted × (SHARE_UNIT / tableTotal) units: at most SHARE_UNIT (a share is at most 1), about
 * 5.3e15, a safe JavaScript integer; a session's sum (at most 4 games) fits SQLite's 64 bits.
 */
import type { Fraction } from "./fraction";
import { MAX_COUNTED_VP } from "./game-score";

const MAX_TABLE_TOTAL = 4 * MAX_COUNTED_VP;

function gcd(a: bigint, b: bigint): bigint {
  return b === 0n ? a : gcd(b, a % b);
}

export const SHARE_UNIT: bigint = (() => {
  let lcm = 1n;
  for (let d = 2n; d <= BigInt(MAX_TABLE_TOTAL); d++) lcm = (lcm * d) / gcd(lcm, d);
  return lcm;
})();

/** The share in units of 1/SHARE_UNIT; refuses a share that is not a whole number of units. */
export function toShareUnits(share: Fraction): number {
  if (share.num < 0n || share.num > share.den || SHARE_UNIT % share.den !== 0n) {
    throw new RangeError(
      `VP share ${share.num}/${share.den} is not a share of a table total of at most ${MAX_TABLE_TOTAL}`,
    );
  }
  return Number(share.num * (SHARE_UNIT / share.den));
}

/**
 * The exact sum of shares from its units (a decimal string: SQLite sums past 2^53), over
 * SHARE_UNIT and NOT reduced: records with one denominator compare without a multiplication,
 * and only the rows shown are reduced (toFractionString).
 */
export function fromShareUnits(units: bigint | string): Fraction {
  return Object.freeze({ num: typeof units === "bigint" ? units : BigInt(units), den: SHARE_UNIT });
}
