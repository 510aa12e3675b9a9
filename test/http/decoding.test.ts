/**
 * Every class of answer, read by Node's own `fetch` asking for compression as browsers and
 * `openapi-fetch` do: a body labelled `content-encoding: gzip` must be gzip, or the client fails
 * with a decoding error instead of reading the problem.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type NodeServer, startNodeServer } from "../helpers/node-server";

let server: NodeServer;
beforeAll(async () => {
  server = await startNodeServer(
    { DATABASE_URL: ":memory:", RATE_LIMITS: "read=20/60" },
    { firstStart: true },
  );
}, 120_000);
afterAll(() => server?.kill());

async function read(path: string, init: RequestInit = {}) {
  const res = await fetch(`${server.url}${path}`, {
    ...init,
    headers: { "accept-encoding": "gzip, br", ...(init.headers as Record<string, string>) },
  });
  // text() throws on a body whose encoding does not match its label.
  const body = await res.text();
  return { status: res.status, type: res.headers.get("content-type"), body };
}

describe("answers decode with Accept-Encoding: gzip, br", () => {
  it("2xx and 304", async () => {
    const ok = await read("/openapi.json");
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body).openapi).toMatch(/^3\.1/);
    const etag = (await fetch(`${server.url}/openapi.json`)).headers.get("etag");
    if (etag) expect((await read("/openapi.json", { headers: { "if-none-match": etag } })).status).toBe(304);
  });

  it.each([
    ["401", "/v1/orgs/org_nope", {}, 401],
    ["404", "/v1/nothing-here", {}, 404],
    ["405", "/health", { method: "DELETE" }, 405],
    ["406", "/v1/events/evt_nope?format=csv", {}, 406],
    ["422", "/graphql", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }, 422],
    ["415", "/v1/auth/token", { method: "POST", headers: { "content-type": "text/plain" }, body: "x" }, 0],
  ] as const)("%s is readable", async (_name, path, init, status) => {
    const res = await read(path, init as RequestInit);
    if (status) expect(res.status).toBe(status);
    else expect(res.status).toBeGreaterThanOrEqual(400);
    // The token endpoint's problems are application/json, as OAuth clients expect.
    expect(res.type).toMatch(
      path.startsWith("/v1/auth/token") ? /^application\/json/ : /application\/problem\+json/,
    );
    expect(JSON.parse(res.body)).toBeTypeOf("object");
  });

  it("429 is a readable problem", async () => {
    let last = await read("/health?check=live");
    for (let i = 0; i < 30 && last.status !== 429; i++) last = await read("/health?check=live");
    expect(last.status).toBe(429);
    expect(JSON.parse(last.body).status).toBe(429);
  });

  it("5xx is a readable problem", async () => {
    // A database file on a disk that counts as full (a reserve no disk has): /health answers 503.
    const dir = mkdtempSync(join(tmpdir(), "decoding-"));
    const full = await startNodeServer(
      { DATABASE_URL: `file:${join(dir, "full.db")}`, DISK_RESERVE_MB: String(2 ** 40) },
      { firstStart: true },
    );
    try {
      const res = await fetch(`${full.url}/health`, { headers: { "accept-encoding": "gzip, br" } });
      const body = await res.text();
      expect(res.status).toBe(503);
      expect(res.headers.get("content-type")).toMatch(/application\/problem\+json/);
      expect(JSON.parse(body)).toMatchObject({ status: 503, code: "database_full" });
    } finally {
      await full.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  // Last: the server closes the connection of a body it refuses part-way.
  it("413 is a readable problem", async () => {
    const body = "x".repeat(3_000_000);
    const res = await read("/v1/auth/token", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).status).toBe(413);
  });
});
