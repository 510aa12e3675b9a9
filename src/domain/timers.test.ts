import { describe, expect, it } from "vitest";
import { publishedTimers, tableTurnLimit, turnWithinRules } from "./timers";

describe("the rules' timers (1.1.8, 1.1.9, 1.1.11)", () => {
  it("publish board study 5 min (may end early), placement 2 min, double placement 3 min, whatever was stored", () => {
    const timers = publishedTimers({
      boardStudySeconds: 3600,
      placementSeconds: 200,
      doublePlacementSeconds: 60,
    });
    expect(timers).toMatchObject({
      boardStudySeconds: 300,
      placementSeconds: 120,
      doublePlacementSeconds: 180,
      boardStudyMayEndEarly: true,
    });
  });

  it("default to option 1: 90 s a turn with a 10-minute bank", () => {
    expect(publishedTimers(null).turn).toEqual({ mode: "bank", turnSeconds: 90, bankSeconds: 600 });
  });

  it("keep shorter turn figures and bring longer ones down to the rule's", () => {
    expect(turnWithinRules({ mode: "bank", turnSeconds: 60, bankSeconds: 300 })).toEqual({
      mode: "bank",
      turnSeconds: 60,
      bankSeconds: 300,
    });
    expect(turnWithinRules({ mode: "bank", turnSeconds: 600, bankSeconds: 7200 })).toEqual({
      mode: "bank",
      turnSeconds: 90,
      bankSeconds: 600,
    });
    expect(turnWithinRules({ mode: "after-one-hour", afterMinutes: 45, turnSeconds: 600 })).toEqual({
      mode: "after-one-hour",
      afterMinutes: 45,
      turnSeconds: 120,
    });
  });

  it("give a table switched to timed turns the event's option-2 turn time, else the rule's 2 minutes", () => {
    expect(tableTurnLimit({ turn: { mode: "after-one-hour", afterMinutes: 60, turnSeconds: 90 } })).toBe(90);
    expect(tableTurnLimit({ turn: { mode: "bank", turnSeconds: 60, bankSeconds: 600 } })).toBe(120);
    expect(tableTurnLimit(null)).toBe(120);
  });
});
