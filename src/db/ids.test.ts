import { describe, expect, it } from "vitest";
import { newId } from "./ids";

describe("newId", () => {
  it("is <prefix>_<26-character ULID>", () => {
    expect(newId("ply", Date.UTC(2026, 11, 12))).toMatch(/^ply_[0-9A-HJKMNP-TV-Z]{26}$/);
  });

  it("sorts in creation order within one millisecond (monotonic)", () => {
    const now = Date.UTC(2026, 11, 12, 10);
    const ids = Array.from({ length: 1000 }, () => newId("tbl", now));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("sorts by time across milliseconds", () => {
    const a = newId("evt", Date.UTC(2030, 0, 1));
    const b = newId("evt", Date.UTC(2030, 0, 1) + 1);
    expect(a < b).toBe(true);
  });
});
