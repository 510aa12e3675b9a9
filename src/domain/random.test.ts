import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRandom, shuffled } from "./random";

describe("createRandom", () => {
  it("gives the same sequence for the same seed, pinned so other platforms can check", () => {
    const a = createRandom("lot-seed");
    const b = createRandom("lot-seed");
    const first = Array.from({ length: 5 }, () => a.uint32());
    expect(Array.from({ length: 5 }, () => b.uint32())).toEqual(first);
    // Golden values: changing the generator silently would change every published seating.
    expect(first).toMatchInlineSnapshot(`
      [
        208541416,
        2873745180,
        4081921538,
        1698904315,
        1258543579,
      ]
    `);
    expect(createRandom("").uint32()).toMatchInlineSnapshot(`2420727049`);
  });

  it("gives different sequences for different seeds", () => {
    expect(createRandom("a").uint32()).not.toBe(createRandom("b").uint32());
    expect(createRandom("ab").uint32()).not.toBe(createRandom("ba").uint32());
  });

  it("stays in range", () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 2 ** 32 }), (seed, n) => {
        const random = createRandom(seed);
        for (let i = 0; i < 20; i++) {
          const x = random.next();
          expect(x >= 0 && x < 1).toBe(true);
          const k = random.int(n);
          expect(Number.isInteger(k) && k >= 0 && k < n).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("is roughly uniform", () => {
    const random = createRandom("uniform");
    const counts = new Array(10).fill(0);
    for (let i = 0; i < 100_000; i++) counts[random.int(10)]++;
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });
});

describe("shuffled", () => {
  it("returns a permutation and leaves the input alone", () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.string(), (items, seed) => {
        const input = Object.freeze([...items]);
        const out = shuffled(input, createRandom(seed));
        expect(input).toEqual(items);
        expect([...out].sort((x, y) => x - y)).toEqual([...items].sort((x, y) => x - y));
      }),
    );
  });

  it("reaches every order of three items", () => {
    const random = createRandom("orders");
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) seen.add(shuffled(["a", "b", "c"], random).join(""));
    expect(seen.size).toBe(6);
  });
});
