/**
 * The venue pages in a real browser (Debian's Chromium through playwright-core) against the real
 * Node server on a temporary database: the screen shows the seating, then the new ranking after
 * a result without a reload; the print pages give one sheet per table and print to PDF; a
 * private event is a 404; French is French; axe finds no serious violation; all of it under
 * the pages' Content-Security-Policy, which the browser enforces (no violation reported, an
 * injected script refused, the screen framed only by the sites its event names). Screenshots
 * and PDFs go to test-artifacts/pages/.
 */
import { writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ARTIFACTS,
  type BrowserHarness,
  launchBrowser,
  type ServedApp,
  seriousViolations,
  serveTemporaryApp,
} from "../helpers/browser";
import { FIXTURE_NAMES, type PagesFixture, pagesFixture, submitSigned } from "../helpers/pages-fixture";

let served: ServedApp;
let browser: BrowserHarness;
let f: PagesFixture;
/** Every host the pages asked for: only the test server's (and the embedding test's site). */
const hosts = new Set<string>();
/** The other site of the embedding test (a second loopback server): set while it runs. */
let embedderHost: string | undefined;

beforeAll(async () => {
  served = await serveTemporaryApp();
  f = await pagesFixture(served.app, served.db);
  browser = await launchBrowser();
  browser.context.on("request", (req) => hosts.add(new URL(req.url()).host));
  // Every page records what its Content-Security-Policy refused.
  await browser.context.addInitScript(() => {
    const refused: string[] = [];
    (window as unknown as { refused: string[] }).refused = refused;
    document.addEventListener("securitypolicyviolation", (e) =>
      refused.push(`${e.effectiveDirective} ${e.blockedURI || "inline"}`),
    );
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

async function open(
  path: string,
  viewport = { width: 1280, height: 720 },
  headers: Record<string, string> = {},
) {
  const page = await browser.context.newPage();
  await page.setViewportSize(viewport);
  await page.setExtraHTTPHeaders(headers);
  const res = await page.goto(`${served.base}${path}`);
  return { page, status: res?.status() };
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });

describe("the venue screen", () => {
  it("shows the current game's seating in large type at 1920×1080", async () => {
    const { page, status } = await open(`/e/${f.eventId}/screen`, { width: 1920, height: 1080 });
    expect(status).toBe(200);
    const seating = page.locator('[data-view="seating"]');
    await expect.poll(() => seating.isVisible()).toBe(true);
    for (const name of FIXTURE_NAMES) expect(await seating.innerText()).toContain(name);
    expect(await seating.locator(".t").count()).toBe(f.round.tables.length);
    const fontPx = await page.evaluate(() =>
      Number.parseFloat(getComputedStyle(document.querySelector(".seatgrid li")!).fontSize),
    );
    expect(fontPx).toBeGreaterThanOrEqual(28);
    await shot(page, "screen-seating-1920x1080");
    // Everything fits: the page does not scroll.
    expect(
      await page.evaluate(() => [
        document.documentElement.scrollHeight,
        document.documentElement.scrollWidth,
      ]),
    ).toEqual([1080, 1920]);
    await page.close();
  });

  it("shows the new ranking after a result is submitted, without reloading (1280×720)", async () => {
    const { page } = await open(`/e/${f.eventId}/screen?view=ranking`);
    const ranking = page.locator('[data-view="ranking"]');
    await expect.poll(() => ranking.isVisible()).toBe(true);
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    const table = f.round.tables[0]!;
    const winner = table.seats[0]!.player.name;
    const firstRow = () => ranking.locator("tbody tr").first().innerText();
    expect(await ranking.innerText()).not.toMatch(new RegExp(`1\\s+${winner}\\s+1\\s+10`));
    await submitSigned(f.api, table);
    // The change feed pushes the new results version; the script fetches and swaps the ranking.
    await expect
      .poll(firstRow, { timeout: 15_000, interval: 100 })
      .toMatch(new RegExp(`^1\\s+${winner}\\s+1\\s+10`));
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    await shot(page, "screen-ranking-1280x720");
    expect(
      await page.evaluate(() => [
        document.documentElement.scrollHeight,
        document.documentElement.scrollWidth,
      ]),
    ).toEqual([720, 1280]);
    await page.close();
  });
});

describe("print pages", () => {
  it("print one result sheet per table, on A4 and Letter, one or two per page", async () => {
    const { page, status } = await open(`/s/${f.sessionId}/print/sheets?round=1`);
    expect(status).toBe(200);
    const tables = f.round.tables.length;
    expect(await page.locator("section.sheet").count()).toBe(tables);
    expect(await page.locator("section.sheet svg").count()).toBe(tables);
    await shot(page, "print-sheets");
    for (const format of ["A4", "Letter"] as const) {
      const pdf = await page.pdf({ format });
      await writeFile(join(ARTIFACTS, `sheets-${format}.pdf`), pdf);
      expect((await PDFDocument.load(pdf)).getPageCount(), format).toBe(tables);
    }
    await page.goto(`${served.base}/s/${f.sessionId}/print/sheets?round=1&perPage=2`);
    for (const format of ["A4", "Letter"] as const) {
      const pdf = await page.pdf({ format });
      await writeFile(join(ARTIFACTS, `sheets-2up-${format}.pdf`), pdf);
      expect((await PDFDocument.load(pdf)).getPageCount(), format).toBe(Math.ceil(tables / 2));
    }
    await page.close();
  });

  it("print the seating: a block per table and the alphabetical list", async () => {
    const { page } = await open(`/s/${f.sessionId}/print/seating`);
    expect(await page.locator(".game .tablecard").count()).toBe(f.round.tables.length);
    const names = await page.locator("#find ~ table tbody th").allInnerTexts();
    expect(names).toEqual([...FIXTURE_NAMES].sort(new Intl.Collator("en").compare));
    await shot(page, "print-seating");
    const pdf = await page.pdf({ format: "A4" });
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThanOrEqual(2);
    await page.close();
  });
});

describe("result sheets on A4", () => {
  // A4 less the sheets' 10 mm margins, at the 96 px per inch of CSS: what a page can hold.
  const printable = { width: Math.floor((190 / 25.4) * 96), height: Math.floor((277 / 25.4) * 96) };
  let sessionId: string;

  beforeAll(async () => {
    // Another store's session, with names as long as real ones get: the fixture's stay as they are.
    const g = await pagesFixture(served.app, served.db);
    for (const [i, id] of g.playerIds.entries()) {
      const name = `${FIXTURE_NAMES[i]} ${i % 2 ? "Stankevičiūtė-Jankauskienė" : "Vaitkevičius-Žemaitis"}`;
      const res = await g.api.patch(`/v1/players/${id}`, { name });
      expect(res.status, res.text).toBe(200);
    }
    sessionId = g.sessionId;
  }, 60_000);

  /** Each sheet's frame, what overflows it and the QR address's size, as the printer lays them out. */
  const printedSheets = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("section.sheet")].map((sheet) => {
        const box = sheet.getBoundingClientRect();
        const url = sheet.querySelector<HTMLElement>(".qr .url")!;
        const at = url.getBoundingClientRect();
        return {
          left: box.left,
          right: box.right,
          height: box.height,
          overflowX: sheet.scrollWidth - sheet.clientWidth,
          overflowY: sheet.scrollHeight - sheet.clientHeight,
          urlInside: at.left >= box.left && at.right <= box.right && at.bottom <= box.bottom,
          urlPt: (Number.parseFloat(getComputedStyle(url).fontSize) * 72) / 96,
          captionPt: (Number.parseFloat(getComputedStyle(url.parentElement!).fontSize) * 72) / 96,
        };
      }),
    );

  it("keep every frame whole, its content inside it, and the QR address at 8 pt or more", async () => {
    const page = await browser.context.newPage();
    await page.emulateMedia({ media: "print" });
    await page.setViewportSize(printable);
    const found: string[] = [];
    for (const query of ["", "&perPage=2", "&lang=lt", "&lang=fr&perPage=2", "&lang=lt&perPage=2"]) {
      await page.goto(`${served.base}/s/${sessionId}/print/sheets?round=1${query}`);
      for (const [i, s] of (await printedSheets(page)).entries()) {
        const where = `${query || "en"} sheet ${i + 1}`;
        if (s.left < 0 || s.right > printable.width) found.push(`${where}: frame ${s.left}–${s.right} px`);
        // Two to a page: each within half the page, less the 6 mm between them.
        const high = query.includes("perPage=2")
          ? (printable.height - (6 / 25.4) * 96) / 2
          : printable.height;
        if (s.height > high) found.push(`${where}: ${s.height} px high, more than ${high}`);
        if (s.overflowX > 0 || s.overflowY > 0)
          found.push(`${where}: content ${s.overflowX}×${s.overflowY} px outside`);
        if (!s.urlInside) found.push(`${where}: address outside the frame`);
        if (s.urlPt < 7.99 || s.captionPt < 7.99)
          found.push(`${where}: QR caption ${s.captionPt} pt, address ${s.urlPt} pt`);
      }
      if (query === "&lang=lt&perPage=2")
        await page.screenshot({ path: join(ARTIFACTS, "print-sheets-long-names.png"), fullPage: true });
    }
    expect(found).toEqual([]);
    await page.emulateMedia({ media: null });
    const pdf = await page.pdf({ format: "A4" });
    await writeFile(join(ARTIFACTS, "sheets-long-names-2up-A4.pdf"), pdf);
    await page.close();
  });
});

describe("access and languages", () => {
  it("answers a private event's pages with 404", async () => {
    for (const path of [`/e/${f.privateEventId}`, `/e/${f.privateEventId}/screen`]) {
      const { page, status } = await open(path);
      expect(status, path).toBe(404);
      expect(await page.locator("h1").innerText()).toBe("Not found");
      await page.close();
    }
  });

  it("shows the French page in French (?lang=fr) and the Lithuanian one from Accept-Language", async () => {
    const fr = await open(`/e/${f.eventId}?lang=fr`);
    expect(await fr.page.getAttribute("html", "lang")).toBe("fr");
    const h2 = await fr.page.locator("h2").allInnerTexts();
    expect(h2).toContain("Sessions qualificatives");
    expect(h2).toContain("Tirage au sort");
    await shot(fr.page, "event-fr");
    await fr.page.close();
    const lt = await open(`/s/${f.sessionId}/print/sheets?round=1`, undefined, { "accept-language": "lt" });
    expect(await lt.page.getAttribute("html", "lang")).toBe("lt");
    expect(await lt.page.locator("section.sheet h2").first().innerText()).toContain("Žaidimas 1");
    await lt.page.close();
  });
});

describe("phones at 390×844", () => {
  it("show every page without horizontal scrolling", async () => {
    const table = f.round.tables[0]!;
    await submitSigned(f.api, f.round.tables[1]!);
    const wide: string[] = [];
    for (const path of [
      "/",
      `/e/${f.eventId}`,
      `/e/${f.eventId}?lang=fr`,
      `/e/${f.eventId}?lang=lt`,
      `/e/${f.eventId}/screen?view=seating`,
      `/e/${f.eventId}/screen?view=ranking&lang=fr`,
      `/s/${f.sessionId}/print/seating`,
      `/s/${f.sessionId}/print/sheets?round=1`,
      `/s/${f.sessionId}/print/sheets?round=1&lang=lt`,
      `/t/${table.id}`,
      `/t/${table.id}?lang=fr`,
      `/e/${f.privateEventId}`,
    ]) {
      const { page, status } = await open(path, { width: 390, height: 844 });
      expect([200, 404], path).toContain(status);
      const [scroll, client] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      if (scroll > client) wide.push(`${path}: ${scroll} > ${client}`);
      const name = path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
      await page.screenshot({ path: join(ARTIFACTS, `phone-${name}.png`), fullPage: true });
      await page.close();
    }
    expect(wide).toEqual([]);
  }, 120_000);
});

describe("the player's phone (390×844) on a pending sheet", () => {
  const phone = { width: 390, height: 844 };
  let table: { id: string; seats: { player: { id: string; name: string }; confirmationCode: string }[] };

  beforeAll(async () => {
    // Another store's event: the tests above need their tables as they left them.
    const g = await pagesFixture(served.app, served.db);
    const id = g.round.tables[0]!.id;
    table = (await g.api.get(`/v1/tables/${id}`)).body;
    const put = await g.api.put(`/v1/tables/${id}/result`, {
      scores: table.seats.map((s, i) => ({ playerId: s.player.id, vp: [10, 8, 6, 4][i] })),
      winnerId: table.seats[0]!.player.id,
    });
    expect(put.status, put.text).toBe(200);
  }, 60_000);

  /** The form controls smaller than a fingertip (44 px either way). */
  const smallControls = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll("form input, form select, form button")]
        .map((e) => ({ e, box: e.getBoundingClientRect() }))
        .filter(({ box }) => box.width < 44 || box.height < 44)
        .map(
          ({ e, box }) =>
            `${e.closest("form")?.className} ${e.getAttribute("name") ?? e.textContent}: ${box.width}×${box.height}`,
        ),
    );
  const look = (page: Page, selector: string) =>
    page.$eval(selector, (e) => {
      const s = getComputedStyle(e);
      return { background: s.backgroundColor, color: s.color, border: s.borderTopColor };
    });

  it("gives every control at least 44 px and makes agreeing look unlike disputing", async () => {
    const { page } = await open(`/t/${table.id}`, phone);
    expect(await smallControls(page)).toEqual([]);
    const agree = await look(page, "form.agree button");
    const dispute = await look(page, "form.dispute button");
    expect(agree.background).not.toBe(dispute.background);
    expect(agree.color).not.toBe(dispute.color);
    expect(await look(page, "form.agree")).not.toEqual(await look(page, "form.dispute"));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(ARTIFACTS, "phone-table-forms.png"), fullPage: true });
    await page.close();
  });

  it("keeps a mistyped code and counts the tries left, then says the confirmation is recorded", async () => {
    const seat = table.seats[1]!;
    const { page } = await open(`/t/${table.id}?lang=fr`, phone);
    await page.selectOption("form.agree select", seat.player.id);
    await page.fill("form.agree input[name=code]", "WR0NG-C0DE");
    await Promise.all([page.waitForLoadState("load"), page.click("form.agree button")]);
    await page.waitForSelector("#form-notice");
    expect(await page.inputValue("form.agree input[name=code]")).toBe("WR0NG-C0DE");
    expect(await page.inputValue("form.agree select")).toBe(seat.player.id);
    expect(await page.textContent("#form-notice")).toContain("Il vous reste 4 essais");
    expect(await smallControls(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, "phone-table-wrong-code.png"), fullPage: true });

    await page.fill("form.agree input[name=code]", seat.confirmationCode);
    await Promise.all([page.waitForURL(/recorded=confirmation/), page.click("form.agree button")]);
    expect(await page.textContent('[role="status"]')).toContain(
      `Merci, ${seat.player.name}\u00a0: votre confirmation est enregistrée.`,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, "phone-table-recorded.png"), fullPage: true });
    await page.close();
  });
});

describe("accessibility (axe-core)", () => {
  it("finds no serious or critical violation on any page", async () => {
    const found: string[] = [];
    for (const path of [
      "/",
      `/e/${f.eventId}`,
      `/e/${f.eventId}?lang=lt`,
      `/e/${f.eventId}/screen?view=seating`,
      `/e/${f.eventId}/screen?view=ranking`,
      `/s/${f.sessionId}/print/seating`,
      `/s/${f.sessionId}/print/sheets?round=1&lang=fr`,
      `/t/${f.round.tables[0]!.id}`,
      `/e/${f.privateEventId}`,
    ]) {
      const { page } = await open(path);
      found.push(...(await seriousViolations(page)).map((v) => `${path} ${v}`));
      await page.close();
    }
    expect(found).toEqual([]);
  }, 300_000);

  it("loaded nothing from any host but the test server", () => {
    expect([...hosts].filter((h) => h !== embedderHost)).toEqual([new URL(served.base).host]);
  });
});

describe("under the pages' security policy", () => {
  const refused = (page: Page) => page.evaluate(() => (window as unknown as { refused: string[] }).refused);

  it("runs every page, the screen's script included, without a refusal", async () => {
    const found: string[] = [];
    for (const path of [
      "/",
      `/e/${f.eventId}`,
      `/e/${f.eventId}/screen`,
      `/s/${f.sessionId}/print/seating`,
      `/s/${f.sessionId}/print/sheets?round=1`,
      `/t/${f.round.tables[0]!.id}`,
      "/e/evt_unknown",
    ]) {
      const { page } = await open(path);
      expect(await page.evaluate(() => document.readyState), path).toBe("complete");
      found.push(...(await refused(page)).map((r) => `${path}: ${r}`));
      await page.close();
    }
    expect(found).toEqual([]);
    // The screen's script ran: it chose the view to show (the live update is the test above).
    const { page } = await open(`/e/${f.eventId}/screen`);
    await expect.poll(() => page.getAttribute("#screen", "data-show")).toMatch(/^(seating|ranking)$/);
    await page.close();
  }, 120_000);

  it("refuses a script injected into a page", async () => {
    const { page } = await open(`/t/${f.round.tables[0]!.id}`);
    const ran = await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.injected = true";
      document.body.append(script);
      const img = document.createElement("img");
      img.setAttribute("src", "data:,");
      img.setAttribute("onerror", "window.injected = true");
      document.body.append(img);
      return new Promise((resolve) =>
        setTimeout(() => resolve((window as unknown as { injected?: boolean }).injected ?? false), 200),
      );
    });
    expect(ran).toBe(false);
    expect((await refused(page)).map((r) => r.split(" ")[0])).toContain("script-src-elem");
    await page.close();
  });

  it("lets only the sites an event names frame its screen", async () => {
    // Another origin (another port) on loopback: the browser refuses public pages that frame
    // loopback ones whatever their policy says, so the club's site has to be local too.
    const embedder = createServer((req, res) => {
      const src = new URL(req.url ?? "/", "http://x").searchParams.get("src") ?? "/";
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.end(`<!doctype html><title>Club</title><iframe src="${served.base}${src}"></iframe>`);
    });
    await new Promise<void>((resolve) => embedder.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(embedder.address() as AddressInfo).port}`;
    embedderHost = new URL(origin).host;
    /** What the framed page shows in `selector`, or null when the browser refused to show it there. */
    const framed = async (path: string, selector: string) => {
      const page = await browser.context.newPage();
      await page.goto(`${origin}/?src=${encodeURIComponent(path)}`);
      const frame = page.frames().find((fr) => fr !== page.mainFrame());
      const text = frame?.url().startsWith(served.base)
        ? await frame
            .locator(selector)
            .textContent({ timeout: 5_000 })
            .catch(() => null)
        : null;
      await page.close();
      return text;
    };
    const screen = `/e/${f.eventId}/screen?view=seating`;
    const seating = '[data-view="seating"]';
    try {
      expect(await framed(screen, seating)).toBeNull();
      const res = await f.api.patch(`/v1/events/${f.eventId}`, { screenEmbedOrigins: [origin] });
      expect(res.status, res.text).toBe(200);
      expect(await framed(screen, seating)).toContain(FIXTURE_NAMES[0]);
      // Only the screen: the event page stays unframeable.
      expect(await framed(`/e/${f.eventId}`, "h1")).toBeNull();
    } finally {
      await f.api.patch(`/v1/events/${f.eventId}`, { screenEmbedOrigins: [] });
      // The browser keeps its connections open: close them, or close() waits for them.
      embedder.closeAllConnections();
      await new Promise((resolve) => embedder.close(resolve));
    }
  }, 120_000);
});
