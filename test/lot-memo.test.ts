import { describe, expect, it, vi } from "vitest";
import { LotMemo, lotFor, lotsFor } from "../src/services/standings/lots";

describe("lots memoised per app instance (issue 15)", () => {
  it("gives the same lots with and without the memo, and hashes only what it does not hold", async () => {
    const ids = ["ply_a", "ply_b", "ply_c", "ply_a"];
    const memo = new LotMemo();
    const plain = await lotsFor("seed-1", ids);
    const first = await lotsFor("seed-1", ids, memo);
    expect(first).toEqual(plain);
    for (const id of ids) expect(first.get(id)).toBe(await lotFor("seed-1", id));

    const digest = vi.spyOn(crypto.subtle, "digest");
    try {
      const again = await lotsFor("seed-1", [...ids, "ply_d"], memo);
      expect(digest).toHaveBeenCalledTimes(1); // ply_d only
      expect(again.get("ply_d")).toBe(await lotFor("seed-1", "ply_d"));
      expect(again.get("ply_b")).toBe(plain.get("ply_b"));
    } finally {
      digest.mockRestore();
    }
  });

  it("keeps lots of different seeds apart", async () => {
    const memo = new LotMemo();
    const one = await lotsFor("seed-1", ["ply_a"], memo);
    const two = await lotsFor("seed-2", ["ply_a"], memo);
    expect(two.get("ply_a")).toBe(await lotFor("seed-2", "ply_a"));
    expect(two.get("ply_a")).not.toBe(one.get("ply_a"));
  });

  it("is bounded by entries, the oldest dropped first", async () => {
    const memo = new LotMemo(3);
    await lotsFor("s", ["p1", "p2", "p3", "p4", "p5"], memo);
    expect(memo.size).toBe(3);
    expect(memo.get("s", "p1")).toBeUndefined();
    expect(memo.get("s", "p5")).toBe(await lotFor("s", "p5"));
  });
});
