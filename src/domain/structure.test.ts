import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { eventStructure, sessionGameCount } from "./structure";

describe("eventStructure (docs/rules.md#structure)", () => {
  it("11 players: not valid, with the reason", () => {
    const s = eventStructure(11, "2026");
    expect(s).toMatchObject({ kind: "final-only", qualifierCount: 4, valid: false });
    expect(s.validity).toHaveLength(1);
    expect(s.validity[0]).toMatch(/11 unique participants.*12.*1\.1\.3/);
  });

  it("12 players: valid, final only", () => {
    expect(eventStructure(12, "2026")).toEqual({
      kind: "final-only",
      qualifierCount: 4,
      valid: true,
      validity: [],
    });
  });

  it("28 players: no semifinals (1.1.5 wins over 1.1.12's 27)", () => {
    expect(eventStructure(28, "2026")).toMatchObject({ kind: "final-only", qualifierCount: 4, valid: true });
  });

  it("29 players: semifinals", () => {
    expect(eventStructure(29, "2026")).toEqual({
      kind: "semifinals",
      qualifierCount: 16,
      valid: true,
      validity: [],
    });
    expect(eventStructure(79, "2026").kind).toBe("semifinals");
  });

  it("80 players: semifinals after the 80+ prelims", () => {
    expect(eventStructure(80, "2026")).toEqual({
      kind: "semifinals-80plus",
      qualifierCount: 16,
      valid: true,
      validity: [],
    });
  });

  it("legacy, 80+ players: semifinals after 3 prelim games, not the 80+ structure (docs/rules.md#legacy)", () => {
    expect(eventStructure(80, "legacy")).toEqual({
      kind: "semifinals",
      qualifierCount: 16,
      valid: true,
      validity: [],
    });
    expect(eventStructure(28, "legacy").kind).toBe("final-only");
    expect(eventStructure(29, "legacy").kind).toBe("semifinals");
    expect(eventStructure(80, "2026").kind).toBe("semifinals-80plus");
  });

  it("0 and 1 players are reported, not refused; bad counts are refused", () => {
    expect(eventStructure(0, "2026").valid).toBe(false);
    expect(eventStructure(1, "2026").validity[0]).toMatch(/^1 unique participant:/);
    expect(() => eventStructure(-1, "2026")).toThrow(RangeError);
    expect(() => eventStructure(12.5, "2026")).toThrow(RangeError);
  });

  it("property: monotone in N", () => {
    const order = { "final-only": 0, semifinals: 1, "semifinals-80plus": 2 } as const;
    fc.assert(
      fc.property(fc.nat(500), fc.nat(500), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(order[eventStructure(lo, "2026").kind]).toBeLessThanOrEqual(
          order[eventStructure(hi, "2026").kind],
        );
        expect(eventStructure(lo, "2026").valid).toBe(lo >= 12);
      }),
    );
  });
});

describe("sessionGameCount", () => {
  it("3 games below 80 session players, 4 from 80", () => {
    expect(sessionGameCount(12, "2026")).toBe(3);
    expect(sessionGameCount(79, "2026")).toBe(3);
    expect(sessionGameCount(80, "2026")).toBe(4);
    expect(sessionGameCount(120, "2026")).toBe(4);
    expect(() => sessionGameCount(-3, "2026")).toThrow(RangeError);
  });

  it("legacy: always 3 prelim games, no zero-win cut (docs/rules.md#legacy)", () => {
    expect(sessionGameCount(79, "legacy")).toBe(3);
    expect(sessionGameCount(80, "legacy")).toBe(3);
    expect(sessionGameCount(200, "legacy")).toBe(3);
    expect(sessionGameCount(80, "2026")).toBe(4);
  });
});
