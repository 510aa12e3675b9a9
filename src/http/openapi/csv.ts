import { z } from "@hono/zod-openapi";
import { revalidateHeaders } from "./common-schemas";

const LANG = z
  .enum(["en", "fr", "lt"])
  .optional()
  .openapi({
    description:
      "The CSV's dialect (default: from `Accept-Language`, else `en`). `en`: the JSON field names in snake_case, `,` separators, decimal points, `true`/`false`, codes as in the JSON: for scripts and English spreadsheets. " +
      "`fr`, `lt`: what French and Lithuanian Excel open correctly on a double click: headers and words in the language, `;` separators, decimal commas, oui/non (taip/ne); machine columns such as `vp_pct_exact` and `lot` are left out (Excel turns such text into dates and numbers). " +
      "In every dialect a text cell that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, tab or carriage return) starts with `'`.",
    example: "fr",
  });

/** The query of a `….csv` operation: its dialect. */
export const LangQuery = z.object({ lang: LANG });

/**
 * `?format=` and `?lang=` on a JSON read that also has a `….csv` operation: the old way to its
 * CSV, deprecated (the CSV in the JSON operation's answer made every typed client's JSON type a
 * union with `string`), still answered, with the deprecation headers.
 */
export const FormatQuery = z.object({
  format: z
    .enum(["json", "csv"])
    .optional()
    .openapi({
      param: { deprecated: true },
      description:
        "Deprecated since 2026-12-04 (it may be removed after 2027-06-04): GET the same path with `.csv` instead. `csv` still answers the CSV, with `Deprecation` and `Sunset` headers; so does `Accept: text/csv`. Default JSON.",
      example: "json",
    }),
  lang: LANG.openapi({ param: { deprecated: true }, description: "Deprecated with `format`." }),
});

const CSV_CACHE_HEADERS = revalidateHeaders(
  "The CSV's own weak tag (the JSON's with `:csv`, and the language for `fr` and `lt`); send it back in `If-None-Match`.",
  'W/"evt_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A:37:qualification:12.0.2026:csv"',
  "`no-cache` (`private, no-cache` for private data): keep it, but revalidate every time.",
);

const CSV_HEADERS = {
  ...CSV_CACHE_HEADERS,
  "Content-Disposition": {
    description:
      "`attachment` with a file name made of the event (or series, or organisation), the session where there is one, what the file holds and the day (in the event's time zone), e.g. `baltic-championship-2026-qualification-2026-12-05.csv`; `filename*` keeps the event's own spelling.",
    schema: { type: "string" as const },
  },
};

/** The 200 of a `….csv` operation: text/csv only, so its type in a typed client is a string. */
export function csvContent(description: string, columns: string, example: string) {
  return {
    description,
    headers: CSV_HEADERS,
    content: {
      "text/csv": {
        schema: z.string().openapi({
          description: `UTF-8 with a byte order mark (so spreadsheet programs show "Rūta" correctly), CRLF line ends, quoted where needed. Columns: ${columns}.`,
          example,
        }),
      },
    },
  };
}

/** The answers of a `….csv` operation with its own ETag: the CSV, or 304 while it is unchanged. */
export const csvResponses = (description: string, columns: string, example: string) => ({
  200: csvContent(description, columns, example),
  304: { description: "`If-None-Match` matched: the CSV has not changed.", headers: CSV_CACHE_HEADERS },
});

export const RANKING_CSV_COLUMNS =
  "`rank` (empty for disqualified players, listed last), `player_id`, `player`, `games`, `wins`, `vp`, `vp_pct`, `vp_pct_exact`, `seconds`, `thirds`, `decided_by`, `decided_by_lots`, `lot`, `session_id`, `qualified`, `disqualified`, `eliminated`";

export const RANKING_CSV_EXAMPLE =
  "rank,player_id,player,games,wins,vp,vp_pct,vp_pct_exact,seconds,thirds,decided_by,decided_by_lots,lot,session_id,qualified,disqualified,eliminated\r\n" +
  "1,ply_01JDQ7A4W9K2M3N4P5Q6R7S8T9,Rūta Kazlauskienė,3,2,28,0.8569444444444444,617/720,1,0,vpPct,false,3f1c9a0b2d4e6f81,ses_01JDQ6ZC3R8T1V5X7Z9B2D4F6H,,false,false\r\n";
