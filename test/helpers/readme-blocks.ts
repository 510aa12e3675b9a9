import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * The shell blocks of a Markdown document (README.md, a guide), in reading order, for
 * test/e2e/readme-commands.test.ts: each ```sh (or bash/shell) fence, indented or not, with the
 * `<!-- not-run: reason -->` comment that may stand on the line before it (blank lines allowed
 * in between).
 */
export interface ReadmeBlock {
  /** 1-based position among the shell blocks. */
  index: number;
  /** 1-based line of the opening fence. */
  line: number;
  /** The nearest heading above the block. */
  heading: string;
  code: string;
  /** Why the block is not executed here, when the document says so. */
  notRun?: string;
}

const SHELL = new Set(["sh", "bash", "shell"]);
const NOT_RUN = /^<!--\s*not-run:\s*(.+?)\s*-->$/;

export function readmeShellBlocks(markdown: string): ReadmeBlock[] {
  const lines = markdown.split("\n");
  const blocks: ReadmeBlock[] = [];
  let heading = "";
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^#{1,6} /.test(line)) heading = line.replace(/^#+ /, "");
    const fence = /^(\s*)```(\S*)\s*$/.exec(line);
    if (!fence) continue;
    const indent = fence[1]!.length;
    const body: string[] = [];
    let end = i + 1;
    while (end < lines.length && !/^\s*```\s*$/.test(lines[end]!)) body.push(lines[end++]!.slice(indent));
    if (SHELL.has(fence[2]!)) {
      let before = i - 1;
      while (before >= 0 && lines[before]!.trim() === "") before--;
      const marker = before >= 0 ? NOT_RUN.exec(lines[before]!.trim()) : null;
      blocks.push({
        index: blocks.length + 1,
        line: i + 1,
        heading,
        code: body.join("\n"),
        ...(marker ? { notRun: marker[1] } : {}),
      });
    }
    i = end;
  }
  return blocks;
}

export interface DocumentBlocks {
  /** Path from the repository root, e.g. `docs/guides/store-chain.md`. */
  path: string;
  blocks: ReadmeBlock[];
}

/** Every Markdown file under `dir`, recursively, as paths from `root`, sorted. */
function markdownFiles(root: string, dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...markdownFiles(root, path));
    else if (entry.name.endsWith(".md")) found.push(relative(root, join(root, path)));
  }
  return found.sort();
}

/**
 * The documents whose shell blocks are executed: README.md first (it sets up what the others
 * continue from: the server, a token, an organisation, an event), then every Markdown file
 * under docs/, in path order.
 */
export function documentedShellBlocks(root: string): DocumentBlocks[] {
  return ["README.md", ...markdownFiles(root, "docs")].map((path) => ({
    path,
    blocks: readmeShellBlocks(readFileSync(join(root, path), "utf8")),
  }));
}
