import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isProblemCode, PROBLEM_CODES, PROBLEM_TYPE_BASE } from "../../src/http/openapi/problem-codes";

import { createTestApp } from "../helpers/test-app";

describe("problem type URIs resolve to the API's own pages", () => {
  it("GET /problems/{code} is a page for every code in the catalogue; an unknown code is a 404", async () => {
    const { app } = await createTestApp();
    for (const [code, info] of Object.entries(PROBLEM_CODES)) {
      const res = await app.request(`/problems/${code.replace(/_/g, "-")}`);
      expect(res.status, code).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toContain(`HTTP ${info.status}`);
      expect(html).toContain(code);
    }
    const unknown = await app.request("/problems/no-such-thing", { headers: { authorization: "Bearer x" } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: "unknown_problem_code" });
  });

  it("a problem's type is on PUBLIC_URL and fetching it gives its page", async () => {
    const { app } = await createTestApp({ http: { publicUrl: "https://api.example.org" } });
    const res = await app.request("/v1/players/ply_missing", { headers: {} });
    const problem = (await res.json()) as { type: string; code: string };
    expect(problem.type).toBe(`https://api.example.org/problems/${problem.code.replace(/_/g, "-")}`);
    const page = await app.request(new URL(problem.type).pathname);
    expect(page.status).toBe(200);
  });

  it("without PUBLIC_URL the type is the documented base, whatever Host the request named", async () => {
    const { app } = await createTestApp();
    const types = new Set<string>();
    for (const origin of ["http://127.0.0.1:4000", "http://192.168.1.20:8787", "https://evil.example"]) {
      const res = await app.request(`${origin}/v1/events/evt_missing`);
      types.add(((await res.json()) as { type: string }).type);
    }
    expect([...types]).toEqual([`${PROBLEM_TYPE_BASE}/event-not-found`]);
    // The reference resolves, against the address the answer came from, to the code's page.
    const page = await app.request(new URL([...types][0]!, "http://192.168.1.20:8787/v1/events/x").href);
    expect(page.status).toBe(200);
  });

  it("PUBLIC_URL set, the Host a request named does not change the type either", async () => {
    const { app } = await createTestApp({ http: { publicUrl: "https://api.example.org/" } });
    for (const origin of ["http://127.0.0.1:4000", "https://evil.example"]) {
      const res = await app.request(`${origin}/v1/events/evt_missing`);
      expect(((await res.json()) as { type: string }).type).toBe(
        "https://api.example.org/problems/event-not-found",
      );
    }
  });

  it("docs/reference/errors.md states the base the generator writes", () => {
    const doc = readFileSync(new URL("../../docs/reference/errors.md", import.meta.url), "utf8");
    expect(doc).toContain(`\`${PROBLEM_TYPE_BASE}/<code>\``);
  });
});

/**
 * The codes the source can answer, read from where problems are made: ServiceError and its
 * helpers (refuse, conflict, notFound), problem literals (`code: "…"`) and the auth answers.
 */
function codesInSource(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  const patterns = [
    /new ServiceError\(\s*"[a-z_]+",\s*"([a-z_]+)"/g,
    /refuse\(\s*"(?:conflict|invalid)",\s*"([a-z_]+)"/g,
    /\brefuse\(\s*"(?!conflict"|invalid")([a-z_]+)",/g,
    /\bconflict\(\s*"([a-z_]+)"/g,
    /\bcode: "([a-z_]+)"/g,
    /unauthorized\(c, "([a-z_]+)"/g,
    /"(database_[a-z_]+)"/g,
  ];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.endsWith(".test.ts")) continue;
    const file = join(entry.parentPath, entry.name);
    const text = readFileSync(file, "utf8");
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.set(match[1]!, file);
    for (const match of text.matchAll(/\bnotFound\("([a-z_]+)"/g)) found.set(`${match[1]}_not_found`, file);
  }
  return found;
}

/** Codes of warnings a successful answer carries, not problems: they have no type URI. */
const WARNING_CODES = new Set(["no_referee"]);

describe("the problem catalogue", () => {
  it("lists every code the source answers (so every type URI has a page)", () => {
    const missing = [...codesInSource(fileURLToPath(new URL("../../src", import.meta.url)))]
      .filter(([code]) => !isProblemCode(code) && !WARNING_CODES.has(code))
      .map(([code, file]) => `${code} (${file})`);
    expect(missing).toEqual([]);
  });
});
