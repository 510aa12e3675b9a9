import { describe, expect, it } from "vitest";
import { readmeShellBlocks } from "../helpers/readme-blocks";

// The README test relies on this: every shell fence found (indented ones too), in order, with
// its not-run reason only when the comment stands right before it.
describe("README shell blocks", () => {
  it("finds sh/bash/shell fences with their heading, line and not-run reason; skips other languages", () => {
    const markdown = [
      "# Title",
      "## One",
      "```sh",
      "echo one",
      "```",
      "<!-- not-run: needs the network for this -->",
      "",
      "```bash",
      "echo two",
      "# a comment, not a heading",
      "```",
      "```json",
      '{"not": "shell"}',
      "```",
      "## Two",
      "- a list item with a block:",
      "",
      "  ```shell",
      "  echo three",
      "  ```",
      "<!-- not-run: far from its block -->",
      "text between",
      "```sh",
      "echo four",
      "```",
    ].join("\n");
    expect(readmeShellBlocks(markdown)).toEqual([
      { index: 1, line: 3, heading: "One", code: "echo one" },
      {
        index: 2,
        line: 8,
        heading: "One",
        code: "echo two\n# a comment, not a heading",
        notRun: "needs the network for this",
      },
      { index: 3, line: 18, heading: "Two", code: "echo three" },
      { index: 4, line: 23, heading: "Two", code: "echo four" },
    ]);
  });
});
