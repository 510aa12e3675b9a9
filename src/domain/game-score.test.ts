import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DomainRuleError, GameResultError } from "./errors";
import { addFractions, fraction, ZERO } from "./fraction";
import { type GameInput, type Ruleset, scoreGame, validateGameResult } from "./game-score";

/** Builds a GameInput from "id:vp" pairs; the first pair with a "*" is the winner. */
function game(ruleset: Ruleset, ...cells: string[]): GameInput {
  const scores = cells.map((c) => {
    const [id, vp] = c.replace("*", "").split(":");
    return { playerId: id!, vp: Number(vp) };
  });
  const winner = cells
    .find((c) => c.includes("*"))!
    .replace("*", "")
    .split(":")[0]!;
  return { ruleset, seatPlayerIds: scores.map((s) => s.playerId), scores, winnerId: winner };
}

function issuesOf(input: GameInput) {
  try {
    validateGameResult(input);
  } catch (e) {
    expect(e).toBeInstanceOf(GameResultError);
    expect(e).toBeInstanceOf(DomainRuleError);
    return (e as GameResultError).issues;
  }
  return [];
}

describe("scoreGame: the worked examples of docs/rules.md", () => {
  it("3-player table 8, 10, 7 (2026): fictitious 4th = 8, table total 33", () => {
    const g = scoreGame(game("2026", "A:8", "B*:10", "C:7"));
    expect(g.fictitiousFourth).toBe(8);
    expect(g.tableTotal).toBe(33);
    expect(g.seats.map((s) => s.share)).toEqual([fraction(8, 33), fraction(10, 33), fraction(7, 33)]);
  });

  it("legacy: no fictitious score at a 3-player table", () => {
    const g = scoreGame(game("legacy", "A:8", "B*:10", "C:7"));
    expect(g.fictitiousFourth).toBeNull();
    expect(g.tableTotal).toBe(25);
  });

  it("fictitious 4th rounds .5 and up, .4 and down (in integers)", () => {
    // 10+9+7 = 26 → 8.67 → 9; 10+2+2 = 14 → 4.67 → 5; 10+3+2 = 15 → 5
    expect(scoreGame(game("2026", "A*:10", "B:9", "C:7")).fictitiousFourth).toBe(9);
    expect(scoreGame(game("2026", "A*:10", "B:2", "C:2")).fictitiousFourth).toBe(5);
    expect(scoreGame(game("2026", "A*:10", "B:3", "C:2")).fictitiousFourth).toBe(5);
    expect(scoreGame(game("2026", "A*:10", "B:2", "C:3")).fictitiousFourth).toBe(5);
    // 10+10+2 = 22 → 7.33 → 7
    expect(scoreGame(game("2026", "A*:10", "B:10", "C:2")).fictitiousFourth).toBe(7);
  });

  it("placements 10, 8, 8, 6 → 1st, 2nd, 2nd, 4th", () => {
    const g = scoreGame(game("2026", "A*:10", "B:8", "C:8", "D:6"));
    expect(g.seats.map((s) => s.placement)).toEqual([1, 2, 2, 4]);
    expect(g.seats.map((s) => s.win)).toEqual([true, false, false, false]);
    expect(g.fictitiousFourth).toBeNull();
    expect(g.tableTotal).toBe(32);
  });

  it("the winner is 1st even when another seat also shows 10; counted VP is capped at 10", () => {
    const g = scoreGame(game("2026", "A:10", "B*:12", "C:9", "D:4"));
    expect(g.seats.map((s) => s.placement)).toEqual([2, 1, 3, 4]);
    expect(g.seats.map((s) => s.counted)).toEqual([10, 10, 9, 4]);
    expect(g.tableTotal).toBe(33);
    expect(g.seats[1]!.share).toEqual(fraction(10, 33));
  });

  it("keeps seat order and does not mutate its input", () => {
    const input = game("2026", "D:5", "C*:10", "B:7", "A:7");
    const copy = structuredClone(input);
    const g = scoreGame(input);
    expect(g.seats.map((s) => s.playerId)).toEqual(["D", "C", "B", "A"]);
    expect(g.seats.map((s) => s.placement)).toEqual([4, 1, 2, 2]);
    expect(input).toEqual(copy);
  });
});

describe("scoreGame: disqualified players", () => {
  it("keep their counted VP in the table total but are placed after everyone else", () => {
    const input = { ...game("2026", "A*:10", "B:9", "C:7", "D:5"), disqualifiedPlayerIds: ["B"] };
    const g = scoreGame(input);
    expect(g.tableTotal).toBe(31);
    expect(g.seats.map((s) => s.placement)).toEqual([1, 4, 2, 3]);
    expect(g.seats.map((s) => s.disqualified)).toEqual([false, true, false, false]);
  });

  it("may have 0 to 20 VP but can't be the winner", () => {
    expect(issuesOf({ ...game("2026", "A*:10", "B:0", "C:7"), disqualifiedPlayerIds: ["B"] })).toEqual([]);
    expect(issuesOf({ ...game("2026", "A*:10", "B:15", "C:7"), disqualifiedPlayerIds: ["B"] })).toEqual([]);
    const issues = issuesOf({ ...game("2026", "A*:10", "B:3", "C:7"), disqualifiedPlayerIds: ["A"] });
    expect(issues.map((i) => i.path)).toEqual(["winnerId"]);
    expect(issues[0]!.message).toMatch(/seat 1 \(player A\).*disqualified.*1\.3\.6/);
  });

  it("must be seated", () => {
    const issues = issuesOf({ ...game("2026", "A*:10", "B:3", "C:7"), disqualifiedPlayerIds: ["Z"] });
    expect(issues).toEqual([
      { path: "disqualifiedPlayerIds[0]", message: expect.stringContaining("player Z") },
    ]);
  });
});

describe("validateGameResult: every violation, with path and a message naming seat and rule", () => {
  const ok = game("2026", "A*:10", "B:8", "C:8", "D:6");

  it("accepts a valid sheet", () => {
    expect(() => validateGameResult(ok)).not.toThrow();
  });

  it("a VP that is not a whole number ≥ 0 is refused, whatever the other checks say (docs/rules.md#one-game)", () => {
    for (const vp of [7.5, -1, Number.NaN]) {
      const base = game("2026", "a:10*", "b:5", "c:4", "d:3");
      const input = { ...base, scores: base.scores.map((s) => (s.playerId === "b" ? { ...s, vp } : s)) };
      expect(issuesOf(input)).toEqual([
        { path: "scores[1].vp", message: expect.stringMatching(/VP must be a whole number ≥ 0, got/) },
      ]);
    }
  });

  it("winner not seated", () => {
    const issues = issuesOf({ ...ok, winnerId: "Z" });
    expect(issues).toEqual([{ path: "winnerId", message: expect.stringMatching(/Z.*not seated.*1\.1\.11/) }]);
  });

  it("no winner", () => {
    const issues = issuesOf({ ...ok, winnerId: "" });
    expect(issues).toEqual([{ path: "winnerId", message: expect.stringMatching(/no winner.*1\.1\.11/) }]);
  });

  it("winner below 10 VP", () => {
    const issues = issuesOf(game("2026", "A*:9", "B:8", "C:8", "D:6"));
    expect(issues).toEqual([
      {
        path: "scores[0].vp",
        message: expect.stringMatching(/seat 1 \(player A\) is the winner.*9 VP.*1\.1\.11/),
      },
    ]);
  });

  it("a score of 1", () => {
    const issues = issuesOf(game("2026", "A*:10", "B:8", "C:1", "D:6"));
    expect(issues).toEqual([
      { path: "scores[2].vp", message: expect.stringMatching(/seat 3 \(player C\): 1 VP is below 2/) },
    ]);
  });

  it("a score of 25", () => {
    const issues = issuesOf(game("2026", "A*:25", "B:8", "C:8", "D:6"));
    expect(issues).toEqual([
      {
        path: "scores[0].vp",
        message: expect.stringMatching(/seat 1 \(player A\): 25 VP is above the maximum of 20/),
      },
    ]);
  });

  it("a non-winner above 20, a negative and a fractional score", () => {
    const issues = issuesOf(game("2026", "A*:10", "B:21", "C:-1", "D:6.5"));
    expect(issues.map((i) => i.path)).toEqual(["scores[1].vp", "scores[2].vp", "scores[3].vp"]);
    expect(issues[0]!.message).toMatch(/seat 2 \(player B\): 21 VP is above the maximum of 20/);
    expect(issues[1]!.message).toMatch(/whole number/);
  });

  it("a late victory declaration: non-winners with 10 to 20 VP (rule 3.0.17)", () => {
    expect(issuesOf(game("2026", "A*:10", "B:12", "C:20", "D:10"))).toEqual([]);
    const scored = scoreGame(game("2026", "A*:10", "B:12", "C:20", "D:9"));
    // Counted VP caps at 10: B and C share 2nd place, the table total is 10+10+10+9.
    expect(scored.seats.map((s) => [s.counted, s.placement])).toEqual([
      [10, 1],
      [10, 2],
      [10, 2],
      [9, 4],
    ]);
    expect(scored.tableTotal).toBe(39);
  });

  it("a table of 5 (rule 1.1.7: tables seat 3 or 4)", () => {
    const issues = issuesOf(game("2026", "A*:10", "B:8", "C:6", "D:4", "E:3"));
    expect(issues).toEqual([
      { path: "seatPlayerIds", message: "a table seats 3 or 4 players, got 5 (rule 1.1.7)" },
    ]);
  });

  it("the same player listed twice as disqualified", () => {
    const issues = issuesOf({
      ...game("2026", "A*:10", "B:8", "C:6", "D:0"),
      disqualifiedPlayerIds: ["D", "D"],
    });
    expect(issues).toEqual([
      { path: "disqualifiedPlayerIds[1]", message: "seat 4 (player D) is listed as disqualified twice" },
    ]);
  });

  it("missing seat", () => {
    const issues = issuesOf({ ...ok, scores: ok.scores.slice(0, 3) });
    expect(issues).toEqual([
      { path: "scores", message: expect.stringMatching(/seat 4 \(player D\) has no score/) },
    ]);
  });

  it("stranger", () => {
    const issues = issuesOf({ ...ok, scores: [...ok.scores, { playerId: "Z", vp: 5 }] });
    expect(issues).toEqual([
      { path: "scores[4].playerId", message: expect.stringMatching(/player Z is not seated/) },
    ]);
  });

  it("duplicate", () => {
    const issues = issuesOf({ ...ok, scores: [...ok.scores, { playerId: "B", vp: 5 }] });
    expect(issues).toEqual([
      {
        path: "scores[4].playerId",
        message: expect.stringMatching(/seat 2 \(player B\) has more than one score/),
      },
    ]);
  });

  it("a table of 2 or 5 and a player seated twice", () => {
    expect(issuesOf(game("2026", "A*:10", "B:8")).map((i) => i.path)).toEqual(["seatPlayerIds"]);
    const twice = { ...ok, seatPlayerIds: ["A", "B", "C", "C"] };
    expect(issuesOf(twice).map((i) => i.path)).toEqual(["seatPlayerIds[3]", "scores[3].playerId"]);
  });

  it("lists every violation at once", () => {
    const bad: GameInput = {
      ruleset: "2026",
      seatPlayerIds: ["A", "B", "C", "D"],
      scores: [
        { playerId: "A", vp: 1 },
        { playerId: "B", vp: 25 },
        { playerId: "Z", vp: 5 },
        { playerId: "A", vp: 4 },
      ],
      winnerId: "Q",
    };
    const issues = issuesOf(bad);
    expect(issues.map((i) => i.path)).toEqual([
      "winnerId",
      "scores[0].vp",
      "scores[1].vp",
      "scores[2].playerId",
      "scores[3].playerId",
      "scores",
      "scores",
    ]);
    expect(() => scoreGame(bad)).toThrow(GameResultError);
  });
});

describe("scoreGame properties", () => {
  const arbGame = fc
    .tuple(
      fc.constantFrom<Ruleset>("2026", "legacy"),
      fc.integer({ min: 3, max: 4 }),
      fc.integer({ min: 10, max: 20 }),
      fc.array(fc.integer({ min: 2, max: 10 }), { minLength: 3, maxLength: 3 }),
      fc.nat(3),
    )
    .map(([ruleset, size, winnerVp, others, winnerSeat]): GameInput => {
      const ids = ["p0", "p1", "p2", "p3"].slice(0, size);
      const w = winnerSeat % size;
      const vps = ids.map((_, i) => (i === w ? winnerVp : others[i > w ? i - 1 : i]!));
      return {
        ruleset,
        seatPlayerIds: ids,
        scores: ids.map((playerId, i) => ({ playerId, vp: vps[i]! })),
        winnerId: ids[w]!,
      };
    });

  it("table total, fictitious 4th, shares and placements are consistent", () => {
    fc.assert(
      fc.property(arbGame, (input) => {
        const g = scoreGame(input);
        const sum = g.seats.reduce((a, s) => a + s.counted, 0);
        expect(g.tableTotal).toBe(sum + (g.fictitiousFourth ?? 0));
        expect(g.fictitiousFourth === null).toBe(
          input.ruleset === "legacy" || input.seatPlayerIds.length === 4,
        );
        if (g.fictitiousFourth !== null)
          expect(Math.abs(g.fictitiousFourth - sum / 3)).toBeLessThanOrEqual(0.5);
        expect(g.seats.filter((s) => s.placement === 1)).toHaveLength(1);
        for (const s of g.seats) {
          const ahead = g.seats.filter((o) => o !== s && (o.win || o.counted > s.counted)).length;
          expect(s.placement).toBe(s.win ? 1 : 1 + ahead);
        }
        const shares = g.seats.reduce((a, s) => addFractions(a, s.share), ZERO);
        expect(shares).toEqual(fraction(sum, g.tableTotal));
      }),
    );
  });
});
