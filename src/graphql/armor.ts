import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor";
import type { ValidationContext } from "graphql";
import type { Plugin } from "graphql-yoga";
import { tooComplex } from "./limits";

const refusal = (error: Error) => tooComplex(error.message.replace(/^Syntax Error: /, ""));

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

/**
 * graphql-armor's protections, which count fragments at every spread: a cost budget (objects 2,
 * scalars 1, ×1.5 per level), alias, depth, directive and token caps, and no "did you mean"
 * field suggestions for probing the schema. The project's own rule (limits.ts) adds the
 * rankings cap, which a generic cost model cannot know about.
 */
export const armorPlugin = EnvelopArmorPlugin({
  costLimit: { maxCost: 5000, ...report },
  maxAliases: { n: 50, ...report },
  maxDepth: { n: 12, ...report },
  maxDirectives: { n: 20, ...report },
  maxTokens: { n: 3000, ...throwWhileParsing },
  blockFieldSuggestion: { enabled: true },
}) as Plugin;
