import {
  type ASTVisitor,
  type FragmentDefinitionNode,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
} from "graphql";
import { createGraphQLError } from "graphql-yoga";

/**
 * Bounds on the work one query asks for: rankings are computed on read, so neither aliases nor
 * fragments may multiply them. Counted on the executed shape: every fragment spread counts as
 * many times as it is spread (a fragment written once and spread 490 times is 490 × its fields).
 */
export const QUERY_LIMITS = { maxFields: 500, maxDepth: 12, maxRankings: 8 } as const;

const RANKING_FIELDS = new Set(["standings", "qualification", "seriesStandings", "ratings"]);

class LimitExceeded extends Error {}

interface Tally {
  fields: number;
  spreads: number;
  rankings: number;
}

/**
 * Walks one operation as graphql-js would execute it, expanding fragment spreads and inline
 * fragments at each use. The walk stops at the first limit crossed, so a query built to expand
 * exponentially (fragments spreading fragments) costs at most `maxFields` steps to refuse.
 */
function tallyOperation(
  selectionSet: SelectionSetNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  limits: typeof QUERY_LIMITS,
): void {
  const tally: Tally = { fields: 0, spreads: 0, rankings: 0 };
  const walk = (set: SelectionSetNode, depth: number, path: ReadonlySet<string>): void => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        tally.fields++;
        if (RANKING_FIELDS.has(selection.name.value)) tally.rankings++;
        if (tally.fields > limits.maxFields)
          throw new LimitExceeded(
            `A query may select at most ${limits.maxFields} fields (fragments counted at each spread).`,
          );
        if (tally.rankings > limits.maxRankings)
          throw new LimitExceeded(
            `A query may ask for at most ${limits.maxRankings} standings or qualifications.`,
          );
        if (depth + 1 > limits.maxDepth)
          throw new LimitExceeded(`A query may nest at most ${limits.maxDepth} levels.`);
        if (selection.selectionSet) walk(selection.selectionSet, depth + 1, path);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        walk(selection.selectionSet, depth, path);
      } else {
        // Spreads of fragments that select nothing real still cost a step: no free expansion.
        if (++tally.spreads > limits.maxFields)
          throw new LimitExceeded(`A query may spread fragments at most ${limits.maxFields} times.`);
        const name = selection.name.value;
        const fragment = fragments.get(name);
        // Unknown fragments and cycles are other rules' errors (validation rules run side by side).
        if (!fragment || path.has(name)) continue;
        walk(fragment.selectionSet, depth, new Set([...path, name]));
      }
    }
  };
  walk(selectionSet, 0, new Set());
}

/** A validation rule (runs before any resolver) applying `tallyOperation` to each operation. */
export function queryLimitsRule(limits = QUERY_LIMITS) {
  return (context: ValidationContext): ASTVisitor => {
    const document = context.getDocument();
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of document.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    return {
      OperationDefinition(node) {
        try {
          tallyOperation(node.selectionSet, fragments, limits);
        } catch (error) {
          if (!(error instanceof LimitExceeded)) throw error;
          context.reportError(
            createGraphQLError(error.message, { extensions: { code: "QUERY_TOO_COMPLEX" } }) as never,
          );
        }
      },
    };
  };
}
