/**
 * One configuration for both runtimes: every variable is read through the schema, a malformed
 * value stops the start naming the variable and the reason, and the settings that mean
 * something on both runtimes are read on both.
 */
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ConfigError, readConfig, SETTINGS, type SettingName } from "../../src/config";
import { DEFAULT_STREAM_LIMITS } from "../../src/services/live";
import { WEBHOOK_LIMITS } from "../../src/services/webhooks";

const problemsOf = (env: Record<string, string>, runtime: "node" | "workers" | "cli") => {
  try {
    readConfig(env, runtime);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems.map((p) => p.message);
  }
};

describe("the configuration", () => {
  it("takes each setting's default when it is unset or empty", () => {
    for (const runtime of ["node", "workers"] as const) {
      const config = readConfig({ WEBHOOK_TIMEOUT_MS: "", PORT: "  " }, runtime);
      expect(config.WEBHOOK_TIMEOUT_MS).toBe(WEBHOOK_LIMITS.timeoutMs);
      expect(config.WEBHOOK_DISABLE_AFTER_FAILURES).toBe(WEBHOOK_LIMITS.disableAfterFailures);
      expect(config.LIVE_STREAMS_PER_ADDRESS).toBe(DEFAULT_STREAM_LIMITS.perAddress);
      expect(config.RATE_LIMITS.off).toBe(false);
    }
    expect(readConfig({}, "node").PORT).toBe(8787);
  });

  it("reads the webhook, stream and refresh settings on both runtimes alike", () => {
    const env = {
      WEBHOOK_TIMEOUT_MS: "2500",
      WEBHOOK_DISABLE_AFTER_FAILURES: "7",
      WEBHOOK_RETRY_DELAYS_MS: "100, 200,300",
      LIVE_STREAMS_PER_ADDRESS: "40",
      LIVE_STREAMS_PER_CLIENT: "20",
      LIVE_REFRESH_MS: "2000",
      RATE_LIMITS: "read=1200/60",
    };
    const node = readConfig(env, "node");
    const workers = readConfig(env, "workers");
    for (const config of [node, workers]) {
      expect(config).toMatchObject({
        WEBHOOK_TIMEOUT_MS: 2500,
        WEBHOOK_DISABLE_AFTER_FAILURES: 7,
        WEBHOOK_RETRY_DELAYS_MS: [100, 200, 300],
        LIVE_STREAMS_PER_ADDRESS: 40,
        LIVE_STREAMS_PER_CLIENT: 20,
        LIVE_REFRESH_MS: 2000,
      });
      expect(config.RATE_LIMITS.off ? null : config.RATE_LIMITS.policies.read.limit).toBe(1200);
    }
  });

  it("refuses a malformed value on either runtime, naming the variable and the reason", () => {
    for (const runtime of ["node", "workers"] as const) {
      expect(problemsOf({ WEBHOOK_RETRY_DELAYS_MS: "soon" }, runtime)).toEqual([
        'WEBHOOK_RETRY_DELAYS_MS must be comma-separated milliseconds, e.g. 100,100,100 (got "soon")',
      ]);
      expect(problemsOf({ WEBHOOK_TIMEOUT_MS: "-5" }, runtime)[0]).toMatch(
        /^WEBHOOK_TIMEOUT_MS must be a whole number/,
      );
      expect(problemsOf({ LIVE_STREAMS_PER_CLIENT: "0" }, runtime)[0]).toMatch(
        /^LIVE_STREAMS_PER_CLIENT must be at least 1/,
      );
      expect(problemsOf({ RATE_LIMITS: "read=lots" }, runtime)[0]).toMatch(/^RATE_LIMITS: "read=lots"/);
      expect(problemsOf({ PUBLIC_URL: "catan.example.org" }, runtime)[0]).toMatch(
        /^PUBLIC_URL must be an http\(s\) URL/,
      );
    }
  });

  it("reports every problem at once, and never a secret's value", () => {
    const problems = problemsOf(
      { PORT: "http", JWT_SECRET: "too-short-to-sign", WEBHOOKS_ALLOW_LOOPBACK: "maybe" },
      "node",
    );
    expect(problems).toHaveLength(3);
    expect(problems.find((p) => p.startsWith("JWT_SECRET"))).toBe("JWT_SECRET is shorter than 32 bytes");
    expect(problems.join()).not.toContain("too-short-to-sign");
  });

  it("reads DATABASE_SYNC_URL and DATABASE_SYNC_INTERVAL, refusing an interval that is not a positive number", () => {
    expect(readConfig({}, "node").DATABASE_SYNC_URL).toBeUndefined();
    expect(
      readConfig({ DATABASE_SYNC_URL: "libsql://db.example", DATABASE_SYNC_INTERVAL: "2.5" }, "node"),
    ).toMatchObject({
      DATABASE_SYNC_URL: "libsql://db.example",
      DATABASE_SYNC_INTERVAL: 2.5,
    });
    for (const bad of ["0", "-1", "soon"]) {
      expect(
        problemsOf({ DATABASE_SYNC_URL: "libsql://db.example", DATABASE_SYNC_INTERVAL: bad }, "node")[0],
      ).toMatch(/^DATABASE_SYNC_INTERVAL/);
    }
  });

  it("wants JWKS_URL, JWT_ISSUER and JWT_AUDIENCE together", () => {
    expect(problemsOf({ JWKS_URL: "https://idp.example/jwks" }, "workers")).toEqual([
      "JWT_ISSUER is needed: JWKS_URL, JWT_ISSUER and JWT_AUDIENCE go together",
      "JWT_AUDIENCE is needed: JWKS_URL, JWT_ISSUER and JWT_AUDIENCE go together",
    ]);
  });

  it("keeps JWKS_URL as written: the key set is fetched from that exact URL, trailing slash included", () => {
    const env = {
      JWKS_URL: "https://idp.example/tenant/keys/",
      JWT_ISSUER: "https://idp.example/",
      JWT_AUDIENCE: "catan",
    };
    for (const runtime of ["node", "workers"] as const) {
      expect(readConfig(env, runtime).JWKS_URL).toBe("https://idp.example/tenant/keys/");
    }
  });

  it("reads a secret byte for byte: the signing key is the variable's value, whitespace included", () => {
    const secret = "0123456789abcdef0123456789abcdef\n";
    for (const runtime of ["node", "workers"] as const) {
      expect(readConfig({ JWT_SECRET: secret }, runtime).JWT_SECRET).toBe(secret);
    }
  });

  it("takes a disk reserve of 0 (no reserve), as the server always did", () => {
    expect(readConfig({ DISK_RESERVE_MB: "0" }, "node").DISK_RESERVE_MB).toBe(0);
    expect(problemsOf({ DISK_RESERVE_MB: "-1" }, "node")[0]).toMatch(/^DISK_RESERVE_MB/);
  });

  it("reads a Worker variable wrangler.toml gives as a number or a boolean, refusing a bad one by name", () => {
    // [vars] LIVE_STREAMS_PER_ADDRESS = 400 reaches the Worker as the number 400, not as text.
    const env = { LIVE_STREAMS_PER_ADDRESS: 400, LIVE_REFRESH_MS: 2000, WEBHOOKS_ALLOW_LOOPBACK: true };
    expect(readConfig(env, "workers")).toMatchObject({
      LIVE_STREAMS_PER_ADDRESS: 400,
      LIVE_REFRESH_MS: 2000,
      WEBHOOKS_ALLOW_LOOPBACK: true,
    });
    expect(() => readConfig({ LIVE_STREAMS_PER_CLIENT: 0 }, "workers")).toThrow(/^LIVE_STREAMS_PER_CLIENT/);
  });

  it("leaves another runtime's settings unread", () => {
    expect(problemsOf({ WEBHOOK_DRAIN_SUBREQUESTS: "many" }, "node")).toEqual([]);
    expect(problemsOf({ WEBHOOK_DRAIN_SUBREQUESTS: "many" }, "workers")[0]).toMatch(
      /^WEBHOOK_DRAIN_SUBREQUESTS/,
    );
    expect(problemsOf({ TRUST_PROXY: "perhaps" }, "workers")).toEqual([]);
  });

  it("documents every setting it reads", () => {
    for (const [name, setting] of Object.entries(SETTINGS) as [
      SettingName,
      (typeof SETTINGS)[SettingName],
    ][]) {
      expect(setting.doc.length, name).toBeGreaterThan(10);
    }
  });
});

describe("a Node start with a malformed setting", () => {
  it("stops before serving, naming the variable and the reason", async () => {
    const root = resolve(import.meta.dirname, "../..");
    const run = promisify(execFile)(process.execPath, ["--import", "tsx", "src/node.ts"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: ":memory:", PORT: "0", WEBHOOK_TIMEOUT_MS: "ten seconds" },
      timeout: 20_000,
    });
    const failed = await run.then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain('WEBHOOK_TIMEOUT_MS must be a whole number (got "ten seconds")');
  });
});
