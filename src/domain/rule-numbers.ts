/**
 * The rule numbers of the championship rules the API knows: those docs/rules.md states (a test
 * keeps the two the same). A warning cites one of them (docs/rules.md#sanctions); problem details
 * name them too.
 */
export const RULE_NUMBERS = [
  "1.1.1",
  "1.1.2",
  "1.1.3",
  "1.1.4",
  "1.1.5",
  "1.1.6",
  "1.1.7",
  "1.1.8",
  "1.1.9",
  "1.1.10",
  "1.1.11",
  "1.1.12",
  "1.1.13",
  "1.2.1",
  "1.2.2",
  "1.2.3",
  "1.2.4",
  "1.3.1",
  "1.3.2",
  "1.3.4",
  "1.3.5",
  "1.3.6",
  "1.4.1",
  "1.4.2",
  "1.4.3",
  "1.4.4",
  "2.0.1",
  "2.0.3",
  "3.0.14",
  "3.0.15",
  "3.0.17",
] as const;

const KNOWN: ReadonlySet<string> = new Set(RULE_NUMBERS);

export function isRuleNumber(rule: string): boolean {
  return KNOWN.has(rule);
}
