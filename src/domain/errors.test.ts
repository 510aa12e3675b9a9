import { describe, expect, it } from "vitest";
import { DomainRuleError, GameResultError } from "./errors";

describe("DomainRuleError", () => {
  it("carries code, rule and a copy of the issues", () => {
    const issues = [{ path: "x", message: "bad x" }];
    const err = new DomainRuleError("boom", { code: "some_code", rule: "1.4.3", issues });
    issues.push({ path: "y", message: "later" });
    expect(err).toBeInstanceOf(Error);
    expect(err.code).toBe("some_code");
    expect(err.rule).toBe("1.4.3");
    expect(err.issues).toEqual([{ path: "x", message: "bad x" }]);
  });

  it("GameResultError is a DomainRuleError with a summary message", () => {
    const err = new GameResultError([
      { path: "winnerId", message: "no winner" },
      { path: "scores[0].vp", message: "too low" },
    ]);
    expect(err).toBeInstanceOf(DomainRuleError);
    expect(err.code).toBe("invalid_game_result");
    expect(err.message).toBe("Invalid game result: no winner (and 1 more)");
    expect(err.name).toBe("GameResultError");
  });
});
