import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { API_VERSION } from "../../src/http/openapi/document";

// The documentation as a newcomer walks it: every relative link of the README, the files beside
// it and docs/ leads to a file of this repository (and to a heading or anchor that exists in it),
// every document under docs/ is one click from the README, and none cites a document that is
// not in the repository or an issue number.
const ROOT = resolve(import.meta.dirname, "../..");

function markdownUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownUnder(path);
    return entry.name.endsWith(".md") ? [path] : [];
  });
}

const rootDocuments = readdirSync(ROOT).filter((name) => name.endsWith(".md"));
const documents = [...rootDocuments, ...markdownUnder("docs")].sort();

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors a document offers: its headings' slugs (numbered when repeated) and explicit ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    if (inFence) continue;
    const heading = /^#{1,6} (.+)$/.exec(line);
    if (heading) {
      const slug = headingSlug(heading[1]!);
      const count = seen.get(slug) ?? 0;
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
      seen.set(slug, count + 1);
    }
    for (const id of line.matchAll(/\bid="([^"]+)"/g)) anchors.add(id[1]!);
  }
  return anchors;
}

/** Markdown links `[text](target)` outside code fences and code spans. */
function linksOf(markdown: string): string[] {
  const links: string[] = [];
  let inFence = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    if (inFence) continue;
    const text = line.replace(/`[^`]*`/g, "");
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) links.push(m[1]!);
  }
  return links;
}

describe("documentation links", () => {
  it("finds the headings GitHub makes anchors of", () => {
    expect(headingSlug("The API in ten calls")).toBe("the-api-in-ten-calls");
    expect(headingSlug("Turso at a distance: round trips per operation")).toBe(
      "turso-at-a-distance-round-trips-per-operation",
    );
    expect(headingSlug("`Idempotency-Key`")).toBe("idempotency-key");
    expect(headingSlug("Series (circuits)")).toBe("series-circuits");
    expect([...anchorsOf('# A\n## B\n```sh\n# not a heading\n```\n## B\n<a id="x"></a>')]).toEqual([
      "a",
      "b",
      "b-1",
      "x",
    ]);
  });

  it.each(documents)("%s: every relative link leads to a file and an anchor that exist", (path) => {
    const markdown = readFileSync(join(ROOT, path), "utf8");
    const broken: string[] = [];
    for (const link of linksOf(markdown)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:: not ours to check
      const [file, anchor] = link.split("#") as [string, string | undefined];
      const target = file === "" ? join(ROOT, path) : resolve(ROOT, dirname(path), file);
      if (!target.startsWith(ROOT) || !existsSync(target)) {
        broken.push(`${link}: no such file`);
        continue;
      }
      if (anchor === undefined || !target.endsWith(".md") || statSync(target).isDirectory()) continue;
      if (!anchorsOf(readFileSync(target, "utf8")).has(anchor)) {
        broken.push(`${link}: no heading or id "${anchor}" in ${relative(ROOT, target)}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("reaches every document under docs/ from the README in one click", () => {
    const linked = new Set(
      linksOf(readFileSync(join(ROOT, "README.md"), "utf8"))
        .filter((link) => !/^[a-z][a-z0-9+.-]*:/i.test(link))
        .map((link) => relative(ROOT, resolve(ROOT, link.split("#")[0]!))),
    );
    expect(markdownUnder("docs").filter((path) => !linked.has(path))).toEqual([]);
  });

  it("cites no document outside the repository and no issue number", () => {
    // Upper case: the outside documents' names; docs/architecture.md and docs/rules.md are ours.
    const outsideDocument = /\b(?:RULES|API|ARCHITECTURE)\.md\b|\.\.\/shared\b/;
    const issueNumber = /\bissues? #?\d+|(?:^|\s)#\d+\b/i;
    const found: string[] = [];
    for (const path of documents) {
      readFileSync(join(ROOT, path), "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (outsideDocument.test(line) || issueNumber.test(line))
            found.push(`${path}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});

describe("the version", () => {
  it("is one: the OpenAPI document's, package.json's and the changelog's latest release", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
      version: string;
      license: string;
    };
    const released = /^## \[(\d+\.\d+\.\d+)\]/m.exec(readFileSync(join(ROOT, "CHANGELOG.md"), "utf8"))?.[1];
    expect({ package: pkg.version, changelog: released }).toEqual({
      package: API_VERSION,
      changelog: API_VERSION,
    });
    expect(pkg.license).toBe("MIT");
    expect(readFileSync(join(ROOT, "LICENSE"), "utf8")).toMatch(/^MIT License\n/);
  });
});
