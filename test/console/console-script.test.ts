/**
 * The console's script and what it relies on, over HTTP: it is a file (no inline script runs
 * under the policy), the offline queue's requests are answered in JSON, a retried change is
 * written once, and a stale one is refused with its reason in the reader's language.
 */
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import type { App } from "../../src/http/app";
import { CONSOLE_SCRIPT, CONSOLE_SCRIPT_PATH } from "../../src/http/console/script";
import { type PairedDevice, pairDevice, SITE } from "../helpers/console";
import { type PagesFixture, pagesFixture } from "../helpers/pages-fixture";
import { createTestApp } from "../helpers/test-app";

let app: App;
let db: Database;
let f: PagesFixture;
let laptop: PairedDevice;

beforeAll(async () => {
  ({ app, db } = await createTestApp());
  f = await pagesFixture(app, db);
  laptop = await pairDevice(app, f.api, f.orgId, { name: "Desk", role: "owner" });
});

/** The queue's request: the form's fields, asking for JSON. */
const queued = async (path: string, fields: [string, string][], origin = SITE) => {
  const res = await app.request(path, {
    method: "POST",
    headers: {
      cookie: laptop.cookie,
      origin,
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
      "x-console-queue": "1",
    },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, body: (await res.json()) as { ok: boolean; code?: string; message?: string } };
};

describe("the script", () => {
  it("is a file with its hash in its address, kept by the browser until it changes", async () => {
    expect(CONSOLE_SCRIPT_PATH).toMatch(/^\/console\/console\.[0-9a-f]{12}\.js$/);
    const res = await app.request(CONSOLE_SCRIPT_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await res.text()).toBe(CONSOLE_SCRIPT);
    expect(() => new Function(CONSOLE_SCRIPT)).not.toThrow();
  });

  it("pages load it by address and run no inline script: the policy allows this site's files only", async () => {
    const res = await app.request(`/console/s/${f.sessionId}`, { headers: { cookie: laptop.cookie } });
    const html = await res.text();
    expect(html).toContain(`<script src="${CONSOLE_SCRIPT_PATH}" defer="">`);
    expect(html.match(/<script/g)?.length).toBe(1);
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  });

  it("a page and the script make far less than 100 KB compressed", async () => {
    for (const path of ["/console", `/console/s/${f.sessionId}`, `/console/t/${f.round.tables[0]!.id}`]) {
      const html = await (await app.request(path, { headers: { cookie: laptop.cookie } })).text();
      const bytes = gzipSync(html).length + gzipSync(CONSOLE_SCRIPT).length;
      expect(bytes, path).toBeLessThan(100 * 1024);
    }
  });
});

describe("the offline queue's requests", () => {
  it("a check-in sent twice with its key is answered twice and written once", async () => {
    const session = (await f.api.post(`/v1/events/${f.eventId}/sessions`, { name: "Queue night" })).body.id;
    await f.api.post(`/v1/sessions/${session}/players`, { playerIds: f.playerIds.slice(0, 4) });
    const fields: [string, string][] = [
      ["action", "check-in"],
      ["key", "queued-check-in-1"],
      ["playerId", f.playerIds[2]!],
    ];
    const first = await queued(`/console/s/${session}/players`, fields);
    const again = await queued(`/console/s/${session}/players`, fields);
    expect(first).toEqual({ status: 200, body: { ok: true, status: 200 } });
    expect(again.body.ok).toBe(true);
    const audit = await db.$client.execute({
      sql: "select count(*) as n from audit_log where action like '%check-in%' and entity_id = ?",
      args: [session],
    });
    expect(Number(audit.rows[0]!.n)).toBe(1);
  });

  it("a stale sheet is refused with its reason, in the reader's language", async () => {
    const table = f.round.tables[0]!;
    const sheet = (winner: number, key: string): [string, string][] => [
      ["action", "sheet"],
      ["key", key],
      ["winnerId", table.seats[winner]!.player.id],
      ...table.seats.flatMap((s, i): [string, string][] => [
        ["playerId", s.player.id],
        ["playerName", s.player.name],
        ["vp", i === winner ? "10" : "5"],
      ]),
    ];
    expect((await queued(`/console/t/${table.id}`, sheet(0, "laptop-sheet"))).body.ok).toBe(true);
    // The phone's sheet, entered offline before the laptop's, arrives after it.
    const stale = await queued(`/console/t/${table.id}?lang=fr`, sheet(1, "phone-sheet"));
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ ok: false, code: "result_exists" });
    expect(stale.body.message).toMatch(/^Résultat déjà saisi\. /);
  });

  it("a queued form from another site is refused in JSON", async () => {
    const res = await queued(
      `/console/s/${f.sessionId}/players`,
      [["action", "check-in"]],
      "https://evil.example",
    );
    expect(res.status).toBe(403);
    expect(res.body.ok).toBe(false);
  });
});
