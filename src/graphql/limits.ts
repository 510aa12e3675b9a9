import type { ASTVisitor, ValidationContext } from "graphql";
import { createGraphQLError } from "graphql-yoga";

/** Bounds on one query: rankings are computed on read, so aliases must not multiply them. */
export const QUERY_LIMITS = { maxFields: 500, maxDepth: 12, maxRankings: 8 } as const;

const RANKING_FIELDS = new Set(["standings", "qualification"]);

/**
 * A validation rule (runs before any resolver): counts field selections, aliases included,
 * their nesting depth, and the ranking fields, which are the expensive ones.
 */
export function queryLimitsRule(limits = QUERY_LIMITS) {
  return (context: ValidationContext): ASTVisitor => {
    let fields = 0;
    let rankings = 0;
    let depth = 0;
    const report = (message: string) =>
      context.reportError(
        createGraphQLError(message, { extensions: { code: "QUERY_TOO_COMPLEX" } }) as never,
      );
    return {
      Field: {
        enter(node) {
          depth++;
          fields++;
          if (RANKING_FIELDS.has(node.name.value)) rankings++;
          if (fields === limits.maxFields + 1)
            report(`A query may select at most ${limits.maxFields} fields.`);
          if (rankings === limits.maxRankings + 1)
            report(`A query may ask for at most ${limits.maxRankings} standings or qualifications.`);
          if (depth === limits.maxDepth + 1) report(`A query may nest at most ${limits.maxDepth} levels.`);
        },
        leave() {
          depth--;
        },
      },
    };
  };
}
