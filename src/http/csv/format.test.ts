import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { type Column, writeCsv } from "./format";

interface Row {
  text: string;
  n: number;
  share: string;
  yes: boolean;
}
const COLUMNS: Column<Row>[] = [
  { name: "text", fr: "Texte", lt: "Tekstas", value: (r) => r.text },
  { name: "n", fr: "Nombre", lt: "Skaičius", value: (r) => r.n },
  { name: "share", fr: "Part", lt: "Dalis", value: (r) => r.share, decimal: true },
  { name: "yes", fr: "Oui", lt: "Taip", value: (r) => r.yes },
];

const cells = (text: string, delimiter: string) => parse(text, { bom: true, delimiter }) as string[][];

describe("writeCsv", () => {
  it("starts every text cell a spreadsheet would run as a formula with ', in every dialect", () => {
    // Tabs and carriage returns never get past the API's text hygiene; the CSV does not rely on it.
    const starts = ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "＝1", "＋1", "－1", "＠x"];
    for (const lang of ["en", "fr", "lt"] as const) {
      const text = writeCsv(
        COLUMNS,
        starts.map((s) => ({ text: s, n: -3, share: "0.25", yes: true })),
        lang,
      );
      const [, ...rows] = cells(text, lang === "en" ? "," : ";");
      expect(rows.map((r) => r[0])).toEqual(starts.map((s) => `'${s}`));
      // Numbers are numbers, not text: a negative one stays as it is.
      expect(rows.every((r) => r[1] === "-3")).toBe(true);
    }
  });

  it("writes English with , and a decimal point, French and Lithuanian with ; and a decimal comma", () => {
    const rows = [{ text: "Rūta; «x»", n: 2, share: "0.8569444444444444", yes: false }];
    expect(writeCsv(COLUMNS, rows, "en")).toBe(
      "\uFEFFtext,n,share,yes\r\nRūta; «x»,2,0.8569444444444444,false\r\n",
    );
    expect(writeCsv(COLUMNS, rows, "fr")).toBe(
      '\uFEFFTexte;Nombre;Part;Oui\r\n"Rūta; «x»";2;0,8569444444444444;non\r\n',
    );
    expect(writeCsv(COLUMNS, rows, "lt")).toBe(
      '\uFEFFTekstas;Skaičius;Dalis;Taip\r\n"Rūta; «x»";2;0,8569444444444444;ne\r\n',
    );
  });
});
