import { describe, expect, it } from "vitest";
import { startWorker } from "./worker-runtime";

// The Worker reads its settings through the same schema as Node: a malformed one is refused with
// its name and the reason, where it used to be dropped silently or ignored.
describe("a Worker with a malformed setting", () => {
  it("answers 503 naming the variable, the reason and where to correct it", async () => {
    const worker = await startWorker({
      DATABASE_URL: "http://127.0.0.1:9",
      JWT_SECRET: "workers-config-jwt-secret-0123456789abcdef",
      WEBHOOK_RETRY_DELAYS_MS: "soon",
      WEBHOOK_TIMEOUT_MS: "ten seconds",
    });
    try {
      const res = await worker.fetch("https://api.example.org/health");
      expect(res.status).toBe(503);
      const body = (await res.json()) as { code: string; detail: string };
      expect(body.code).toBe("server_misconfigured");
      expect(body.detail).toContain(
        'WEBHOOK_RETRY_DELAYS_MS must be comma-separated milliseconds, e.g. 100,100,100 (got "soon")',
      );
      expect(body.detail).toContain('WEBHOOK_TIMEOUT_MS must be a whole number (got "ten seconds")');
      expect(body.detail).toContain("under [vars] in wrangler.toml");
    } finally {
      await worker.dispose();
    }
  });
});
