import { beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_NAMES, type PagesFixture, pagesFixture, submitSigned } from "../helpers/pages-fixture";
import { createTestApp } from "../helpers/test-app";
import { range, tournament } from "../helpers/tournament";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let f: PagesFixture;

beforeAll(async () => {
  ctx = await createTestApp();
  f = await pagesFixture(ctx.app, ctx.db);
  await submitSigned(f.api, f.round.tables[0]!);
});

const get = (path: string, headers: Record<string, string> = {}) => ctx.app.request(path, { headers });
const pages = () => [
  "/",
  `/e/${f.eventId}`,
  `/e/${f.eventId}/screen`,
  `/s/${f.sessionId}/print/seating`,
  `/s/${f.sessionId}/print/sheets?round=1`,
  `/t/${f.round.tables[0]!.id}`,
];

describe("pages: one HTML response each", () => {
  it("answer 200 text/html under 100 KB, with no image and no asset from another host", async () => {
    for (const path of pages()) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      const html = await res.text();
      expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
      expect(new TextEncoder().encode(html).length, path).toBeLessThan(100 * 1024);
      expect(html).not.toMatch(/<img|<link[^>]+stylesheet|<script[^>]+src=/);
      expect(html).not.toMatch(/(src|href)="https?:/);
    }
  });

  it("send a weak ETag and answer 304 to it, like the API", async () => {
    for (const path of pages()) {
      const first = await get(path);
      const etag = first.headers.get("etag");
      expect(etag, path).toMatch(/^W\/"[0-9a-f]{24}"$/);
      expect(first.headers.get("cache-control")).toBe("no-cache");
      const again = await get(path, { "if-none-match": etag! });
      expect(again.status, path).toBe(304);
    }
  });

  it("read a language that names an object's own property (constructor, toString) as no language: English", async () => {
    for (const path of pages())
      for (const word of ["constructor", "toString", "__proto__"]) {
        const sep = path.includes("?") ? "&" : "?";
        const byQuery = await get(`${path}${sep}lang=${word}`);
        expect(byQuery.status, `${path} ?lang=${word}`).toBe(200);
        expect(await byQuery.text()).toMatch(/^<!doctype html><html lang="en">/);
        const byHeader = await get(path, { "accept-language": word });
        expect(byHeader.status, `${path} Accept-Language: ${word}`).toBe(200);
        expect(await byHeader.text()).toMatch(/^<!doctype html><html lang="en">/);
      }
  });

  it("change their ETag when a result changes what they show", async () => {
    const path = `/e/${f.eventId}/screen`;
    const before = (await get(path)).headers.get("etag");
    await submitSigned(f.api, f.round.tables[1]!);
    const after = await get(path, { "if-none-match": before! });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(before);
  });
});

describe("private events", () => {
  it("answer 404 on every page without a token, as the API does", async () => {
    const store = f.api;
    const ses = (await store.post(`/v1/events/${f.privateEventId}/sessions`, { name: "Hidden" })).body.id;
    await store.post(`/v1/sessions/${ses}/players`, { playerIds: f.playerIds });
    const round = (await store.post(`/v1/sessions/${ses}/rounds`, {})).body.data[0];
    for (const path of [
      `/e/${f.privateEventId}`,
      `/e/${f.privateEventId}/screen`,
      `/s/${ses}/print/seating`,
      `/s/${ses}/print/sheets?round=1`,
      `/t/${round.tables[0].id}`,
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html).toContain("Not found");
      expect(html).not.toContain("Hidden");
      expect(html).not.toContain("Staff practice night");
    }
    const home = await (await get("/")).text();
    expect(home).toContain("Baltic Championship 2026");
    expect(home).not.toContain("Staff practice night");
  });

  it("render for a token of the organisation, never stored by shared caches", async () => {
    const res = await get(`/e/${f.privateEventId}`, f.auth);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("answer 404 for unknown ids and unknown games", async () => {
    expect((await get("/e/evt_nope")).status).toBe(404);
    expect((await get(`/s/${f.sessionId}/print/sheets?round=9`)).status).toBe(404);
    expect((await get("/t/tbl_nope")).status).toBe(404);
  });
});

describe("languages", () => {
  it("speaks French with ?lang=fr, in the rules' own terms", async () => {
    const html = await (await get(`/e/${f.eventId}?lang=fr`)).text();
    expect(html).toContain('<html lang="fr">');
    for (const term of [
      "Sessions qualificatives",
      "Qualification",
      "Tirage au sort",
      ">PV<",
      "2es places",
      "Rang",
    ]) {
      expect(html, term).toContain(term);
    }
    expect(html).toContain("5 décembre 2026");
    // Links keep the chosen language.
    expect(html).toContain(`/e/${f.eventId}/screen?lang=fr`);
  });

  it("follows Accept-Language (Lithuanian) and keeps the players' diacritics", async () => {
    const res = await get(`/s/${f.sessionId}/print/sheets?round=1`, {
      "accept-language": "lt-LT,lt;q=0.9,en;q=0.5",
    });
    const html = await res.text();
    expect(res.headers.get("vary")).toContain("Accept-Language");
    expect(html).toContain('<html lang="lt">');
    for (const term of ["Rezultatų lapas", "Žaidimas 1", "Stalas 1", "Parašas", "Ėjimų tvarka"]) {
      expect(html, term).toContain(term);
    }
    for (const name of FIXTURE_NAMES) expect(html).toContain(name);
  });

  it("falls back to English for languages it does not have", async () => {
    const html = await (await get("/", { "accept-language": "de-DE,de;q=0.9" })).text();
    expect(html).toContain('<html lang="en">');
  });

  it("shows times in the event's time zone", async () => {
    const html = await (await get(`/t/${f.round.tables[0]!.id}?lang=fr`)).text();
    expect(html).toContain("(Europe/Vilnius)");
  });
});

describe("result sheets and seating", () => {
  it("print one sheet per table with a signature line per player, the rules reminder and a QR code to the table", async () => {
    const html = await (await get(`/s/${f.sessionId}/print/sheets?round=1`)).text();
    expect(html.match(/<section class="sheet"/g)).toHaveLength(f.round.tables.length);
    expect(html.match(/<td class="sign"><\/td>/g)).toHaveLength(FIXTURE_NAMES.length);
    expect(html).toContain("10 VP or more");
    expect(html).toContain("at most 10 VP per game count");
    expect(html).toContain("rule 1.3.4");
    expect(html.match(/<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/g)).toHaveLength(f.round.tables.length);
  });

  it("list every game's tables in turn order and everybody alphabetically", async () => {
    const html = await (await get(`/s/${f.sessionId}/print/seating`)).text();
    const first = f.round.tables[0]!;
    const order = first.seats.map((s) => html.indexOf(`>${s.player.name}</li>`));
    expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    const find = html.slice(html.indexOf('id="find"'));
    const sorted = [...FIXTURE_NAMES].sort((a, b) => new Intl.Collator("en").compare(a, b));
    const positions = sorted.map((name) => find.indexOf(`>${name}</th>`));
    expect(positions.every((at, i) => at > 0 && (i === 0 || at > positions[i - 1]!))).toBe(true);
  });

  it("explains each ranking row's tiebreak in words and draws the cut line", async () => {
    const html = await (await get(`/e/${f.eventId}`)).text();
    expect(html).toMatch(/ahead on (wins|total VP|VP%|2nd places|3rd places)|ahead by drawing lots/);
    expect(html).toContain("Cut line: the top 4 qualify");
    expect(html).toContain("sha256sum");
  });
});

describe("results on the table page and the screen", () => {
  it("show each seat's result of a final sheet in the Result column", async () => {
    const table = f.round.tables[0]!;
    const html = await (await get(`/t/${table.id}`)).text();
    const cells = [...html.matchAll(/<tr><td class="num">\d<\/td>.*?<\/tr>/g)].map((m) => m[0]);
    expect(cells).toHaveLength(table.seats.length);
    expect(cells.map((row) => /<td>([^<]*)<\/td><\/tr>$/.exec(row)?.[1])).toEqual([
      "Winner",
      "2nd place",
      "3rd place",
      "4th place",
    ]);
    const fr = await (await get(`/t/${table.id}?lang=fr`)).text();
    expect(fr).toContain("<td>2e place</td>");
  });

  it("say Final, not Live, on the screen of a completed event", async () => {
    const t = await tournament(f.api, f.orgId, 12, "Completed cup");
    const session = await t.session("Store", "2026-12-05", range(1, 12));
    await t.playPrelims(session, range(1, 12));
    const final = await t.seat("final");
    const live = await (await get(`/e/${t.eventId}/screen`)).text();
    expect(live).toContain("Live · 0 of 1 table final");
    await t.waiveChoices(final.tables[0]);
    await t.play(final.tables);
    const html = await (await get(`/e/${t.eventId}/screen`)).text();
    expect(html).toMatch(/<p class="status" role="status">Final<\/p>/);
    expect(html).not.toContain("Live ·");
  });
});

describe("VP% and dates as people read them", () => {
  it("show VP% as a percentage on the screen and the event page, in the reader's language", async () => {
    // The winner of the first table: 10 of 10 + 8 + 6 + 4 VP.
    const screen = await (await get(`/e/${f.eventId}/screen?view=ranking`)).text();
    expect(screen).toContain(">35.71%</td>");
    expect(screen).not.toMatch(/>0\.\d{4}</);
    const fr = await (await get(`/e/${f.eventId}/screen?view=ranking&lang=fr`)).text();
    expect(fr).toMatch(/>35,71[\u00a0\u202f]%<\/td>/);
    const event = await (await get(`/e/${f.eventId}`)).text();
    expect(event).toContain(">35.71%</td>");
    expect(event).not.toMatch(/>0\.\d{4}</);
  });

  it("show an event over several days from its first to its last day, on its page and its screen", async () => {
    const t = await tournament(f.api, f.orgId, 12, "Weekend open");
    const patch = await f.api.patch(`/v1/events/${t.eventId}`, { startsOn: "2026-12-05" });
    expect(patch.status, patch.text).toBe(200);
    await t.session("Saturday", "2026-12-05", range(1, 6));
    await t.session("Monday", "2026-12-07", range(7, 12));
    for (const path of [`/e/${t.eventId}`, `/e/${t.eventId}/screen`]) {
      const en = await (await get(path)).text();
      expect(en, path).toMatch(/December 5\s–\s7, 2026/);
      const fr = await (await get(`${path}?lang=fr`)).text();
      expect(fr, path).toMatch(/5\s?–\s?7 décembre 2026/);
    }
    // One day: the date alone.
    const oneDay = await (await get(`/e/${f.eventId}`)).text();
    expect(oneDay).toContain("December 5, 2026");
    expect(oneDay).not.toMatch(/December 5\s–/);
  });
});

describe("security headers", () => {
  it("send a policy that allows no inline script but the screen's, no framing, no sniffing, no referrer", async () => {
    for (const path of [...pages(), "/e/evt_nope"]) {
      const res = await get(path);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, path).toMatch(/default-src 'none'/);
      expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    }
    // The API keeps its own headers: JSON is not a page.
    expect((await get(`/v1/events/${f.eventId}`)).headers.get("content-security-policy")).toBeNull();
  });

  it("hash the one inline script the pages have, and give no element an event handler", async () => {
    const html = await (await get(`/e/${f.eventId}/screen`)).text();
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(1);
    const { createHash } = await import("node:crypto");
    const hash = createHash("sha256").update(scripts[0]!).digest("base64");
    const csp = (await get(`/e/${f.eventId}/screen`)).headers.get("content-security-policy")!;
    expect(csp).toContain(`'sha256-${hash}'`);
    for (const path of pages()) expect(await (await get(path)).text(), path).not.toMatch(/\son[a-z]+=/i);
  });

  it("let the sites an event names embed its venue screen, and only its screen", async () => {
    const origins = ["https://club.example.org", "http://obs.example.net:8080"];
    const bad = await f.api.patch(`/v1/events/${f.eventId}`, {
      screenEmbedOrigins: ["https://club.example.org/x"],
    });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body.errors)).toContain("screenEmbedOrigins");
    const res = await f.api.patch(`/v1/events/${f.eventId}`, { screenEmbedOrigins: origins });
    expect(res.status, res.text).toBe(200);
    expect(res.body.screenEmbedOrigins).toEqual(origins);
    const screen = await get(`/e/${f.eventId}/screen`);
    expect(screen.status).toBe(200);
    expect(screen.headers.get("content-security-policy")).toContain(`frame-ancestors ${origins.join(" ")}`);
    expect(screen.headers.get("content-security-policy")).toMatch(/script-src 'sha256-/);
    expect(screen.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await get(`/e/${f.eventId}`)).headers.get("content-security-policy")).toMatch(
      /frame-ancestors 'none'/,
    );
    await f.api.patch(`/v1/events/${f.eventId}`, { screenEmbedOrigins: [] });
    expect((await get(`/e/${f.eventId}/screen`)).headers.get("content-security-policy")).toMatch(
      /frame-ancestors 'none'/,
    );
  });
});
