import { createGraphQLError } from "graphql-yoga";
import { DomainRuleError } from "../domain/errors";
import { ServiceError } from "../services/errors";

/**
 * Built with yoga's own `createGraphQLError` so the error comes from the same graphql module
 * instance that yoga checks (a CJS/ESM double load would otherwise mask it).
 * Service and rule errors keep their stable `code` in GraphQL too (as `extensions.code`). */
export function toGraphQLError(error: unknown): unknown {
  if (error instanceof ServiceError) {
    return createGraphQLError(error.message, {
      extensions: { code: error.code.toUpperCase(), kind: error.kind, rule: error.details.rule },
    });
  }
  if (error instanceof DomainRuleError) {
    return createGraphQLError(error.message, {
      extensions: { code: error.code.toUpperCase(), rule: error.rule, issues: error.issues },
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
