import { z } from "@hono/zod-openapi";

/**
 * `?format=csv` and `?lang=`: the CSV variant without touching the Accept header (links,
 * spreadsheets' "from web"), in the dialect of a language.
 */
export const FormatQuery = z.object({
  format: z.enum(["json", "csv"]).optional().openapi({
    description:
      "`csv`: the same data as CSV (UTF-8 with a byte order mark, a header line). `Accept: text/csv` does the same. Default JSON.",
    example: "csv",
  }),
  lang: z
    .enum(["en", "fr", "lt"])
    .optional()
    .openapi({
      description:
        "The CSV's dialect (default: from `Accept-Language`, else `en`). `en`: the JSON field names in snake_case, `,` separators, decimal points, `true`/`false`, codes as in the JSON: for scripts and English spreadsheets. " +
        "`fr`, `lt`: what French and Lithuanian Excel open correctly on a double click: headers and words in the language, `;` separators, decimal commas, oui/non (taip/ne); `vp_pct_exact` and `lot` are left out (Excel turns such text into dates and numbers). " +
        "In every dialect a text cell that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, tab or carriage return) starts with `'`.",
      example: "fr",
    }),
});

const CSV_HEADERS = {
  "Content-Disposition": {
    description:
      "CSV only: `attachment` with a file name made of the event, the session where there is one, what the file holds and the day (in the event's time zone), e.g. `baltic-championship-2026-qualification-2026-12-05.csv`; `filename*` keeps the event's own spelling.",
    schema: { type: "string" as const },
  },
};

/**
 * A JSON 200 response plus its `text/csv` variant. The CSV has its own weak ETag (the JSON one
 * with `:csv`, and the language for `fr` and `lt`), and `Vary: Accept, Accept-Language`.
 */
export function withCsv<
  T extends { description: string; content: Record<string, unknown>; headers?: Record<string, unknown> },
>(response: T, columns: string, example: string) {
  return {
    ...response,
    headers: { ...response.headers, ...CSV_HEADERS },
    content: {
      ...response.content,
      "text/csv": {
        schema: z.string().openapi({
          description: `UTF-8 with a byte order mark (so spreadsheet programs show "Rūta" correctly), CRLF line ends, quoted where needed. Columns: ${columns}.`,
          example,
        }),
      },
    },
  };
}

export const RANKING_CSV_COLUMNS =
  "`rank` (empty for disqualified players, listed last), `player_id`, `player`, `games`, `wins`, `vp`, `vp_pct`, `vp_pct_exact`, `seconds`, `thirds`, `decided_by`, `decided_by_lots`, `lot`, `session_id`, `qualified`, `disqualified`, `eliminated`";

export const RANKING_CSV_EXAMPLE =
  "rank,player_id,player,games,wins,vp,vp_pct,vp_pct_exact,seconds,thirds,decided_by,decided_by_lots,lot,session_id,qualified,disqualified,eliminated\r\n" +
  "1,ply_01JDQ7A4W9K2M3N4P5Q6R7S8T9,Rūta Kazlauskienė,3,2,28,0.8569444444444444,617/720,1,0,vpPct,false,3f1c9a0b2d4e6f81,ses_01JDQ6ZC3R8T1V5X7Z9B2D4F6H,,false,false\r\n";
