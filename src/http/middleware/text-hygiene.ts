import type { Context, MiddlewareHandler } from "hono";
import type { FieldIssue } from "../../services/errors";
import type { AppEnv } from "../context";
import { problemResponse } from "../problem";
import { TOKEN_PATH } from "../token-errors";

/** C0 and C1 control characters and DEL (a NUL truncates text in C-based tools and drivers). */
const CONTROL = /\p{Cc}/u;
/** Bidi embeddings, overrides and isolates: they reorder how the following text is shown. */
const BIDI = /[\u202A-\u202E\u2066-\u2069]/u;
/**
 * Characters hidden inside text that show nothing yet change what it says or how it compares:
 * tag characters (which can carry a hidden message), the Arabic letter mark (a bidi mark), and
 * the line and paragraph separators (a line break inside a one-line name).
 */
const HIDDEN = /[\u061C\u2028\u2029\u{E0000}-\u{E007F}]/u;
/** A subdivision flag (England, Scotland, …): its tag characters are what draws it. */
const FLAG_TAG_SEQUENCE = /\u{1F3F4}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{2,6}\u{E007F}/gu;

/**
 * A character someone sees: a letter, number, symbol or punctuation, but none of those Unicode
 * lists as ignorable by default (Hangul fillers, U+061C, variation selectors, tag characters,
 * zero-width ones), and not the braille blank, a symbol drawn as nothing. Marks only decorate
 * the character before them, and spaces and format characters draw nothing on their own.
 */
const VISIBLE = /(?![\p{Default_Ignorable_Code_Point}\u2800])[\p{L}\p{N}\p{S}\p{P}]/u;

export const VISIBLE_TEXT_RULE =
  "must contain at least one visible character (a letter, number, symbol or punctuation)";

/** Whether people reading the text see anything: empty text is left to the length rules. */
export function hasVisibleCharacter(text: string): boolean {
  return text.length === 0 || VISIBLE.test(text);
}

/**
 * NFC and trimmed; or why the text is refused. The one text policy of every input channel: REST
 * bodies and queries (below), the table page's forms, GraphQL arguments, Discord options, the CLI.
 */
export function cleanText(value: string): { text: string } | { refused: string } {
  const text = value.normalize("NFC").trim();
  if (CONTROL.test(text))
    return { refused: "must not contain control characters (U+0000–U+001F, U+007F–U+009F)" };
  if (BIDI.test(text)) return { refused: "must not contain bidirectional override or isolate characters" };
  if (HIDDEN.test(text.replace(FLAG_TAG_SEQUENCE, "")))
    return {
      refused:
        "must not contain hidden characters: tag characters (U+E0000–U+E007F, but in a flag), U+061C, U+2028 or U+2029",
    };
  if (!hasVisibleCharacter(text)) return { refused: VISIBLE_TEXT_RULE };
  return { text };
}

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
