import type { Context, MiddlewareHandler } from "hono";
import { cleanText } from "../../domain/text";
import type { FieldIssue } from "../../services/errors";
import type { AppEnv } from "../context";
import { problemResponse } from "../problem";
import { TOKEN_PATH } from "../token-errors";

/** Cleans every string of a JSON value, collecting refusals with their field paths. */
function cleanJson(value: unknown, path: string, issues: FieldIssue[]): unknown {
  if (typeof value === "string") {
    const result = cleanText(value);
    if ("refused" in result) {
      issues.push({ path: path || "body", message: result.refused });
      return value;
    }
    return result.text;
  }
  if (Array.isArray(value)) return value.map((item, i) => cleanJson(item, `${path}[${i}]`, issues));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        cleanJson(item, path ? `${path}.${key}` : key, issues),
      ]),
    );
  }
  return value;
}

function refuse(c: Context<AppEnv>, issues: FieldIssue[]): Response {
  return problemResponse(c, {
    status: 422,
    code: "invalid_text",
    detail: `The request has text that cannot be stored: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`,
    errors: issues,
  });
}

/**
 * Every string a client sends is NFC-normalised and trimmed before validation, so equal-looking
 * text is stored (and compared, as externalId uniqueness is) the same way; control characters,
 * bidi overrides and values with no visible character are a 422 naming the field. JSON bodies are replaced
 * by their cleaned form; query values are checked here and normalised where they are used.
 */
export const textHygiene: MiddlewareHandler<AppEnv> = async (c, next) => {
  // The token endpoint stores no text and answers in OAuth's format: credentials compare exactly.
  if (c.req.path === TOKEN_PATH) return next();
  const issues: FieldIssue[] = [];
  // Most reads (every poll) have no query string: nothing to parse into a map of lists.
  const queries = c.req.url.includes("?") ? c.req.queries() : {};
  for (const [name, values] of Object.entries(queries)) {
    for (const value of values) {
      const result = cleanText(value);
      if ("refused" in result) issues.push({ path: name, message: result.refused });
    }
  }
  const type = c.req.header("content-type") ?? "";
  if (c.req.method !== "GET" && c.req.method !== "HEAD" && /\bjson\b/i.test(type)) {
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      // Malformed JSON is the validator's 400.
      return issues.length > 0 ? refuse(c, issues) : next();
    }
    const cleaned = cleanJson(body, "", issues);
    // Later readers (validation, the idempotency hash) see the cleaned body.
    for (const key of Object.keys(c.req.bodyCache))
      delete c.req.bodyCache[key as keyof typeof c.req.bodyCache];
    c.req.bodyCache.json = Promise.resolve(cleaned);
  }
  if (issues.length > 0) return refuse(c, issues);
  return next();
};
