/**
 * Typed errors of the pure rules core. Services map them to HTTP problems in one place,
 * so every domain error carries a stable machine `code`, the rule number it enforces, and
 * field-level `issues` that become `errors: [{ path, message }]` in problem+json.
 */

export interface DomainIssue {
  /** Where in the input the problem is, e.g. "scores[2].vp" or "winnerId". */
  readonly path: string;
  /** Human message naming the seat/player and the rule. */
  readonly message: string;
}

interface DomainRuleErrorOptions {
  /** Stable machine string, e.g. "invalid_game_result". */
  readonly code: string;
  /** Number of the championship rule, e.g. "1.4.3" (docs/rules.md). */
  readonly rule: string;
  readonly issues?: readonly DomainIssue[];
}

/** Base class: a rule of the championship (or a project decision about one) was broken. */
export class DomainRuleError extends Error {
  readonly code: string;
  readonly rule: string;
  readonly issues: DomainIssue[];

  constructor(message: string, options: DomainRuleErrorOptions) {
    super(message);
    this.name = "DomainRuleError";
    this.code = options.code;
    this.rule = options.rule;
    // Copied so later changes by the caller to its array can't alter a thrown error.
    this.issues = options.issues ? options.issues.map((i) => ({ path: i.path, message: i.message })) : [];
  }
}

/** "<title>: <first issue> (and N more)": the message of an error listing every issue found. */
export const summaryOf = (title: string, issues: readonly DomainIssue[]): string =>
  `${title}: ${issues[0]!.message}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ""}`;

/** A reported game result breaks docs/rules.md#one-game (one winner, VP bounds, every seat once). */
export class GameResultError extends DomainRuleError {
  constructor(issues: readonly DomainIssue[]) {
    super(summaryOf("Invalid game result", issues), { code: "invalid_game_result", rule: "1.1.11", issues });
    this.name = "GameResultError";
  }
}
