/**
 * Every class of answer of the Worker build on workerd, read by Node's own `fetch` over its
 * loopback socket, asking for compression as browsers and `openapi-fetch` do: each must decode
 * and be the JSON it says (test/http/decoding.test.ts reads the Node server the same way).
 */
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { openWebDatabase } from "../../src/db/web";
import { insertApiClient } from "../../src/services/auth";
import { createOrganization } from "../../src/services/orgs";
import { type HranaServer, startHranaServer } from "../../tools/hrana-server";
import { systemContext } from "../helpers/auth";
import { type RunningWorker, startWorker } from "./worker-runtime";

const DB_TOKEN = "hrana-test-token";
const JWT_SECRET = "workers-decoding-jwt-secret-0123456789ab";

let server: HranaServer;
let worker: RunningWorker;
let orgId: string;
let auth: Record<string, string>;

beforeAll(async () => {
  server = await startHranaServer({
    authToken: DB_TOKEN,
    migrationsFolder: resolve(import.meta.dirname, "../../migrations"),
  });
  const seedDb = openWebDatabase(server.url, DB_TOKEN);
  orgId = (await createOrganization(systemContext(seedDb), { name: "Decoding Store", kind: "store" })).id;
  const client = await insertApiClient(seedDb, { orgId, name: "decoding", role: "owner" }, new Date());
  // A small read limit, so a 429 comes after a few requests (counted in the isolate's memory).
  worker = await startWorker({
    DATABASE_URL: server.url,
    DATABASE_AUTH_TOKEN: DB_TOKEN,
    JWT_SECRET,
    RATE_LIMITS: "read=20/60",
  });
  const token = await read("/v1/auth/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: client.clientId,
      client_secret: client.clientSecret,
    }).toString(),
  });
  expect(token.status, token.body).toBe(200);
  auth = { authorization: `Bearer ${JSON.parse(token.body).access_token}` };
}, 60_000);

afterAll(async () => {
  await worker?.dispose();
  await server?.close();
});

/** `text()` throws on a body whose encoding does not match its label: that is the check. */
async function read(path: string, init: RequestInit = {}, on: RunningWorker = worker) {
  const res = await fetch(new URL(path, on.url), {
    ...init,
    headers: { "accept-encoding": "gzip, br", ...(init.headers as Record<string, string>) },
  });
  const body = await res.text();
  return { status: res.status, type: res.headers.get("content-type"), etag: res.headers.get("etag"), body };
}

function showWorkerOutputOnFailure(on: RunningWorker = worker) {
  onTestFailed(() => console.error(`Worker output:\n${on.output()}`));
}

const problem = (answer: { type: string | null; body: string }) => {
  expect(answer.type).toMatch(/^application\/problem\+json/);
  return JSON.parse(answer.body) as { status: number; code: string };
};

describe("the Worker's answers decode with Accept-Encoding: gzip, br", () => {
  it("2xx and 304", async () => {
    showWorkerOutputOnFailure();
    const ok = await read(`/v1/orgs/${orgId}`, { headers: auth });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body).id).toBe(orgId);
    expect(ok.etag).toBeTruthy();
    const again = await read(`/v1/orgs/${orgId}`, { headers: { ...auth, "if-none-match": ok.etag! } });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
  });

  it.each<[string, () => string, () => RequestInit, number, string]>([
    ["401", () => "/v1/orgs/org_nope", () => ({}), 401, "token_required"],
    ["404", () => "/v1/nothing-here", () => ({}), 404, "route_not_found"],
    ["405", () => "/health", () => ({ method: "DELETE" }), 405, "method_not_allowed"],
    ["406", () => `/v1/orgs/${orgId}?format=csv`, () => ({ headers: auth }), 406, "format_not_offered"],
    [
      "415",
      () => `/v1/orgs/${orgId}/events`,
      () => ({ method: "POST", headers: { ...auth, "content-type": "text/plain" }, body: "x" }),
      415,
      "unsupported_media_type",
    ],
    [
      "422",
      () => `/v1/orgs/${orgId}/events`,
      () => ({ method: "POST", headers: { ...auth, "content-type": "application/json" }, body: "{}" }),
      422,
      "validation_failed",
    ],
  ])("%s is a readable problem", async (_name, path, init, status, code) => {
    showWorkerOutputOnFailure();
    const answer = await read(path(), init());
    expect(answer.status, answer.body).toBe(status);
    expect(problem(answer)).toMatchObject({ status, code });
  });

  it("413 is a readable problem, in the token endpoint's one shape", async () => {
    showWorkerOutputOnFailure();
    const answer = await read("/v1/auth/token", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "x".repeat(1024 * 1024 + 1),
    });
    expect(answer.status).toBe(413);
    expect(answer.type).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toMatchObject({
      status: 413,
      code: "payload_too_large",
      error: "invalid_request",
    });
  });

  it("429 is a readable problem", async () => {
    showWorkerOutputOnFailure();
    let last = await read("/health?check=live");
    for (let i = 0; i < 30 && last.status !== 429; i++) last = await read("/health?check=live");
    expect(last.status).toBe(429);
    expect(problem(last)).toMatchObject({ status: 429, code: "rate_limited" });
  });

  it("5xx is a readable problem (a deployment without its secret)", async () => {
    const bare = await startWorker({ DATABASE_URL: server.url, DATABASE_AUTH_TOKEN: DB_TOKEN });
    try {
      showWorkerOutputOnFailure(bare);
      const answer = await read("/health", {}, bare);
      expect(answer.status).toBe(503);
      expect(problem(answer)).toMatchObject({ status: 503, code: "server_misconfigured" });
    } finally {
      await bare.dispose();
    }
  });
});
