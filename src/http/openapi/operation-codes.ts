/**
 * Problem codes of an operation that scripts/derive-problem-codes.ts cannot find from its
 * handler (a code raised behind an interface, a router registered without `.openapi(route,
 * handler)`), keyed by operationId, each with its reason. The middleware's codes are not listed
 * here: operation-problems.ts derives them from what the operation is.
 *
 * Empty today: the derivation finds every code the test suite answers (the API fuzz fails on
 * an answer outside its operation's documented enum, and says which code to add here).
 */
import type { ProblemCode } from "./problem-codes";

export const DECLARED_CODES: Readonly<Record<string, readonly ProblemCode[]>> = {};
