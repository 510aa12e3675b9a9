import { describe, expect, it } from "vitest";
import { lotFor, lotsOf } from "./lots";

describe("lots", () => {
  it("is the first 16 hex digits of SHA-256(<lotSeed>:<playerId>), as the shell recipe computes it", () => {
    // printf '%s' "seed-1:ply_a" | sha256sum | cut -c1-16
    expect(lotFor("seed-1", "ply_a")).toBe("9409fc5856816d15");
    expect(lotsOf("seed-1")("ply_a")).toBe(lotFor("seed-1", "ply_a"));
    expect(lotFor("seed-2", "ply_a")).not.toBe(lotFor("seed-1", "ply_a"));
  });
});
