/**
 * docs/rules.md is the project's statement of the rules, and code, tests, documents and the
 * generated API descriptions cite its sections as `docs/rules.md#<anchor>`. Every such citation
 * must land on an anchor that exists, and the anchors themselves are a fixed, stable set: a
 * heading may be reworded, its anchor stays.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const RULES = join(ROOT, "docs", "rules.md");

/** The stable anchors, in document order. */
const STABLE_ANCHORS = [
  "structure",
  "table-sizes",
  "prelim-schedule",
  "snake-seating",
  "choices",
  "drops",
  "one-game",
  "ranking-a-session",
  "vp-share",
  "lots",
  "qualification",
  "playoffs",
  "people-and-results",
  "referees",
  "results",
  "corrections",
  "disqualification",
  "sanctions",
  "boards-and-timers",
  "boards",
  "timers",
  "edition-and-language",
  "sessions-in-time",
  "legacy",
];

const TEXT = /\.(ts|mts|mjs|js|json|md|graphql|sql|html|txt|yaml|yml|toml)$/;

function files(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    if (name === "node_modules" || name.startsWith(".")) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : TEXT.test(name) ? [path] : [];
  });
}

/** Everywhere the rules are cited: code, tests, benches, scripts, tools, docs and the API documents. */
function citingFiles(): string[] {
  return [
    ...["src", "test", "bench", "scripts", "tools", "docs"].flatMap((dir) => files(join(ROOT, dir))),
    join(ROOT, "README.md"),
    ...files(join(ROOT, "openapi")),
    join(ROOT, "schema.graphql"),
  ].filter((path) => {
    try {
      return statSync(path).isFile();
    } catch {
      return false;
    }
  });
}

const anchors = () => [...readFileSync(RULES, "utf8").matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]!);

describe("docs/rules.md anchors", () => {
  it("has exactly the stable anchors, each once, each before a heading", () => {
    expect(anchors()).toEqual(STABLE_ANCHORS);
    const lines = readFileSync(RULES, "utf8").split("\n");
    lines.forEach((line, i) => {
      if (!line.startsWith("<a id=")) return;
      const next = lines.slice(i + 1).find((l) => l.trim() !== "");
      expect(next, `after ${line}`).toMatch(/^#{2,4} /);
    });
  });

  it("every docs/rules.md#<anchor> cited in the repository exists", () => {
    const known = new Set(anchors());
    const missing: string[] = [];
    let citations = 0;
    for (const path of citingFiles()) {
      const text = readFileSync(path, "utf8");
      for (const m of text.matchAll(/docs\/rules\.md#([A-Za-z0-9_-]+)/g)) {
        citations++;
        if (!known.has(m[1]!)) missing.push(`${relative(ROOT, path)}: #${m[1]}`);
      }
      // Inside rules.md, sections link to each other as (#anchor).
      if (path === RULES) {
        for (const m of text.matchAll(/\]\(#([A-Za-z0-9_-]+)\)/g)) {
          if (!known.has(m[1]!)) missing.push(`docs/rules.md: (#${m[1]})`);
        }
      }
    }
    expect(missing).toEqual([]);
    // The scan reads the code: a path mistake here would find nothing and prove nothing.
    expect(citations).toBeGreaterThan(20);
  });
});
