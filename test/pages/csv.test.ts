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

  it("answers ?format=csv and Accept: text/csv with UTF-8 CSV that starts with a BOM", async () => {
    for (const path of routes()) {
      for (const init of [{ url: `${path}?format=csv` }, { url: path, accept: "text/csv" }]) {
        const res = await ctx.app.request(init.url, { headers: init.accept ? { accept: init.accept } : {} });
        expect(res.status, init.url).toBe(200);
        expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
        expect(res.headers.get("vary")).toContain("Accept");
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

  it("has its own ETag and answers 304 to it, never to the JSON one", async () => {
    const path = `/v1/events/${f.eventId}/standings`;
    const jsonTag = (await ctx.app.request(path)).headers.get("etag")!;
    const csv = await ctx.app.request(`${path}?format=csv`);
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
    const res = await ctx.app.request(`/v1/events/${f.privateEventId}/standings?format=csv`);
    expect(res.status).toBe(404);
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
