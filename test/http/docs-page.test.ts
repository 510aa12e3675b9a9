import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ARTIFACTS,
  type BrowserHarness,
  launchBrowser,
  type ServedApp,
  serveTemporaryApp,
} from "../helpers/browser";

// The interactive reference at /docs, as a browser loads it from a self-hosted server: every
// request the page makes goes to that server (no CDN, fonts, proxy, telemetry, AI or registry),
// none of Scalar's hosted features is offered, the introduction from the OpenAPI document is
// rendered, and the licence is shown. On 127.0.0.1, where Scalar turns its extras on by default.
const bundle = join(
  dirname(createRequire(import.meta.url).resolve("@scalar/api-reference")),
  "browser",
  "standalone.js",
);

let server: ServedApp;
let browser: BrowserHarness;
let page: Page;
const requests: string[] = [];
const failed: string[] = [];

beforeAll(async () => {
  server = await serveTemporaryApp({ http: { docsScript: () => readFile(bundle, "utf8") } });
  browser = await launchBrowser();
  browser.context.on("request", (request: Request) => {
    requests.push(request.url());
  });
  browser.context.on("requestfailed", (request: Request) => {
    failed.push(`${request.url()}: ${request.failure()?.errorText}`);
  });
  page = await browser.context.newPage();
  await page.goto(`${server.base}/docs`);
  // The introduction is rendered once the document is loaded and parsed.
  await page.getByRole("heading", { name: "Conditional requests" }).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: join(ARTIFACTS, "docs.png") });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("the reference at /docs", () => {
  it("asks nothing of any host but this server", () => {
    const origin = new URL(server.base).origin;
    const elsewhere = requests.filter((url) => {
      const u = new URL(url);
      return (u.protocol === "http:" || u.protocol === "https:") && u.origin !== origin;
    });
    expect(elsewhere).toEqual([]);
    expect(failed).toEqual([]);
    // The page did load its own script and the document from here.
    expect(requests).toEqual(
      expect.arrayContaining([`${origin}/docs`, `${origin}/docs/scalar.js`, `${origin}/openapi.json`]),
    );
  });

  it("renders the introduction of the OpenAPI document", async () => {
    for (const heading of [
      "Authentication",
      "Rate limits",
      "Pagination",
      "Conditional requests",
      "Idempotency",
      "Webhooks",
      "Guides",
    ]) {
      await expect(
        page.getByRole("heading", { name: heading, exact: true }).first().isVisible(),
        heading,
      ).resolves.toBe(true);
    }
    const text = await page.locator("body").innerText();
    expect(text).toContain("/.well-known/oauth-authorization-server");
    expect(text).toContain("webhook-signature");
    expect(text).toContain("guides/bots-and-frontends.md");
  });

  it("shows the licence", async () => {
    await expect(page.getByText("MIT", { exact: true }).first().isVisible()).resolves.toBe(true);
  });

  it("offers none of Scalar's hosted features: AI, developer tools, share, deploy, registry, its client", async () => {
    const text = await page.locator("body").innerText();
    for (const word of ["Ask AI", "Developer Tools", "Share", "Deploy", "Registry", "Open API Client"]) {
      expect(text, word).not.toContain(word);
    }
    // Only Scalar's "Powered by" credit may link to its site; nothing to its client, registry or dashboard.
    const links = await page
      .locator('a[href*="scalar.com"]')
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(links.filter((href) => href !== "https://www.scalar.com")).toEqual([]);
  });
});
