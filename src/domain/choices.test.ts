import { describe, expect, it } from "vitest";
import { applyChoice, type ChoiceSeat, nextToChoose } from "./choices";
import { DomainRuleError } from "./errors";

const seat = (rank: number): ChoiceSeat => ({
  playerId: `p${rank}`,
  name: `P${rank}`,
  position: rank,
  seedRank: rank,
  chair: null,
  colour: null,
  chosen: false,
});

const orderOf = (seats: ChoiceSeat[]) => seats.map((s) => [s.playerId, s.position, s.chair, s.chosen]);
const none = new Set<string>();

describe("choices by rank (docs/rules.md#choices)", () => {
  it("keeps the table a complete turn order while it chooses: the others take the free positions by rank", () => {
    const after = applyChoice(
      [seat(1), seat(2), seat(3)],
      { playerId: "p1", position: 2, colour: "red" },
      {
        kind: "prelim",
        out: none,
      },
    );
    expect(orderOf(after)).toEqual([
      ["p2", 1, null, false],
      ["p1", 2, 2, true],
      ["p3", 3, null, false],
    ]);
  });

  it("derives every chair from the first one at a 3-player table, clockwise", () => {
    let seats = applyChoice(
      [seat(1), seat(2), seat(3)],
      { playerId: "p1", position: 3, chair: 1, colour: "red" },
      {
        kind: "final",
        out: none,
      },
    );
    seats = applyChoice(seats, { playerId: "p2", position: 1, colour: "blue" }, { kind: "final", out: none });
    seats = applyChoice(
      seats,
      { playerId: "p3", position: 2, colour: "white" },
      { kind: "final", out: none },
    );
    expect(orderOf(seats)).toEqual([
      ["p2", 1, 2, true],
      ["p3", 2, 3, true],
      ["p1", 3, 1, true],
    ]);
  });

  it("names the rule of the round when a choice comes out of rank order", () => {
    const attempt = () =>
      applyChoice(
        [seat(1), seat(2)],
        { playerId: "p2", position: 1, colour: "red" },
        { kind: "semifinal", out: none },
      );
    expect(attempt).toThrow(DomainRuleError);
    expect(attempt).toThrow(/P1 \(rank 1\) chooses before P2/);
    try {
      attempt();
    } catch (error) {
      expect(error).toMatchObject({ code: "choice_out_of_rank_order", rule: "1.1.10" });
    }
  });

  it("skips a disqualified player: the next rank chooses", () => {
    expect(nextToChoose([seat(1), seat(2), seat(3)], new Set(["p1"]))?.playerId).toBe("p2");
    const after = applyChoice(
      [seat(1), seat(2), seat(3)],
      { playerId: "p2", position: 1, colour: "red" },
      {
        kind: "prelim",
        out: new Set(["p1"]),
      },
    );
    expect(after.map((s) => s.playerId)).toEqual(["p2", "p1", "p3"]);
  });
});
