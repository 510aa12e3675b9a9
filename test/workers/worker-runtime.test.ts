/**
 * The Workers harness runs the Worker with wrangler.toml and the test's own settings, nothing
 * else: a developer's `.dev.vars` (which `npm run dev:worker` writes into the checkout) or `.env`
 * must not change what the Workers tests see.
 */
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configuredWorker } from "./worker-runtime";

let dir: string;

beforeAll(async () => {
  // A checkout in miniature: the project's wrangler.toml beside a developer's local settings.
  dir = await mkdtemp(join(tmpdir(), "catan-harness-"));
  await copyFile(resolve(import.meta.dirname, "../../wrangler.toml"), join(dir, "wrangler.toml"));
  await mkdir(join(dir, "public"));
  const local = "JWT_SECRET=from-a-developers-file-0123456789abcdef\nDATABASE_URL=http://127.0.0.1:8080\n";
  await writeFile(join(dir, ".dev.vars"), local);
  await writeFile(join(dir, ".env"), local);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the Workers test harness", () => {
  it("ignores a .dev.vars and a .env in the checkout: only wrangler.toml's [vars]", () => {
    const { bindings } = configuredWorker(join(dir, "wrangler.toml"));
    expect(bindings).not.toHaveProperty("JWT_SECRET");
    expect(bindings).toMatchObject({
      DATABASE_URL: "libsql://catan-tournament-<org>.turso.io",
      LIVE_REFRESH_MS: "5000",
    });
  });

  it("keeps wrangler.toml's compatibility settings, assets and Durable Objects", () => {
    const worker = configuredWorker(join(dir, "wrangler.toml"));
    expect(worker.compatibilityFlags).toContain("nodejs_compat");
    expect(worker.compatibilityDate).toBe("2026-05-01");
    expect(Object.keys(worker.durableObjects ?? {})).toEqual(["LIVE_FEEDS"]);
    expect(worker.assets?.directory).toBe(join(dir, "public"));
  });
});
