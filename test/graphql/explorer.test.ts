/**
 * The GraphQL explorer on GET /graphql: plain HTTP (title, no outside host named) and in a real
 * browser (Debian's Chromium, as the venue pages' tests) against the Node server, offline.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPLORER_TITLE } from "../../src/graphql";
import { createOrgClient } from "../helpers/auth";
import {
  type BrowserHarness,
  launchBrowser,
  type ServedApp,
  seriousViolations,
  serveTemporaryApp,
} from "../helpers/browser";
import { createTestApp } from "../helpers/test-app";
import { jsonRequest } from "../helpers/workflow";

describe("GET /graphql from a browser", () => {
  it("answers the explorer page, titled and with nothing loaded from elsewhere", async () => {
    const { app } = await createTestApp();
    const res = await app.request("/graphql", { headers: { accept: "text/html,application/xhtml+xml" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain(`<title>${EXPLORER_TITLE}</title>`);
    expect(html).not.toMatch(/(src|href)="https?:/);
    expect(html).not.toMatch(/unpkg|jsdelivr|cdn\./);
    // a link with a query still runs it, whatever the browser accepts
    const link = await app.request(`/graphql?query=${encodeURIComponent("{ __typename }")}`, {
      headers: { accept: "text/html" },
    });
    expect(await link.json()).toEqual({ data: { __typename: "Query" } });
  });
});

describe("the explorer in a browser", () => {
  let served: ServedApp;
  let browser: BrowserHarness;
  const hosts = new Set<string>();

  beforeAll(async () => {
    served = await serveTemporaryApp();
    browser = await launchBrowser();
    browser.context.on("request", (req) => hosts.add(new URL(req.url()).host));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  it("lists the schema with its descriptions and runs a query, offline", async () => {
    const store = await createOrgClient(served.app, served.db);
    const event = (
      await jsonRequest(served.app, store.auth).post(`/v1/orgs/${store.orgId}/events`, {
        name: "Explorer Cup",
      })
    ).body as { id: string };
    const page = await browser.context.newPage();
    await page.goto(`${served.base}/graphql`);
    expect(await page.title()).toBe(EXPLORER_TITLE);
    await page.getByText("EventPhase (enum)").waitFor();
    expect(await page.locator("#schema").textContent()).toContain("Derived from rounds and results.");
    await page.fill("#variables", JSON.stringify({ id: event.id }));
    await page.click("#run");
    await page.locator("#result", { hasText: "Explorer Cup" }).waitFor();
    const result = (await page.locator("#result").textContent()) ?? "";
    expect(result).toContain('"phase": "SETUP"');
    expect(await seriousViolations(page)).toEqual([]);
    expect([...hosts]).toEqual([new URL(served.base).host]);
  }, 120_000);
});
