/**
 * A generated part of a hand-written Markdown document: written between two marker comments,
 * the prose around them left alone; with `--check`, a failure when the committed part differs.
 */
import { readFileSync, writeFileSync } from "node:fs";

/** A table cell: pipes escaped, one line. */
export const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");

/** A Markdown table with its columns padded to one width, as the formatter (Biome) lays them out. */
export function table(header: string[], rows: string[][]): string {
  const width = (text: string) => [...text].length;
  const widths = header.map((h, i) => Math.max(width(h), 3, ...rows.map((r) => width(r[i]!))));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => c + " ".repeat(widths[i]! - width(c))).join(" | ")} |`;
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

/** Replaces the section between `start` and `end` in `file` (or checks it, with `--check`). */
export function writeSection(file: string, start: string, end: string, body: string, command: string) {
  const current = readFileSync(file, "utf8");
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  if (from < 0 || to < from) {
    console.error(`${file} lacks the markers ${start} … ${end}.`);
    process.exit(1);
  }
  const next = `${current.slice(0, from)}${start}\n\n${body}\n\n${end}${current.slice(to + end.length)}`;
  if (process.argv.includes("--check")) {
    if (next !== current) {
      console.error(`${file} is out of date: run \`${command}\` and commit it.`);
      process.exit(1);
    }
    console.log(`${file} is up to date.`);
  } else {
    writeFileSync(file, next);
    console.log(`wrote ${file}`);
  }
}
