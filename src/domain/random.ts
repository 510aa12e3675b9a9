/**
 * Seeded pseudo-random numbers for seating and boards.
 *
 * Seatings and boards must be reproducible from a published seed on any platform, so this
 * uses only 32-bit integer arithmetic (Math.imul, >>> 0): cyrb128 turns the string seed into
 * 128 bits of state and sfc32 generates from it. Never Math.random.
 */

export interface Random {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n) for 1 ≤ n ≤ 2^32. */
  int(n: number): number;
  /** Uniform raw 32-bit unsigned integer. */
  uint32(): number;
}

/** cyrb128: spreads every character of the seed over four 32-bit words. */
function hashSeed(seed: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A generator whose whole sequence is fixed by `seed`. */
export function createRandom(seed: string): Random {
  let [a, b, c, d] = hashSeed(seed);
  const uint32 = (): number => {
    // sfc32 (Chris Doty-Humphrey's Small Fast Counting generator), passes PractRand.
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t;
  };
  // The first outputs of sfc32 are still correlated with the seed words; discard them.
  for (let i = 0; i < 15; i++) uint32();
  return {
    uint32,
    next: () => uint32() / 4294967296,
    // Floor of a scaled float: bias is below 2^-32 × n, far below anything observable here.
    int: (n: number) => Math.floor((uint32() / 4294967296) * n),
  };
}

/** A shuffled copy (Fisher–Yates); the input is left untouched. */
export function shuffled<T>(items: readonly T[], random: Pick<Random, "int">): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    const tmp = out[i]!;
    out[i] = out[j]!;
    out[j] = tmp;
  }
  return out;
}
