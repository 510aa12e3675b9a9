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

describe("the explorer shows a query's problems and suggestions next to it", () => {
  let served: ServedApp;
  let browser: BrowserHarness;
  let posts = 0;

  beforeAll(async () => {
    served = await serveTemporaryApp();
    browser = await launchBrowser();
    browser.context.on("request", (req) => {
      if (req.method() === "POST" && new URL(req.url()).pathname === "/graphql") posts++;
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  it("checks the query against the schema as it is typed, with the fields that fit", async () => {
    const page = await browser.context.newPage();
    await page.goto(`${served.base}/graphql`);
    await page.getByText("EventPhase (enum)").waitFor();
    const before = posts;
    await page.fill("#query", 'query {\n  event(id: "evt_x") {\n    nam\n    phase\n  }\n}');
    const problem = page.locator("#problems li", { hasText: 'Cannot query field "nam" on type "Event"' });
    await problem.waitFor();
    expect(await problem.textContent()).toContain('Did you mean "name"?');
    expect(await problem.textContent()).toContain("line 3, column 5");
    // Checked in the page, from the schema it read once: no query was sent.
    expect(posts).toBe(before);
    // Clicking the problem puts the cursor on it.
    await problem.click();
    expect(await page.$eval("#query", (e) => (e as HTMLTextAreaElement).selectionStart)).toBe(
      'query {\n  event(id: "evt_x") {\n    '.length,
    );
    // The fields of the type at the cursor, narrowed to what is typed there.
    await page.$eval("#query", (e) => {
      const area = e as HTMLTextAreaElement;
      area.setSelectionRange(area.value.indexOf("nam") + 3, area.value.indexOf("nam") + 3);
      area.dispatchEvent(new Event("select"));
    });
    await page.locator("#suggestions button", { hasText: /^name$/ }).waitFor();
    await page.locator("#suggestions button", { hasText: /^name$/ }).click();
    expect(await page.inputValue("#query")).toContain("\n    name\n    phase");
    await page.locator("#problems").getByText("No problems found").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  }, 120_000);

  it("shows the server's errors for a query it ran next to the query, with their lines", async () => {
    const page = await browser.context.newPage();
    await page.goto(`${served.base}/graphql`);
    await page.getByText("EventPhase (enum)").waitFor();
    // Well-formed and made of known fields, but the argument is missing: only the server knows.
    await page.fill("#query", "query {\n  event {\n    name\n  }\n}");
    await page.fill("#variables", "");
    await page.click("#run");
    const problem = page.locator("#problems li", { hasText: 'argument "id"' });
    await problem.waitFor();
    // The page's own check of what was typed, due 150 ms after the typing, must not wipe them.
    await page.waitForTimeout(400);
    expect(await problem.textContent({ timeout: 1000 })).toContain("line 2, column 3");
  }, 120_000);
});
