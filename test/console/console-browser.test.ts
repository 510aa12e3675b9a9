/**
 * A whole 12-player session run from the staff console alone, in a real Chromium against the
 * real Node server: the test makes no API call of its own (the CLI makes the organisation and
 * its first sign-in link, as a store's operator would; the database is only read to check the
 * audit). A laptop and a phone are paired; the laptop registers and checks in, seats three games
 * and prints the sheets; the phone enters sheets at 390×844; players confirm with their own
 * codes on their phones (the venue table page); a dispute is settled; a drop re-seats; the final
 * is seated and entered; the standings are checked against the sheets. Then the Wi-Fi drops
 * (Playwright's offline mode) while a sheet and two check-ins are entered; the pairing's
 * refusals; a cross-site form; axe on every page in three languages at 390 and 1280 px.
 *
 * Screenshots go to test-artifacts/console/; with UPDATE_SCREENSHOTS=1 the guide's are
 * written to docs/images/console/ as well.
 */
import { mkdir } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli";
import { launchChromium, type ServedApp, serveTemporaryApp } from "../helpers/browser";

const ARTIFACTS = join(process.cwd(), "test-artifacts", "console");
const DOCS = join(process.cwd(), "docs", "images", "console");
const UPDATE_SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === "1";

/** The 12 players, strongest first: at every table the strongest wins (see sheetFor). */
const NAMES = [
  "Rūta Kazlauskienė",
  "Élodie Dubois",
  "Jonas Petrauskas",
  "Inès Moreau",
  "Eglė Stankevičiūtė",
  "Chloé Laurent",
  "Darius Jankauskas",
  "Léa Bernard",
  "Mantas Vaitkus",
  "Camille Roux",
  "Tomas Žukauskas",
  "Manon Girard",
];
const strength = (name: string) => NAMES.indexOf(name);

let served: ServedApp;
let browser: Browser;
let laptop: BrowserContext;
let phone: BrowserContext;
let players: BrowserContext;
let desk: Page;
let mobile: Page;
/** How far the server's clock is ahead of the real one (to let a code expire). */
let clockAhead = 0;
/** What the console shows: the ids the test reads from pages as it goes. */
const ids = { org: "", event: "", session: "", practiceSession: "" };
/** Every sheet the test entered, final or not, by table id: names in seat order and VP. */
const sheets = new Map<string, { names: string[]; vp: number[]; winner: string }>();
let clicks = 0;
const measured = { seconds: 0, clicks: 0, sizes: [] as { page: string; html: number; script: number }[] };

/** A device: its own cookies and storage; every page records what its policy refused. */
async function device(viewport = { width: 1280, height: 800 }, mobileDevice = false) {
  const context = await browser.newContext({ viewport, isMobile: mobileDevice, hasTouch: mobileDevice });
  context.setDefaultTimeout(10_000);
  await context.addInitScript(() => {
    const refused: string[] = [];
    (window as unknown as { refused: string[] }).refused = refused;
    document.addEventListener("securitypolicyviolation", (e) =>
      refused.push(`${e.effectiveDirective} ${e.blockedURI || "inline"}`),
    );
  });
  return context;
}

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  if (UPDATE_SCREENSHOTS) await mkdir(DOCS, { recursive: true });
  served = await serveTemporaryApp({
    http: { compress: true },
    live: { changePollMs: 100 },
    time: { clock: () => new Date(Date.now() + clockAhead) },
  });
  browser = await launchChromium();
  laptop = await device({ width: 1280, height: 800 });
  phone = await device({ width: 390, height: 844 }, true);
  players = await device({ width: 390, height: 844 }, true);
  desk = await laptop.newPage();
  mobile = await phone.newPage();
}, 60_000);

afterAll(async () => {
  if (Object.keys(measured).length) console.log(JSON.stringify(measured, null, 2));
  await browser?.close();
  await served?.close();
});

const url = (path: string) => `${served.base}${path}`;

async function click(page: Page, selector: string) {
  clicks++;
  await page.locator(selector).first().click();
}

async function shot(page: Page, name: string, docs = false) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const png = await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
  if (docs && UPDATE_SCREENSHOTS) {
    // The guide's copies in 64 colours, a quarter of the bytes (sharp comes with miniflare).
    const { default: sharp } = await import("sharp");
    await sharp(png)
      .png({ palette: true, colors: 64, effort: 10 })
      .toFile(join(DOCS, `${name}.png`));
  }
}

async function noPolicyViolation(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { refused: string[] }).refused)).toEqual([]);
}

/** The CLI, as the store's operator runs it against the server's database; its JSON line. */
async function cli(args: string[]): Promise<Record<string, string>> {
  const lines: string[] = [];
  const log = console.log;
  console.log = (line: string) => lines.push(line);
  try {
    const code = await runCli([...args, "--json"], {
      DATABASE_URL: served.databaseUrl,
      PUBLIC_URL: served.base,
    });
    expect(code).toBe(0);
  } finally {
    console.log = log;
  }
  return JSON.parse(lines.at(-1)!);
}

/** A sheet for a table whose players are `names` (seat order): the strongest wins with 10. */
function sheetFor(names: string[]) {
  const ranked = [...names].sort((a, b) => strength(a) - strength(b));
  const vp = names.map((name) => [10, 8, 6, 4][ranked.indexOf(name)]!);
  return { names, vp, winner: ranked[0]! };
}

/** Enters a sheet on a console table page (already open) and saves it. */
async function enterSheet(page: Page, sheet: { names: string[]; vp: number[]; winner: string }) {
  for (const [i, name] of sheet.names.entries()) {
    await page.getByLabel(`${name}: VP`, { exact: true }).first().fill(String(sheet.vp[i]));
  }
  await page
    .locator("#sheet ~ form, section[aria-labelledby=sheet] form")
    .first()
    .getByLabel(sheet.winner, { exact: true })
    .check();
  await click(page, "section[aria-labelledby=sheet] button[type=submit]");
}

/** The seats of a console table page, in order. */
async function seatNames(page: Page): Promise<string[]> {
  return page
    .locator("table.seats tbody th")
    .evaluateAll((ths) => ths.map((th) => (th.firstChild?.textContent ?? "").trim()));
}

/** The number of changes the page says are waiting. */
const waiting = (page: Page) =>
  page
    .locator("#queue .queue-count")
    .getAttribute("data-waiting-count")
    .then((n) => Number(n ?? 0));

/** Audit rows of the server's database (read only: the check the issue asks for). */
async function audit(action: string, entityId: string) {
  const rows = await served.db.$client.execute({
    sql: "select after from audit_log where action = ? and entity_id = ?",
    args: [action, entityId],
  });
  return rows.rows.map((r) => JSON.parse(String(r.after ?? "null")));
}

describe("a store's day from an empty database, through the console alone", { timeout: 120_000 }, () => {
  it("the first device signs in with the CLI's one-time link", async () => {
    const org = await cli(["create-org", "--name", "Kauno stalo žaidimai", "--kind", "store"]);
    ids.org = org.orgId!;
    const link = await cli(["console-link", "--org", ids.org]);
    const started = Date.now();
    await desk.goto(link.url!);
    await shot(desk, "sign-in", true);
    await click(desk, 'button:has-text("Sign in")');
    await desk.waitForURL(url("/console"));
    expect(await desk.locator("header .device").textContent()).toBe("owner console (cli) (owner)");

    // An event and its session, the players pasted and checked in one tap each, three games seated.
    await desk.fill("#event-name", "Kaunas Championship 2026");
    await desk.fill("#event-starts", "2026-12-05");
    await desk.fill("#event-zone", "Europe/Vilnius");
    await click(desk, "section[aria-labelledby=new-event] button[type=submit]");
    await desk.waitForURL(/\/console\/e\/evt_/);
    ids.event = desk.url().split("/console/e/")[1]!.split("?")[0]!;
    await desk.fill("#session-name", "Saturday qualifier");
    await desk.fill("#session-time", "10:00");
    await click(desk, "section[aria-labelledby=new-session] button[type=submit]");
    await desk.waitForURL(/\/console\/s\/ses_.*\/players/);
    ids.session = desk.url().split("/console/s/")[1]!.split("/")[0]!;
    await desk.fill("#paste", NAMES.join("\n"));
    await click(desk, 'button:has-text("Register the list")');
    await expect.poll(() => desk.locator("#roster-count").textContent()).toBe("12 registered, 0 checked in");
    for (let n = 1; n <= NAMES.length; n++) {
      await click(desk, "section[aria-labelledby=roster] form[data-queue] button");
      await expect
        .poll(() => desk.locator("#roster-count").textContent(), { timeout: 10_000 })
        .toBe(`12 registered, ${n} checked in`);
    }
    await shot(desk, "players", true);
    await click(desk, 'nav.tabs a:has-text("Games and tables")');
    await click(desk, 'button:has-text("Seat all remaining games")');
    await expect.poll(() => desk.locator("section.game").count()).toBe(3);
    measured.seconds = Math.round((Date.now() - started) / 100) / 10;
    measured.clicks = clicks;
    await shot(desk, "games", true);
    await noPolicyViolation(desk);
  });

  it("pairs a phone limited to the session, which opens on its tables", async () => {
    await click(desk, 'header a:has-text("Devices")');
    await desk.fill("#pair-name", "Phone 1");
    await desk.selectOption("#pair-role", "reporter");
    await desk.selectOption("#pair-scope", `session:${ids.session}`);
    await click(desk, 'button:has-text("Make a pairing code")');
    const link = await desk.locator("section[aria-labelledby=paired] a").getAttribute("href");
    expect(await desk.locator("section[aria-labelledby=paired] svg").count()).toBe(1);
    await shot(desk, "devices", true);
    await mobile.goto(link!);
    await click(mobile, 'button:has-text("Sign in")');
    await mobile.waitForURL(url(`/console/s/${ids.session}`));
    expect(await mobile.locator("nav.tabs a").allTextContents()).toEqual(["Games and tables"]);
    await shot(mobile, "phone-session", true);
  });

  it("the Wi-Fi drops while a sheet and two check-ins are entered: each is written once when it is back", async () => {
    const game1 = await gameTables(desk, 1);
    const table = game1[0]!;
    // A practice night's session, for check-ins while game 1 of the qualifier is played.
    await desk.goto(url("/console"));
    await desk.fill("#event-name", "Practice night");
    await click(desk, "section[aria-labelledby=new-event] button[type=submit]");
    await desk.waitForURL(/\/console\/e\/evt_/);
    await desk.fill("#session-name", "Tuesday practice");
    await click(desk, "section[aria-labelledby=new-session] button[type=submit]");
    await desk.waitForURL(/\/players/);
    ids.practiceSession = desk.url().split("/console/s/")[1]!.split("/")[0]!;
    await desk.fill("#paste", NAMES.slice(0, 4).join("\n"));
    await click(desk, 'button:has-text("Register the list")');
    await expect.poll(() => desk.locator("#roster-count").textContent()).toBe("4 registered, 0 checked in");

    await mobile.goto(url(`/console/t/${table.id}`));
    expect(await seatNames(mobile)).toEqual(table.names);

    await phone.setOffline(true);
    await laptop.setOffline(true);
    try {
      await offlineEntries();
    } finally {
      await phone.setOffline(false);
      await laptop.setOffline(false);
    }
    async function offlineEntries() {
      const sheet = sheetFor(table.names);
      await enterSheet(mobile, sheet);
      await expect.poll(() => waiting(mobile)).toBe(1);
      expect(await mobile.locator("#queue .queue-count").textContent()).toContain(
        "1 change waiting to be sent",
      );
      await shot(mobile, "offline-phone", true);
      const rows = desk.locator("section[aria-labelledby=roster] form[data-queue] button");
      await click(desk, "section[aria-labelledby=roster] tbody tr:nth-child(1) form[data-queue] button");
      await click(desk, "section[aria-labelledby=roster] tbody tr:nth-child(2) form[data-queue] button");
      await expect.poll(() => waiting(desk)).toBe(2);
      expect(await rows.nth(0).isDisabled()).toBe(true);
      expect(await audit("result.submit", table.id)).toEqual([]);
      expect(await audit("session.check-in", ids.practiceSession)).toEqual([]);
    }
    const sheet = sheetFor(table.names);
    await expect.poll(() => waiting(mobile), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => waiting(desk), { timeout: 15_000 }).toBe(0);
    expect(await audit("result.submit", table.id)).toHaveLength(1);
    const checkIns = await audit("session.check-in", ids.practiceSession);
    expect(checkIns).toHaveLength(2);
    expect(new Set(checkIns.flatMap((a) => a.playerIds)).size).toBe(2);
    await expect.poll(() => desk.locator("#roster-count").textContent()).toBe("4 registered, 2 checked in");
    await expect
      .poll(() => mobile.locator("#content .state").first().textContent())
      .toContain("Sheet entered");
    sheets.set(table.id, sheet);
  });

  it("a sheet queued on the phone that became stale is shown as refused, with the reason", async () => {
    const table = (await gameTables(desk, 1))[1]!;
    await mobile.goto(url(`/console/t/${table.id}`));
    await phone.setOffline(true);
    try {
      await enterSheet(mobile, sheetFor(table.names));
      await expect.poll(() => waiting(mobile)).toBe(1);
    } catch (error) {
      await phone.setOffline(false);
      throw error;
    }
    // Meanwhile the desk enters the sheet the players signed: the second strongest won.
    const ranked = [...table.names].sort((a, b) => strength(a) - strength(b));
    const signed = {
      names: table.names,
      vp: table.names.map((n) => [8, 10, 6, 4][ranked.indexOf(n)]!),
      winner: ranked[1]!,
    };
    await desk.goto(url(`/console/t/${table.id}`));
    await enterSheet(desk, signed);
    await expect.poll(() => desk.locator("#content .state").first().textContent()).toContain("Sheet entered");
    sheets.set(table.id, signed);
    await phone.setOffline(false);
    await expect.poll(() => waiting(mobile), { timeout: 15_000 }).toBe(0);
    const refused = mobile.locator("#queue li[data-refused]");
    await expect.poll(() => refused.count()).toBe(1);
    expect(await refused.textContent()).toContain("Refused when sent again — Sheet: Table 2");
    expect(await refused.textContent()).toContain("Result exists.");
    await shot(mobile, "refused-on-replay", true);
    await click(mobile, '#queue li[data-refused] button:has-text("Dismiss")');
    await expect.poll(() => refused.count()).toBe(0);
    expect(await audit("result.submit", table.id)).toHaveLength(1);
  });

  it("players confirm with their own codes on their phones; the desk's live view follows", async () => {
    const game1 = await gameTables(desk, 1);
    const codes = await seatCodes(desk, 1);
    await desk.goto(url(`/console/s/${ids.session}`));
    await desk.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    const table = game1[0]!;
    for (const name of table.names) await confirmAsPlayer(table.id, name, codes.get(table.id)!.get(name)!);
    const card = desk.locator(`article[data-table="${table.id}"] .state`);
    await expect.poll(() => card.getAttribute("data-state"), { timeout: 15_000 }).toBe("final");
    expect(await desk.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
  });

  it("one dispute is settled by the referee", async () => {
    const table = (await gameTables(desk, 1))[1]!;
    const codes = (await seatCodes(desk, 1)).get(table.id)!;
    const [disputer, ...agreeing] = table.names;
    for (const name of agreeing) await confirmAsPlayer(table.id, name, codes.get(name)!);
    await confirmAsPlayer(table.id, disputer!, codes.get(disputer!)!, "my city was not counted");
    await desk.goto(url(`/console/t/${table.id}`));
    expect(await desk.locator("#content .state").first().getAttribute("data-state")).toBe("disputed");
    expect(await desk.locator("section[aria-labelledby=confirm]").textContent()).toContain(
      "my city was not counted",
    );
    await shot(desk, "dispute", true);
    await desk.fill("#finalize-reason", "Checked the board with both players");
    await click(desk, 'button:has-text("Settle the dispute")');
    await expect.poll(() => desk.locator("#content .state").first().getAttribute("data-state")).toBe("final");
    // Game 1's last table: the phone enters it, the desk makes it final.
    const last = (await gameTables(desk, 1))[2]!;
    await mobile.goto(url(`/console/t/${last.id}`));
    await shot(mobile, "phone-sheet", true);
    const sheet = sheetFor(last.names);
    await enterSheet(mobile, sheet);
    await expect
      .poll(() => mobile.locator("#content .state").first().textContent())
      .toContain("Sheet entered");
    sheets.set(last.id, sheet);
    await finalize(last.id);
  });

  it("a drop after game 1 seats games 2 and 3 again for the eleven left", async () => {
    const dropped = NAMES[11]!;
    await desk.goto(url(`/console/s/${ids.session}`));
    await desk.selectOption("#drop-player", { label: dropped });
    await desk.selectOption("#drop-after", "1");
    await click(desk, 'button:has-text("Drop")');
    await expect
      .poll(() => desk.locator("p.done").textContent())
      .toBe("Dropped; the later games are seated again.");
    for (const game of [2, 3]) {
      const tables = await gameTables(desk, game);
      const seated = tables.flatMap((t) => t.names);
      expect(seated).toHaveLength(11);
      expect(seated).not.toContain(dropped);
      expect(tables.map((t) => t.names.length).sort()).toEqual([3, 4, 4]);
    }
  });

  it("games 2 and 3: the phone enters every sheet, the desk makes each final", async () => {
    for (const game of [2, 3]) {
      for (const table of await gameTables(desk, game)) {
        await mobile.goto(url(`/console/t/${table.id}`));
        const sheet = sheetFor(table.names);
        await enterSheet(mobile, sheet);
        await expect
          .poll(() => mobile.locator("#content .state").first().textContent())
          .toContain("Sheet entered");
        sheets.set(table.id, sheet);
        await finalize(table.id);
      }
    }
  });

  it("the final is seated and entered, and the standings are the sheets' ranking", async () => {
    await desk.goto(url(`/console/e/${ids.event}`));
    await click(desk, 'button:has-text("Seat the final")');
    await expect.poll(() => desk.locator("section[aria-labelledby=playoffs] a").count()).toBe(1);
    await click(desk, "section[aria-labelledby=playoffs] a");
    await desk.waitForURL(/\/console\/t\//);
    const finalId = desk.url().split("/console/t/")[1]!.split("?")[0]!;
    // The finalists choose turn order and colour in rank order before the sheet is taken.
    const colours = ["red", "blue", "white", "orange"];
    for (let i = 0; i < 4; i++) {
      await desk.selectOption("#choice-position", String(i + 1));
      await desk.selectOption("#choice-colour", colours[i]!);
      await Promise.all([desk.waitForLoadState("load"), click(desk, 'button:has-text("Record the choice")')]);
    }
    await expect.poll(() => desk.locator("#choice-position").count()).toBe(0);
    const names = await seatNames(desk);
    const final = sheetFor(names);
    await enterSheet(desk, final);
    await expect.poll(() => desk.locator("#content .state").first().textContent()).toContain("Sheet entered");
    await finalize(finalId);

    // The session's standings: wins, then VP (at most 10 a game), as the sheets say.
    const expected = expectedRanking();
    await desk.goto(url(`/console/s/${ids.session}/standings`));
    const shown = await desk
      .locator("table.stack tbody th.rh")
      .evaluateAll((ths) => ths.map((th) => (th.firstChild?.textContent ?? "").trim()));
    expect(groupsOf(shown, expected)).toEqual(expected.map((g) => [...g].sort()));
    await shot(desk, "standings", true);
    // The final's winner leads the final standings.
    await desk.goto(url(`/console/e/${ids.event}`));
    const finalRows = desk.locator("table.stack").last().locator("tbody th.rh");
    expect(((await finalRows.first().textContent()) ?? "").trim()).toBe(final.winner);
    await shot(desk, "event", true);
  });
});

describe("pairing refusals and a device's reach", { timeout: 60_000 }, () => {
  it("a reused code is refused; so is an expired one", async () => {
    const stranger = await device();
    const page = await stranger.newPage();
    await desk.goto(url("/console/devices"));
    await desk.fill("#pair-name", "Late phone");
    await desk.selectOption("#pair-minutes", "5");
    await click(desk, 'button:has-text("Make a pairing code")');
    const link = (await desk.locator("section[aria-labelledby=paired] a").getAttribute("href"))!;
    // Six minutes later the code has expired.
    clockAhead = 6 * 60_000;
    try {
      await page.goto(link);
      await page.click('button:has-text("Sign in")');
      expect(await page.locator(".refusal h2").textContent()).toBe("Refused: Pairing code expired");
    } finally {
      clockAhead = 0;
    }
    // The phone's code, used at the start of the day, again.
    await desk.goto(url("/console/devices"));
    await desk.fill("#pair-name", "Once");
    await click(desk, 'button:has-text("Make a pairing code")');
    const once = (await desk.locator("section[aria-labelledby=paired] a").getAttribute("href"))!;
    await page.goto(once);
    await page.click('button:has-text("Sign in")');
    await page.waitForURL(url("/console"));
    const other = await (await device()).newPage();
    await other.goto(once);
    await other.click('button:has-text("Sign in")');
    expect(await other.locator(".refusal h2").textContent()).toBe("Refused: Pairing code already used");
    await shot(other, "code-used");
    await other.context().close();
    await stranger.close();
  });

  it("a paired phone cannot act outside its session: the API's refusals", async () => {
    for (const [path, code] of [
      [`/console/e/${ids.event}`, "outside_client_scope"],
      [`/console/s/${ids.practiceSession}`, "outside_client_scope"],
      ["/console/devices", "insufficient_role"],
      [`/console/s/${ids.session}/players`, "insufficient_role"],
    ] as const) {
      const res = await mobile.goto(url(path));
      expect(res?.status(), path).toBe(403);
      expect(await mobile.locator(".refusal").getAttribute("data-code"), path).toBe(code);
    }
  });

  it("a revoked device is signed out at its next request", async () => {
    const tablet = await device();
    const page = await tablet.newPage();
    await desk.goto(url("/console/devices"));
    await desk.fill("#pair-name", "Tablet");
    await desk.selectOption("#pair-role", "reader");
    await click(desk, 'button:has-text("Make a pairing code")');
    await page.goto((await desk.locator("section[aria-labelledby=paired] a").getAttribute("href"))!);
    await page.click('button:has-text("Sign in")');
    await page.waitForURL(url("/console"));
    await desk.goto(url("/console/devices"));
    await click(desk, 'tr:has(th:has-text("Tablet")) button:has-text("Sign out")');
    await expect.poll(() => desk.locator("p.done").textContent()).toBe("The device is signed out.");
    const next = await page.goto(url(`/console/e/${ids.event}`));
    expect(next?.status()).toBe(401);
    expect(await page.locator("p.warning").textContent()).toContain("signed out by an organiser");
    await tablet.close();
  });

  it("a form posted from another site is refused", async () => {
    const practice = await served.db.$client.execute({
      sql: "select player_id from registrations where session_id = ? and checked_in_at is null limit 1",
      args: [ids.practiceSession],
    });
    const playerId = String(practice.rows[0]!.player_id);
    const evil = await otherSite(
      `<form method="post" action="${url(`/console/s/${ids.practiceSession}/players`)}">` +
        `<input type="hidden" name="action" value="check-in"><input type="hidden" name="playerId" value="${playerId}">` +
        `<button>Win a prize</button></form>`,
    );
    try {
      const page = await laptop.newPage();
      await page.goto(evil.url);
      const [res] = await Promise.all([page.waitForNavigation(), page.click("button")]);
      expect(res?.status()).toBe(403);
      const row = await served.db.$client.execute({
        sql: "select checked_in_at from registrations where session_id = ? and player_id = ?",
        args: [ids.practiceSession, playerId],
      });
      expect(row.rows[0]!.checked_in_at).toBeNull();
      await page.close();
    } finally {
      await evil.close();
    }
  });
});

describe("every console page", { timeout: 240_000 }, () => {
  it("has no axe violation in three languages at 390 and 1280 px, and never scrolls sideways at 390", async () => {
    const table = (await gameTables(desk, 1))[0]!;
    const pairing = await freshCode();
    const signedIn = [
      "/console",
      `/console/e/${ids.event}`,
      `/console/s/${ids.session}`,
      `/console/s/${ids.practiceSession}/players`,
      `/console/s/${ids.session}/standings`,
      `/console/t/${table.id}`,
      `/console/t/${(await gameTables(desk, 1))[1]!.id}`,
      "/console/devices",
    ];
    const signedOut = await (await device()).newPage();
    const problems: string[] = [];
    for (const lang of ["en", "fr", "lt"]) {
      for (const width of [390, 1280]) {
        const pages: [Page, string][] = [
          ...signedIn.map((path): [Page, string] => [desk, path]),
          [signedOut, "/console"],
          [signedOut, `/console/pair?code=${pairing}`],
          [mobile, "/console/devices"],
        ];
        for (const [page, path] of pages) {
          await page.setViewportSize({ width, height: 844 });
          await page.goto(url(`${path}${path.includes("?") ? "&" : "?"}lang=${lang}`));
          expect(await page.getAttribute("html", "lang")).toBe(lang);
          for (const v of await violations(page)) problems.push(`${lang} ${width} ${path}: ${v}`);
          if (width === 390) {
            const wide = await page.evaluate(() => document.documentElement.scrollWidth);
            if (wide > 390) problems.push(`${lang} ${width} ${path}: ${wide} px wide`);
          }
          await noPolicyViolation(page);
        }
      }
    }
    await desk.setViewportSize({ width: 1280, height: 800 });
    await mobile.setViewportSize({ width: 390, height: 844 });
    expect(problems).toEqual([]);
    await signedOut.context().close();
  });

  it("first loads under 100 KB transferred", async () => {
    const state = await laptop.storageState();
    const table = (await gameTables(desk, 1))[0]!;
    for (const [name, path] of [
      ["sign-in", "/console"],
      ["events", "/console"],
      ["event", `/console/e/${ids.event}`],
      ["games", `/console/s/${ids.session}`],
      ["players", `/console/s/${ids.practiceSession}/players`],
      ["standings", `/console/s/${ids.session}/standings`],
      ["table", `/console/t/${table.id}`],
      ["devices", "/console/devices"],
    ] as const) {
      // A fresh browser cache each time: what a device downloads the first time it opens the page.
      const context = await browser.newContext(name === "sign-in" ? {} : { storageState: state });
      const page = await context.newPage();
      await page.goto(url(path), { waitUntil: "load" });
      const sizes = await page.evaluate(() => {
        const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        const script = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find((r) =>
          r.name.includes("/console/console."),
        );
        return { html: nav.transferSize, script: script?.transferSize ?? 0 };
      });
      measured.sizes.push({ page: name, ...sizes });
      expect(sizes.html + sizes.script, name).toBeLessThan(100 * 1024);
      await context.close();
    }
  });
});

/** The tables of a game as the desk's session page shows them: ids and names in seat order. */
async function gameTables(page: Page, game: number): Promise<{ id: string; names: string[] }[]> {
  await page.goto(url(`/console/s/${ids.session}`));
  return page
    .locator("section.game")
    .nth(game - 1)
    .locator("article.tablecard")
    .evaluateAll((cards) =>
      cards.map((card) => ({
        id: card.getAttribute("data-table")!,
        names: [...card.querySelectorAll("ol li")].map((li) =>
          (li.textContent ?? "").split(" — ")[0]!.trim(),
        ),
      })),
    );
}

/** Each seat's code by table and name, from the printed seat slips (what staff cut out and hand out). */
async function seatCodes(page: Page, game: number): Promise<Map<string, Map<string, string>>> {
  await page.goto(url(`/s/${ids.session}/print/slips?round=${game}`));
  const slips = await page.locator("section.slip").evaluateAll((sections) =>
    sections.map((section) => ({
      id: (section.querySelector(".qr span")?.textContent ?? "").split("/t/")[1]!,
      name: (section.querySelector("h2")?.textContent ?? "").trim(),
      code: (section.querySelector(".code")?.textContent ?? "").trim(),
    })),
  );
  const codes = new Map<string, Map<string, string>>();
  for (const slip of slips) {
    const table = codes.get(slip.id) ?? new Map<string, string>();
    table.set(slip.name, slip.code);
    codes.set(slip.id, table);
  }
  return codes;
}

/** A player confirms (or disputes) on their own phone, with their own code, on the table page. */
async function confirmAsPlayer(tableId: string, name: string, code: string, dispute?: string) {
  const page = await players.newPage();
  await page.goto(url(`/t/${tableId}`));
  const form = page.locator(dispute ? 'form[action$="/disputes"]' : 'form[action$="/confirmations"]');
  await form.locator("select[name=playerId]").selectOption({ label: name });
  await form.locator("input[name=code]").fill(code);
  if (dispute) await form.locator("input[name=reason]").fill(dispute);
  await Promise.all([page.waitForNavigation(), form.locator("button[type=submit]").click()]);
  expect(await page.locator(".notice").count(), `${name} at ${tableId}`).toBe(0);
  await page.close();
}

/** The desk makes a table's pending sheet final. */
async function finalize(tableId: string) {
  await desk.goto(url(`/console/t/${tableId}`));
  await click(desk, 'button:has-text("Make the result final")');
  await expect.poll(() => desk.locator("#content .state").first().getAttribute("data-state")).toBe("final");
}

/** The qualifier's ranking from the sheets: groups of players tied on wins and counted VP, best first. */
function expectedRanking(): string[][] {
  const totals = new Map<string, { wins: number; vp: number }>();
  for (const sheet of sheets.values()) {
    if (!sheet.names.every((n) => NAMES.includes(n))) continue;
    sheet.names.forEach((name, i) => {
      const row = totals.get(name) ?? { wins: 0, vp: 0 };
      row.wins += sheet.winner === name ? 1 : 0;
      row.vp += Math.min(sheet.vp[i]!, 10);
      totals.set(name, row);
    });
  }
  const key = (n: string) => `${totals.get(n)!.wins}:${totals.get(n)!.vp}`;
  const sorted = [...totals.keys()].sort(
    (a, b) => totals.get(b)!.wins - totals.get(a)!.wins || totals.get(b)!.vp - totals.get(a)!.vp,
  );
  const groups: string[][] = [];
  for (const name of sorted) {
    const last = groups.at(-1);
    if (last && key(last[0]!) === key(name)) last.push(name);
    else groups.push([name]);
  }
  return groups;
}

/** The shown order cut into the expected groups' sizes, each sorted: ties may be in any order. */
function groupsOf(shown: string[], expected: string[][]): string[][] {
  let at = 0;
  return expected.map((g) => {
    const part = shown.slice(at, at + g.length).sort();
    at += g.length;
    return part;
  });
}

/** Every axe violation, whatever its impact, as "rule: targets". */
async function violations(page: Page): Promise<string[]> {
  const axe = await import("axe-core");
  await page.evaluate(axe.default.source);
  const results = await page.evaluate(() =>
    (
      window as unknown as {
        axe: { run(): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> };
      }
    ).axe.run(),
  );
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(" ")}`);
}

/** A pairing code the desk makes now (for the sign-in page with a code). */
async function freshCode(): Promise<string> {
  await desk.goto(url("/console/devices"));
  await desk.fill("#pair-name", "Spare");
  await click(desk, 'button:has-text("Make a pairing code")');
  return (await desk.locator(".code").textContent())!;
}

/** Another site (localhost, while the console is on 127.0.0.1) serving one page. */
async function otherSite(body: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><title>Elsewhere</title><body>${body}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
