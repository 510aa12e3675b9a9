/**
 * The shell blocks of README.md, in reading order, for test/e2e/readme-commands.test.ts: each ```sh
 * (or bash/shell) fence, indented or not, with the `<!-- not-run: reason -->` comment that may
 * stand on the line before it (blank lines allowed in between).
 */
export interface ReadmeBlock {
  /** 1-based position among the shell blocks. */
  index: number;
  /** 1-based line of the opening fence. */
  line: number;
  /** The nearest heading above the block. */
  heading: string;
  code: string;
  /** Why the block is not executed here, when the README says so. */
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
