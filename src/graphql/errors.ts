import { createGraphQLError } from "graphql-yoga";
import { DomainRuleError } from "../domain/errors";
import { cleanText } from "../domain/text";
import { type FieldIssue, ServiceError } from "../services/errors";

/**
 * Built with yoga's own `createGraphQLError` so the error comes from the same graphql module
 * instance that yoga checks (a CJS/ESM double load would otherwise mask it).
 * Service and rule errors carry the REST problem's `code` unchanged in `extensions.code` (one
 * `switch` serves both APIs), with the rule and the field issues when REST names them. Codes of
 * GraphQL's own (QUERY_TOO_COMPLEX, QUERY_TIMEOUT, RESPONSE_TOO_LARGE, and yoga's
 * GRAPHQL_VALIDATION_FAILED, BAD_USER_INPUT) stay upper case: REST has no such errors. */
function toGraphQLError(error: unknown): unknown {
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
      return await fn(...(cleanArguments(args) as A));
    } catch (error) {
      throw toGraphQLError(error);
    }
  };
}

/**
 * String arguments follow the API's one text policy (domain/text.ts): NFC and
 * trimmed, or refused with the REST code `invalid_text` naming the argument.
 */
function cleanArguments(args: unknown[]): unknown[] {
  const given = args[1];
  if (!given || typeof given !== "object") return args;
  const issues: FieldIssue[] = [];
  const cleaned = Object.fromEntries(
    Object.entries(given).map(([name, value]) => {
      if (typeof value !== "string") return [name, value];
      const result = cleanText(value);
      if ("refused" in result) {
        issues.push({ path: name, message: result.refused });
        return [name, value];
      }
      return [name, result.text];
    }),
  );
  if (issues.length > 0) {
    throw new ServiceError(
      "invalid",
      "invalid_text",
      `An argument has text that cannot be used: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`,
      { issues },
    );
  }
  return [args[0], cleaned, ...args.slice(2)];
}
