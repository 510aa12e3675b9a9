import { createGraphQLError } from "graphql-yoga";
import { DomainRuleError } from "../domain/errors";
import { ServiceError } from "../services/errors";

/**
 * Built with yoga's own `createGraphQLError` so the error comes from the same graphql module
 * instance that yoga checks (a CJS/ESM double load would otherwise mask it).
 * Service and rule errors carry the REST problem's `code` unchanged in `extensions.code` (one
 * `switch` serves both APIs), with the rule and the field issues when REST names them. Codes of
 * GraphQL's own (QUERY_TOO_COMPLEX, QUERY_TIMEOUT, RESPONSE_TOO_LARGE, and yoga's
 * GRAPHQL_VALIDATION_FAILED, BAD_USER_INPUT) stay upper case: REST has no such errors. */
export function toGraphQLError(error: unknown): unknown {
  if (error instanceof ServiceError) {
    return createGraphQLError(error.message, {
      extensions: {
        code: error.code,
        kind: error.kind,
        rule: error.details.rule,
        ...(error.details.issues ? { errors: error.details.issues } : {}),
      },
    });
  }
  if (error instanceof DomainRuleError) {
    return createGraphQLError(error.message, {
      extensions: { code: error.code, rule: error.rule, errors: error.issues },
    });
  }
  return error;
}

/**
 * Wraps a resolver so expected errors reach the client and unexpected ones stay masked. Past the
 * request's deadline (the context's third argument) no resolver starts: the query ends with
 * QUERY_TIMEOUT errors instead of holding the server.
 */
export function resolver<A extends unknown[], R>(fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args) => {
    const context = args[2] as { deadline?: number } | undefined;
    if (context?.deadline !== undefined && performance.now() >= context.deadline) {
      throw createGraphQLError("The query ran out of its time budget; ask for less in one query.", {
        extensions: { code: "QUERY_TIMEOUT" },
      });
    }
    try {
      return await fn(...args);
    } catch (error) {
      throw toGraphQLError(error);
    }
  };
}
