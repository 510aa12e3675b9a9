import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor";
import type { ValidationContext } from "graphql";
import { createGraphQLError, type Plugin } from "graphql-yoga";

/**
 * graphql-armor's protections, which count fragments at every spread: a cost budget (objects 2,
 * scalars 1, ×1.5 per level), alias, depth, directive and token caps, and no "did you mean"
 * field suggestions for probing the schema. The project's own rule (limits.ts) adds the
 * rankings cap, which a generic cost model cannot know about.
 */
const ARMOR_LIMITS = {
  maxCost: 5000,
  maxAliases: 50,
  maxDepth: 12,
  maxDirectives: 20,
  maxTokens: 3000,
} as const;

const refusal = (error: Error) =>
  createGraphQLError(error.message.replace(/^Syntax Error: /, ""), {
    extensions: { code: "QUERY_TOO_COMPLEX" },
  });

/** Every refusal carries the same `extensions.code` as limits.ts: reported at validation… */
const report = {
  propagateOnRejection: false,
  onReject: [(context: ValidationContext | null, error: Error) => context?.reportError(refusal(error))],
};

/** …or thrown while parsing (the token count runs before any validation context exists). */
const throwWhileParsing = {
  propagateOnRejection: false,
  onReject: [
    (_: ValidationContext | null, error: Error) => {
      throw refusal(error);
    },
  ],
};

export function armorPlugins(): Plugin[] {
  return [
    EnvelopArmorPlugin({
      costLimit: { maxCost: ARMOR_LIMITS.maxCost, ...report },
      maxAliases: { n: ARMOR_LIMITS.maxAliases, ...report },
      maxDepth: { n: ARMOR_LIMITS.maxDepth, ...report },
      maxDirectives: { n: ARMOR_LIMITS.maxDirectives, ...report },
      maxTokens: { n: ARMOR_LIMITS.maxTokens, ...throwWhileParsing },
      blockFieldSuggestion: { enabled: true },
    }) as Plugin,
  ];
}
