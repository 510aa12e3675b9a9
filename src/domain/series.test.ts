import { describe, expect, it } from "vitest";
import { computeSeriesStandings, DEFAULT_SERIES_POLICY, eventPoints, type SeriesPolicy } from "./series";

const policy: SeriesPolicy = { ...DEFAULT_SERIES_POLICY, bestOf: 2 };
const lotOf = (id: string) => ({ a: "1", b: "2", c: "3" })[id] ?? "9";

describe("eventPoints", () => {
  it("is the largest of position, semifinalist, band and participation points", () => {
    expect(eventPoints(policy, { playerId: "a", position: 1, phase: "final", qualificationRank: 9 })).toBe(
      100,
    );
    expect(
      eventPoints(policy, { playerId: "a", position: 7, phase: "semifinal", qualificationRank: 3 }),
    ).toBe(30);
    expect(eventPoints(policy, { playerId: "a", position: 20, phase: "prelim", qualificationRank: 20 })).toBe(
      10,
    );
    expect(eventPoints(policy, { playerId: "a", position: 40, phase: "prelim", qualificationRank: 40 })).toBe(
      5,
    );
  });
});

describe("computeSeriesStandings", () => {
  const event = (eventId: string, order: string[]) => ({
    eventId,
    placings: order.map((playerId, i) => ({
      playerId,
      position: i + 1,
      phase: "final" as const,
      qualificationRank: i + 1,
    })),
  });

  it("counts the best N events, drops the rest, and breaks ties by wins then lots", () => {
    const rows = computeSeriesStandings(
      policy,
      [event("e1", ["a", "b", "c"]), event("e2", ["b", "a", "c"]), event("e3", ["c", "b", "a"])],
      lotOf,
    );
    // a: 100 75 50 → 175 · b: 75 100 75 → 175 · c: 60 60 100 → 160
    expect(rows.map((r) => [r.playerId, r.points, r.eventsCounted, r.eventsDropped, r.decidedBy])).toEqual([
      ["a", 175, 2, 1, "lots"],
      ["b", 175, 2, 1, "points"],
      ["c", 160, 2, 1, null],
    ]);
  });

  it("puts the cut after `top` rows and never mutates its input", () => {
    const events = [event("e1", ["a", "b", "c"])];
    const copy = JSON.stringify(events);
    const rows = computeSeriesStandings({ ...policy, cut: { top: 2, label: null } }, events, lotOf);
    expect(rows.map((r) => r.qualified)).toEqual([true, true, false]);
    expect(JSON.stringify(events)).toBe(copy);
  });
});
