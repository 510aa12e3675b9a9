import { z } from "@hono/zod-openapi";

/** `?format=csv`: the CSV variant without touching the Accept header (links, spreadsheets' "from web"). */
export const FormatQuery = z.object({
  format: z.enum(["json", "csv"]).optional().openapi({
    description:
      "`csv`: the same data as CSV (UTF-8 with a byte order mark, comma-separated, a header line). `Accept: text/csv` does the same. Default JSON.",
    example: "csv",
  }),
});

/**
 * A JSON 200 response plus its `text/csv` variant. The CSV has its own weak ETag (the JSON one
 * with `:csv`), and `Vary: Accept`.
 */
export function withCsv<T extends { description: string; content: Record<string, unknown> }>(
  response: T,
  columns: string,
  example: string,
) {
  return {
    ...response,
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
