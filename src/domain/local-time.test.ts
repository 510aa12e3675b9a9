import { describe, expect, it } from "vitest";
import { calendarDayIn, canonicalTimeZone, parseLocalDateTime, zonedInstant } from "./local-time";

const at = (local: string, zone: string) => {
  const parsed = parseLocalDateTime(local);
  if (!parsed) throw new Error(`bad local time ${local}`);
  return zonedInstant(parsed, zone);
};

describe("canonicalTimeZone", () => {
  it("knows IANA names in any case and spells them canonically", () => {
    expect(canonicalTimeZone("Europe/Vilnius")).toBe("Europe/Vilnius");
    expect(canonicalTimeZone("europe/paris")).toBe("Europe/Paris");
    expect(canonicalTimeZone("UTC")).toBe("UTC");
  });

  it("refuses unknown names and bare offsets", () => {
    expect(canonicalTimeZone("Europe/Atlantis")).toBeNull();
    expect(canonicalTimeZone("+02:00")).toBeNull();
    expect(canonicalTimeZone("")).toBeNull();
  });
});

describe("parseLocalDateTime", () => {
  it("takes a local date and time to the minute", () => {
    expect(parseLocalDateTime("2026-12-05T10:30")).toEqual({
      year: 2026,
      month: 12,
      day: 5,
      hour: 10,
      minute: 30,
    });
  });

  it("refuses offsets, seconds, and days or times that do not exist", () => {
    for (const bad of [
      "2026-12-05T10:30Z",
      "2026-12-05T10:30+02:00",
      "2026-12-05T10:30:00",
      "2026-02-30T10:00",
      "2026-12-05T24:00",
      "2026-12-05T10:60",
      "2026-12-05",
    ]) {
      expect(parseLocalDateTime(bad), bad).toBeNull();
    }
  });
});

describe("zonedInstant", () => {
  it("converts with the offset in force that day (winter and summer in Vilnius)", () => {
    expect(at("2026-12-05T10:00", "Europe/Vilnius")).toEqual({
      kind: "exact",
      instant: new Date("2026-12-05T08:00:00Z"),
    });
    expect(at("2026-07-04T10:00", "Europe/Vilnius")).toEqual({
      kind: "exact",
      instant: new Date("2026-07-04T07:00:00Z"),
    });
    expect(at("2026-07-04T10:00", "America/New_York")).toEqual({
      kind: "exact",
      instant: new Date("2026-07-04T14:00:00Z"),
    });
  });

  it("reports a time the spring change skips (Paris, 29 March 2026, 02:00 → 03:00)", () => {
    expect(at("2026-03-29T02:30", "Europe/Paris")).toEqual({ kind: "skipped" });
    expect(at("2026-03-29T03:00", "Europe/Paris")).toEqual({
      kind: "exact",
      instant: new Date("2026-03-29T01:00:00Z"),
    });
  });

  it("gives the first of a time the autumn change repeats (Paris, 25 October 2026, 02:30)", () => {
    expect(at("2026-10-25T02:30", "Europe/Paris")).toEqual({
      kind: "ambiguous",
      instant: new Date("2026-10-25T00:30:00Z"),
    });
  });
});

describe("calendarDayIn", () => {
  it("reads the day where the organisation is: 23:30 UTC on 31 May is already 1 June in Vilnius", () => {
    const instant = new Date("2026-05-31T23:30:00Z");
    expect(calendarDayIn(instant, "Europe/Vilnius")).toBe("2026-06-01");
    expect(calendarDayIn(instant, "America/New_York")).toBe("2026-05-31");
    expect(calendarDayIn(instant, null)).toBe("2026-05-31");
  });
});
