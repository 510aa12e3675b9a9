import {
  type ASTVisitor,
  type DefinitionNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from "graphql";
import { createGraphQLError, type Plugin } from "graphql-yoga";
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from "../services/pagination";

/**
 * Bounds on the work one query asks for: rankings are computed on read, so neither aliases,
 * fragments nor lists may multiply them. Counted on the executed shape: every fragment spread
 * counts as many times as it is spread (a fragment written once and spread 490 times is 490 ×
 * its fields), and a ranking under a list counts once per item the list can hold.
 */
const QUERY_LIMITS = { maxFields: 500, maxDepth: 12, maxRankings: 8 } as const;

const RANKING_FIELDS = new Set(["standings", "qualification", "seriesStandings", "ratings"]);

/**
 * Lists whose items split their parent's games between them: the standings of an event's
 * sessions rank, all together, the games its qualification ranks once, so they count as one
 * ranking per event rather than one per session (an event's sessions are not capped).
 */
const PARTITIONING_LISTS = new Set(["Event.sessions"]);

class LimitExceeded extends Error {}

const fragmentsOf = (definitions: readonly DefinitionNode[]) =>
  new Map(
    definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((fragment) => [fragment.name.value, fragment]),
  );

/**
 * Walks one operation as graphql-js would execute it, expanding fragment spreads and inline
 * fragments at each use. The walk stops at the first limit crossed, so a query built to expand
 * exponentially (fragments spreading fragments) costs at most `maxFields` steps to refuse.
 */
function tallyOperation(
  selectionSet: SelectionSetNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
): void {
  const tally = { fields: 0, spreads: 0 };
  const walk = (set: SelectionSetNode, depth: number, path: ReadonlySet<string>): void => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        tally.fields++;
        if (tally.fields > QUERY_LIMITS.maxFields)
          throw new LimitExceeded(
            `A query may select at most ${QUERY_LIMITS.maxFields} fields (fragments counted at each spread).`,
          );
        if (depth + 1 > QUERY_LIMITS.maxDepth)
          throw new LimitExceeded(`A query may nest at most ${QUERY_LIMITS.maxDepth} levels.`);
        if (selection.selectionSet) walk(selection.selectionSet, depth + 1, path);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        walk(selection.selectionSet, depth, path);
      } else {
        // Spreads of fragments that select nothing real still cost a step: no free expansion.
        if (++tally.spreads > QUERY_LIMITS.maxFields)
          throw new LimitExceeded(`A query may spread fragments at most ${QUERY_LIMITS.maxFields} times.`);
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

/** The refusal of every query limit, graphql-armor's included. */
export const tooComplex = (message: string) =>
  createGraphQLError(message, { extensions: { code: "QUERY_TOO_COMPLEX" } });

/** Rejects over-large queries at validation, before any resolver runs: `tallyOperation` on each operation. */
export const queryLimitsPlugin: Plugin = {
  onValidate: ({ addValidationRule }) =>
    addValidationRule((context: ValidationContext): ASTVisitor => {
      const fragments = fragmentsOf(context.getDocument().definitions);
      return {
        OperationDefinition(node) {
          try {
            tallyOperation(node.selectionSet, fragments);
          } catch (error) {
            if (!(error instanceof LimitExceeded)) throw error;
            context.reportError(tooComplex(error.message));
          }
        },
      };
    }),
};

/**
 * A connection's page size as the resolver will see it: `last` when it has a value (a backward
 * page), else `first`, else the argument's default. An argument's value is its literal, or its
 * variable's value as given (null included: a null overrides the variable's default, as
 * graphql-js reads it), or the variable's declared default. Anything unreadable counts as the
 * largest page (the resolver refuses what is out of range anyway).
 */
function pageSizeOf(
  node: FieldNode,
  field: GraphQLField<unknown, unknown>,
  operation: OperationDefinitionNode,
  variables: Readonly<Record<string, unknown>>,
): number {
  const argument = (name: string): unknown => {
    const given = node.arguments?.find((a) => a.name.value === name)?.value;
    if (!given) return undefined;
    if (given.kind === Kind.NULL) return null;
    if (given.kind === Kind.INT) return Number(given.value);
    if (given.kind !== Kind.VARIABLE) return Number.NaN;
    const variable = given.name.value;
    if (Object.hasOwn(variables, variable)) return variables[variable];
    const definition = operation.variableDefinitions?.find((v) => v.variable.name.value === variable);
    const fallback = definition?.defaultValue;
    if (!fallback) return undefined;
    if (fallback.kind === Kind.NULL) return null;
    return fallback.kind === Kind.INT ? Number(fallback.value) : Number.NaN;
  };
  const last = argument("last");
  const first = argument("first");
  const declared = field.args.find((a) => a.name === (last != null ? "last" : "first"))?.defaultValue;
  const value = last ?? first ?? declared ?? DEFAULT_PAGE_LIMIT;
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= MAX_PAGE_LIMIT
    ? value
    : MAX_PAGE_LIMIT;
}

// The schema may come from another copy of graphql-js than this module's (yoga's CJS build
// beside the ESM one), so its types are read by their printed form, not with instanceof.
const isList = (type: GraphQLOutputType) => String(type).replace(/!$/, "").startsWith("[");
const namedType = (schema: GraphQLSchema, type: GraphQLOutputType) =>
  schema.getType(String(type).replace(/[[\]!]/g, "")) ?? undefined;
const fieldsOf = (type: GraphQLNamedType | undefined) =>
  type && "getFields" in type ? (type.getFields() as Record<string, GraphQLField<unknown, unknown>>) : {};

/**
 * How many rankings the operation can compute: each ranking field counts once per item of every
 * list above it. A connection's items are bounded by its `first`; an event's sessions count as
 * one (PARTITIONING_LISTS); any other list by the largest page. The shape was bounded at
 * validation (fields, spreads), so the walk is too.
 */
function rankingsOf(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  variables: Readonly<Record<string, unknown>>,
): number {
  let total = 0;
  const walk = (
    set: SelectionSetNode,
    parent: GraphQLNamedType | undefined,
    times: number,
    /** Set on the children of a paginated field: the size of its page. */
    page: number | null,
    path: ReadonlySet<string>,
  ): void => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        if (RANKING_FIELDS.has(name)) total += times;
        const field = fieldsOf(parent)[name];
        if (!field || !selection.selectionSet) continue;
        let inner = times;
        if (isList(field.type)) {
          inner *= page ?? (PARTITIONING_LISTS.has(`${parent?.name}.${name}`) ? 1 : MAX_PAGE_LIMIT);
        }
        const paginated = field.args.some((a) => a.name === "first");
        walk(
          selection.selectionSet,
          namedType(schema, field.type),
          inner,
          paginated ? pageSizeOf(selection, field, operation, variables) : null,
          path,
        );
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        walk(selection.selectionSet, type ?? undefined, times, page, path);
      } else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        if (!fragment || path.has(name)) continue;
        const type = schema.getType(fragment.typeCondition.name.value) ?? undefined;
        walk(fragment.selectionSet, type, times, page, new Set([...path, name]));
      }
    }
  };
  const root = operation.operation === "query" ? schema.getQueryType() : undefined;
  walk(operation.selectionSet, root ?? undefined, 1, null, new Set());
  return total;
}

/**
 * Refuses, before any resolver runs, an operation that could compute more rankings than
 * allowed. It runs at execution, not validation: a page size given as a variable is known
 * only then (and validation results are cached per document, whatever the variables).
 */
export const rankingsLimitPlugin: Plugin = {
  onExecute({ args, setResultAndStopExecution }) {
    const fragments = fragmentsOf(args.document.definitions);
    const operations = args.document.definitions.filter(
      (d: { kind: Kind }): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    );
    const operation = args.operationName
      ? operations.find((o: OperationDefinitionNode) => o.name?.value === args.operationName)
      : operations[0];
    if (!operation) return;
    const variables = (args.variableValues ?? {}) as Record<string, unknown>;
    const rankings = rankingsOf(args.schema, operation, fragments, variables);
    if (rankings <= QUERY_LIMITS.maxRankings) return;
    setResultAndStopExecution({
      errors: [
        tooComplex(
          `A query may compute at most ${QUERY_LIMITS.maxRankings} standings, qualifications, series standings or ratings; this one could compute ${rankings} (aliases and fragments count at each use, a list multiplies what it holds by its page size, \`first\`, ${DEFAULT_PAGE_LIMIT} unless given).`,
        ),
      ],
    });
  },
};
