import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isRuleNumber, RULE_NUMBERS } from "./rule-numbers";

// The catalogue is the rules docs/rules.md states: every number in it appears there.
const rulesDoc = readFileSync(new URL("../../docs/rules.md", import.meta.url), "utf8");

describe("the rule catalogue", () => {
  it.each(RULE_NUMBERS)("rule %s appears in docs/rules.md", (rule) => {
    expect(rulesDoc).toMatch(new RegExp(`\\b${rule.replaceAll(".", "\\.")}\\b`));
  });

  it("knows the rules docs/rules.md cites, and no other", () => {
    const cited = new Set(rulesDoc.match(/\b[1-4]\.[0-9]\.[0-9]+\b/g));
    expect([...cited].sort()).toEqual([...RULE_NUMBERS].sort());
    expect(isRuleNumber("2.0.3")).toBe(true);
    expect(isRuleNumber("9.9.9")).toBe(false);
  });
});
