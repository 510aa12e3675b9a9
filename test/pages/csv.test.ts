import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_NAMES, type PagesFixture, pagesFixture, submitSigned } from "../helpers/pages-fixture";
import { createTestApp } from "../helpers/test-app";

const BOM = "\uFEFF";
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let f: PagesFixture;

beforeAll(async () => {
  ctx = await createTestApp();
  f = await pagesFixture(ctx.app, ctx.db);
  for (const table of f.round.tables) await submitSigned(f.api, table);
});

/** The body as bytes decoded strictly, so the BOM stays visible. */
async function csvOf(res: Response) {
  const bytes = new Uint8Array(await res.arrayBuffer());
  return new TextDecoder("utf-8", { ignoreBOM: true, fatal: true }).decode(bytes);
}

describe("rankings as CSV", () => {
  const routes = () => [
    `/v1/sessions/${f.sessionId}/standings`,
    `/v1/events/${f.eventId}/qualification`,
    `/v1/events/${f.eventId}/standings`,
  ];

  it("answers GET ….csv, and the deprecated ?format=csv and Accept: text/csv, with UTF-8 CSV that starts with a BOM", async () => {
    for (const path of routes()) {
      for (const init of [
        { url: `${path}.csv` },
        { url: `${path}?format=csv`, deprecated: true },
        { url: path, accept: "text/csv", deprecated: true },
      ]) {
        const res = await ctx.app.request(init.url, { headers: init.accept ? { accept: init.accept } : {} });
        expect(res.status, init.url).toBe(200);
        expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
        expect(res.headers.get("vary")).toContain("Accept");
        // The JSON operation's CSV is deprecated (docs/versioning.md); the .csv operation is not.
        if (init.deprecated) {
          expect(res.headers.get("deprecation"), init.url).toBe(`@${Date.UTC(2026, 11, 4) / 1000}`);
          expect(res.headers.get("sunset")).toBe("Fri, 04 Jun 2027 00:00:00 GMT");
          expect(res.headers.get("link")).toMatch(/rel="deprecation"/);
        } else {
          expect(res.headers.get("deprecation"), init.url).toBeNull();
        }
        const text = await csvOf(res);
        expect(text.startsWith(`${BOM}rank,player_id,player,games,wins,vp,vp_pct`)).toBe(true);
        const lines = text.slice(1).trimEnd().split("\r\n");
        expect(lines).toHaveLength(1 + FIXTURE_NAMES.length);
        for (const name of FIXTURE_NAMES) expect(text).toContain(name);
      }
    }
  });

  it("has the JSON rows in the same order with the same figures", async () => {
    const json = (await f.api.get(`/v1/sessions/${f.sessionId}/standings`)).body;
    const text = await csvOf(await ctx.app.request(`/v1/sessions/${f.sessionId}/standings?format=csv`));
    const lines = text.slice(1).trimEnd().split("\r\n").slice(1);
    lines.forEach((line: string, i: number) => {
      const row = json.rows[i];
      expect(
        line.startsWith(
          `${row.rank},${row.player.id},${row.player.name},${row.games},${row.wins},${row.vp},${row.vpPct},${row.vpPctExact}`,
        ),
      ).toBe(true);
    });
  });

  it("keeps JSON the default, also for browsers' Accept headers", async () => {
    const res = await ctx.app.request(`/v1/events/${f.eventId}/qualification`, {
      headers: { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" },
    });
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("vary")).toContain("Accept");
  });

  it("has its own ETag, the same by either way, and answers 304 to it, never to the JSON one", async () => {
    const path = `/v1/events/${f.eventId}/standings`;
    const jsonTag = (await ctx.app.request(path)).headers.get("etag")!;
    const own = await ctx.app.request(`${path}.csv`, { headers: { "if-none-match": jsonTag } });
    expect(own.status).toBe(200);
    const ownAgain = await ctx.app.request(`${path}.csv`, {
      headers: { "if-none-match": own.headers.get("etag")! },
    });
    expect(ownAgain.status).toBe(304);
    expect(ownAgain.headers.get("etag")).toBe(own.headers.get("etag"));
    const csv = await ctx.app.request(`${path}?format=csv`);
    expect(csv.headers.get("etag")).toBe(own.headers.get("etag"));
    const csvTag = csv.headers.get("etag")!;
    expect(csvTag).toMatch(/^W\/".+:csv"$/);
    expect(csvTag).not.toBe(jsonTag);
    const again = await ctx.app.request(`${path}?format=csv`, { headers: { "if-none-match": csvTag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(csvTag);
    const withJsonTag = await ctx.app.request(`${path}?format=csv`, {
      headers: { "if-none-match": jsonTag },
    });
    expect(withJsonTag.status).toBe(200);
    expect((await csvOf(withJsonTag)).startsWith(BOM)).toBe(true);
  });

  it("rejects an unknown format with a 422 naming the field", async () => {
    const res = await f.api.get(`/v1/events/${f.eventId}/qualification?format=xml`);
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body.errors)).toContain("format");
  });

  it("keeps private events private: 404 without a token", async () => {
    for (const url of [
      `/v1/events/${f.privateEventId}/standings?format=csv`,
      `/v1/events/${f.privateEventId}/standings.csv`,
    ]) {
      expect((await ctx.app.request(url)).status, url).toBe(404);
    }
  });
});

describe("a session's seating as CSV", () => {
  it("lists every seat of every game in turn order, with the result status", async () => {
    const res = await ctx.app.request(`/v1/sessions/${f.sessionId}/rounds`, {
      headers: { accept: "text/csv" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toMatch(/^W\/".+:csv"$/);
    const text = await csvOf(res);
    const [header, ...lines] = text.slice(1).trimEnd().split("\r\n");
    expect(text.startsWith(BOM)).toBe(true);
    expect(header).toBe("game,round_id,table,table_id,position,player_id,player,seed_rank,result_status");
    expect(lines).toHaveLength(8);
    const first = f.round.tables[0]!;
    expect(lines[0]).toBe(
      `1,${f.round.id},1,${first.id},1,${first.seats[0]!.player.id},${first.seats[0]!.player.name},,final`,
    );
    const etag = res.headers.get("etag")!;
    const again = await ctx.app.request(`/v1/sessions/${f.sessionId}/rounds?format=csv`, {
      headers: { "if-none-match": etag },
    });
    expect(again.status).toBe(304);
  });
});

/** Every cell of a CSV (BOM dropped, quotes undone), as a spreadsheet program reads it. */
function cellsOf(text: string, delimiter = ","): string[][] {
  return parse(text, { bom: true, delimiter, relax_column_count: false }) as string[][];
}

/** What OWASP's CSV injection guidance says a spreadsheet runs as a formula. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

describe("formula injection", () => {
  const names = [
    '=HYPERLINK("http://x.example","…")',
    "+33 6 12 34 56 78",
    "-Bob",
    "@everyone",
    "＝1+1",
    "-1",
  ];
  let sessionId: string;
  let eventId: string;

  beforeAll(async () => {
    const api = f.api;
    const ids: string[] = [];
    for (const [i, name] of names.entries()) {
      const res = await api.post(`/v1/orgs/${f.orgId}/players`, {
        name,
        externalId: i === 0 ? "=1+2" : `@ext-${i}`,
      });
      expect(res.status, res.text).toBe(201);
      ids.push(res.body.id);
    }
    eventId = (await api.post(`/v1/orgs/${f.orgId}/events`, { name: "=SUM(A1:A9)" })).body.id;
    sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "@session" })).body.id;
    await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids });
    const seated = await api.post(`/v1/sessions/${sessionId}/rounds`, { seed: "formulas" });
    expect(seated.status, seated.text).toBe(201);
    const round = seated.body.data[0];
    for (const table of round.tables) await submitSigned(api, table);
  });

  async function expectNeutralised(path: string, lang?: "fr" | "lt") {
    const res = await ctx.app.request(`${path}?format=csv${lang ? `&lang=${lang}` : ""}`);
    expect(res.status, path).toBe(200);
    const cells = cellsOf(await csvOf(res), lang ? ";" : ",").flat();
    const live = cells.filter((cell) => FORMULA_START.test(cell));
    expect(live, path).toEqual([]);
    for (const name of names) expect(cells, `${path} ${name}`).toContain(`'${name}`);
  }

  it("neutralises names in the session standings", () =>
    expectNeutralised(`/v1/sessions/${sessionId}/standings`));
  it("neutralises names in the qualification", () =>
    expectNeutralised(`/v1/events/${eventId}/qualification`));
  it("neutralises names in the event standings", () => expectNeutralised(`/v1/events/${eventId}/standings`));
  it("neutralises names in the seating", () => expectNeutralised(`/v1/sessions/${sessionId}/rounds`));
  it("neutralises names and external ids in the roster", async () => {
    await expectNeutralised(`/v1/sessions/${sessionId}/players`);
    // External ids only go to readers of the players' organisation.
    const res = await ctx.app.request(`/v1/sessions/${sessionId}/players?format=csv`, { headers: f.auth });
    const cells = cellsOf(await csvOf(res)).flat();
    expect(cells).toContain("'=1+2");
    expect(cells.filter((cell) => FORMULA_START.test(cell))).toEqual([]);
  });
  it("neutralises them in the French and Lithuanian variants too", async () => {
    await expectNeutralised(`/v1/events/${eventId}/qualification`, "fr");
    await expectNeutralised(`/v1/sessions/${sessionId}/rounds`, "lt");
    await expectNeutralised(`/v1/sessions/${sessionId}/players`, "fr");
  });
});

describe("downloads", () => {
  const DATE = "\\d{4}-\\d{2}-\\d{2}";
  const files = () => [
    [
      `/v1/sessions/${f.sessionId}/standings`,
      `baltic-championship-2026-qualifier-kaunas-standings-${DATE}\\.csv`,
    ],
    [`/v1/events/${f.eventId}/qualification`, `baltic-championship-2026-qualification-${DATE}\\.csv`],
    [`/v1/events/${f.eventId}/standings`, `baltic-championship-2026-standings-${DATE}\\.csv`],
    [`/v1/sessions/${f.sessionId}/rounds`, `baltic-championship-2026-qualifier-kaunas-seating-${DATE}\\.csv`],
    [`/v1/sessions/${f.sessionId}/players`, `baltic-championship-2026-qualifier-kaunas-roster-${DATE}\\.csv`],
  ];

  it("name every CSV after the event, the ranking and the day", async () => {
    for (const [path, file] of files()) {
      const res = await ctx.app.request(`${path}?format=csv`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-disposition"), path).toMatch(
        new RegExp(`^attachment; filename="${file}"; filename\\*=UTF-8''${file}$`),
      );
    }
  });

  it("keep the event's own spelling in the UTF-8 file name", async () => {
    const res = await ctx.app.request(`/v1/events/${f.eventId}/qualification?format=csv&lang=lt`);
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="baltic-championship-2026-atranka-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''baltic-championship-2026-atranka-/,
    );
  });
});

describe("CSV for French and Lithuanian spreadsheets", () => {
  it("uses ';', decimal commas and French headers with ?lang=fr", async () => {
    const json = (await f.api.get(`/v1/events/${f.eventId}/qualification`)).body;
    const res = await ctx.app.request(`/v1/events/${f.eventId}/qualification?format=csv&lang=fr`);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const text = await csvOf(res);
    expect(text.startsWith(BOM)).toBe(true);
    const [header, ...rows] = cellsOf(text, ";");
    expect(header!.slice(0, 7)).toEqual([
      "Rang",
      "Identifiant du joueur",
      "Joueur",
      "Parties",
      "Victoires",
      "PV",
      "% PV",
    ]);
    expect(rows).toHaveLength(FIXTURE_NAMES.length);
    const first = json.rows[0];
    expect(rows[0]!.slice(0, 7)).toEqual([
      String(first.rank),
      first.player.id,
      first.player.name,
      String(first.games),
      String(first.wins),
      String(first.vp),
      first.vpPct.replace(".", ","),
    ]);
    expect(rows[0]!.join(";")).not.toMatch(/\btrue\b|\bfalse\b/);
    expect(text.split("\r\n")[1]).toContain(";");
  });

  it("follows Accept-Language (Lithuanian) and says so in Vary", async () => {
    const res = await ctx.app.request(`/v1/sessions/${f.sessionId}/standings?format=csv`, {
      headers: { "accept-language": "lt-LT,lt;q=0.9" },
    });
    expect(res.headers.get("vary")).toMatch(/Accept-Language/);
    const [header] = cellsOf(await csvOf(res), ";");
    expect(header!.slice(0, 3)).toEqual(["Vieta", "Žaidėjo ID", "Žaidėjas"]);
  });

  it("gives each language its own entity tag, each answered with a 304", async () => {
    const path = `/v1/events/${f.eventId}/qualification?format=csv`;
    const tags = new Set<string>();
    for (const lang of ["en", "fr", "lt"]) {
      const res = await ctx.app.request(`${path}&lang=${lang}`);
      const tag = res.headers.get("etag")!;
      tags.add(tag);
      const again = await ctx.app.request(`${path}&lang=${lang}`, { headers: { "if-none-match": tag } });
      expect(again.status, lang).toBe(304);
    }
    expect(tags.size).toBe(3);
  });

  it("rejects an unknown language with a 422 naming the field", async () => {
    const res = await f.api.get(`/v1/events/${f.eventId}/qualification?format=csv&lang=de`);
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body.errors)).toContain("lang");
  });
});

describe("a session's roster as CSV", () => {
  it("lists every registered player with status, check-in and drop", async () => {
    const dropped = f.round.tables[0]!.seats[0]!.player;
    const drop = await f.api.post(`/v1/sessions/${f.sessionId}/drops`, {
      playerId: dropped.id,
      afterGame: 1,
    });
    expect(drop.status, drop.text).toBe(201);
    const res = await ctx.app.request(`/v1/sessions/${f.sessionId}/players?format=csv`);
    expect(res.status).toBe(200);
    const [header, ...rows] = cellsOf(await csvOf(res));
    expect(header).toEqual([
      "player_id",
      "player",
      "external_id",
      "status",
      "checked_in",
      "no_show",
      "dropped_after_game",
      "eliminated",
      "registered_at",
    ]);
    expect(rows).toHaveLength(FIXTURE_NAMES.length);
    expect(rows.map((r) => r[1]).sort()).toEqual([...FIXTURE_NAMES].sort());
    const row = rows.find((r) => r[0] === dropped.id)!;
    expect(row.slice(3, 7)).toEqual(["dropped", "false", "false", "1"]);
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^W\/".+:csv"$/);
    const again = await ctx.app.request(`/v1/sessions/${f.sessionId}/players?format=csv`, {
      headers: { "if-none-match": etag },
    });
    expect(again.status).toBe(304);
    const fr = cellsOf(
      await csvOf(await ctx.app.request(`/v1/sessions/${f.sessionId}/players?format=csv&lang=fr`)),
      ";",
    );
    expect(fr[0]!.slice(0, 4)).toEqual(["Identifiant du joueur", "Joueur", "Identifiant externe", "Statut"]);
    expect(fr.find((r) => r[0] === dropped.id)![3]).toBe("abandon");
  });
});

describe("the ….csv operations give the files the deprecated ?format=csv gave", () => {
  it.each([
    ["seating", "rounds"],
    ["roster", "players"],
    ["session standings", "standings"],
  ])("%s, in each language", async (_name, leaf) => {
    for (const lang of ["en", "fr", "lt"]) {
      const own = await ctx.app.request(`/v1/sessions/${f.sessionId}/${leaf}.csv?lang=${lang}`);
      const old = await ctx.app.request(`/v1/sessions/${f.sessionId}/${leaf}?format=csv&lang=${lang}`);
      expect(own.status, `${leaf} ${lang}`).toBe(200);
      expect(own.headers.get("content-disposition")).toBe(old.headers.get("content-disposition"));
      expect(own.headers.get("etag")).toBe(old.headers.get("etag"));
      expect(await csvOf(own)).toBe(await csvOf(old));
      expect(own.headers.get("deprecation")).toBeNull();
      expect(old.headers.get("deprecation")).not.toBeNull();
    }
  });

  it("rejects an unknown language on a ….csv operation with a 422 naming the field", async () => {
    const res = await f.api.get(`/v1/events/${f.eventId}/qualification.csv?lang=de`);
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body.errors)).toContain("lang");
  });
});
