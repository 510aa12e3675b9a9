/**
 * CSV for spreadsheet programs, written by csv-stringify (quoting, embedded separators and line
 * breaks are its job) with a UTF-8 byte order mark, without which Excel reads "Rūta" as "RÅ«ta".
 *
 * Two dialects from one column list:
 * - `en`, the default: the JSON fields in snake_case, `,` and a decimal point, `true`/`false`,
 *   the codes of the JSON (`decided_by: vpPct`). What scripts and English spreadsheets read.
 * - `fr` and `lt`: what French and Lithuanian Excel open correctly on a double click, which
 *   uses the system's list separator (`;`) and decimal comma: localized headers and words,
 *   `;`, `0,8569`, oui/non. Columns that Excel would silently turn into something else (an
 *   exact fraction `1/3` becomes a date, a lot `123e4567…` a number) are left out of them.
 *
 * Every text cell that a spreadsheet would run as a formula (one starting with `=`, `+`, `-`,
 * `@`, a tab or a carriage return, or their full-width forms) gets a leading `'`, as OWASP's CSV
 * injection guidance says: csv-stringify's `escape_formulas`. Numbers stay numbers.
 */
import { stringify } from "csv-stringify/sync";

export type CsvLang = "en" | "fr" | "lt";

type Cell = string | number | boolean | null | undefined;

/** A column: its machine name (the English header), its French and Lithuanian headers, its cells. */
export type Column<R> = {
  name: string;
  value: (row: R) => Cell;
  /** A decimal given as a string (`"0.8569…"`, exact as the JSON has it): comma in fr and lt. */
  decimal?: true;
  /** A code of the JSON shown in words in fr and lt. */
  words?: (lang: "fr" | "lt", code: string) => string;
} & (
  | { fr: string; lt: string }
  /** Left out of the fr and lt variants (see the header comment). */
  | { machineOnly: true }
);

const YES_NO = { fr: ["oui", "non"], lt: ["taip", "ne"] } as const;

function localCell<R>(column: Column<R>, row: R, lang: "fr" | "lt"): Cell {
  const value = column.value(row);
  if (typeof value === "boolean") return YES_NO[lang][value ? 0 : 1];
  if (typeof value === "string" && column.decimal) return value.replace(".", ",");
  if (typeof value === "string" && column.words) return column.words(lang, value);
  return value;
}

/** The CSV text of `rows` in `lang`'s dialect. */
export function writeCsv<R>(columns: readonly Column<R>[], rows: readonly R[], lang: CsvLang): string {
  const shown = lang === "en" ? columns : columns.filter((c) => !("machineOnly" in c));
  const records = rows.map((row) =>
    shown.map((column) => {
      const value = lang === "en" ? column.value(row) : localCell(column, row, lang);
      return value === null || value === undefined ? "" : value;
    }),
  );
  return stringify(records, {
    bom: true,
    header: true,
    columns: shown.map((c) => (lang === "en" || "machineOnly" in c ? c.name : c[lang])),
    delimiter: lang === "en" ? "," : ";",
    record_delimiter: "\r\n",
    escape_formulas: true,
    // A number with a fraction (a rating) takes the dialect's decimal comma, and stays a number
    // for escape_formulas: a negative one is not taken for a formula.
    cast: {
      boolean: String,
      ...(lang === "en" ? {} : { number: (n: number) => String(n).replace(".", ",") }),
    },
  });
}
