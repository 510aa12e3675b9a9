/**
 * The API's one text policy, for every input channel: REST bodies and queries (the text-hygiene
 * middleware), the table page's forms, GraphQL arguments, Discord options, the CLI.
 */

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

/** NFC and trimmed; or why the text is refused. */
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
