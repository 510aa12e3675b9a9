/**
 * The console's pages over HTTP, as a browser without JavaScript uses them: forms post and
 * redirect, a refusal shows the API's problem in the reader's language with its rule, the
 * device's role decides what it sees, a form from another site is refused, and a signed-out
 * device gets the sign-in page. The browser test (console-browser.test.ts) runs a whole day.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import type { App } from "../../src/http/app";
import { PROBLEMS_FR } from "../../src/http/console/i18n/problems-fr";
import { PROBLEMS_LT } from "../../src/http/console/i18n/problems-lt";
import { DERIVED_CODES, operationCodes } from "../../src/http/openapi/operation-problems";
import { cookieFrom, type PairedDevice, pairDevice, SITE } from "../helpers/console";
import { type PagesFixture, pagesFixture } from "../helpers/pages-fixture";
import { createTestApp } from "../helpers/test-app";

let app: App;
let db: Database;
let f: PagesFixture;
let laptop: PairedDevice;

beforeAll(async () => {
  ({ app, db } = await createTestApp());
  f = await pagesFixture(app, db);
  laptop = await pairDevice(app, f.api, f.orgId, { name: "Desk laptop", role: "owner" });
});

const page = async (path: string, cookie = laptop.cookie) => {
  const res = await app.request(path, { headers: { cookie } });
  return { status: res.status, html: await res.text(), headers: res.headers };
};

/** A form post as a browser sends it from a page of this site. */
const post = async (path: string, fields: [string, string][], cookie = laptop.cookie, origin = SITE) => {
  const res = await app.request(path, {
    method: "POST",
    headers: { cookie, origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, html: await res.text(), headers: res.headers };
};

describe("signing in", () => {
  it("a device without a session gets the sign-in page; the pairing link only shows the code", async () => {
    const home = await page("/console", "");
    expect(home.status).toBe(200);
    expect(home.html).toContain('name="code"');
    const code = (await f.api.post(`/v1/orgs/${f.orgId}/pairings`, { name: "Link", role: "reader" })).body
      .code;
    const link = await page(`/console/pair?code=${code}`, "");
    expect(link.html).toContain(`value="${code}"`);
    // Opening the link spent nothing: the code still signs in.
    const signIn = await post("/console/pair", [["code", code]], "");
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get("location")).toBe("/console");
    expect(signIn.headers.get("set-cookie")).toMatch(/^catan-device=ds_/);
  });

  it("a used code is refused on the sign-in page, in words, in the reader's language", async () => {
    const code = (await f.api.post(`/v1/orgs/${f.orgId}/pairings`, { name: "Twice", role: "reader" })).body
      .code;
    await post("/console/pair", [["code", code]], "");
    const again = await post("/console/pair?lang=fr", [["code", code]], "");
    expect(again.status).toBe(410);
    expect(again.html).toContain("Code d&#39;appairage déjà utilisé");
  });

  it("a revoked device is signed out at its next page, which says why", async () => {
    const phone = await pairDevice(app, f.api, f.orgId, { name: "Revoked phone", role: "reporter" });
    await f.api.delete(`/v1/orgs/${f.orgId}/device-sessions/${phone.session.id}`);
    const next = await page(`/console/s/${f.sessionId}`, phone.cookie);
    expect(next.status).toBe(401);
    expect(next.html).toContain("signed out by an organiser");
    expect(next.headers.get("set-cookie")).toMatch(/Max-Age=0/);
  });

  it("signing out ends the session", async () => {
    const device = await pairDevice(app, f.api, f.orgId, { name: "Leaving", role: "reader" });
    const out = await post("/console/sign-out", [], device.cookie);
    expect(out.status).toBe(303);
    expect(out.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect((await page("/console/devices", device.cookie)).status).toBe(401);
  });
});

describe("forms work without JavaScript", () => {
  it("a check-in posts, redirects back to the roster, and shows what it did", async () => {
    const session = (await f.api.post(`/v1/events/${f.eventId}/sessions`, { name: "Evening" })).body.id;
    await f.api.post(`/v1/sessions/${session}/players`, { playerIds: f.playerIds.slice(0, 4) });
    const done = await post(`/console/s/${session}/players`, [
      ["action", "check-in"],
      ["key", "check-in-1"],
      ["playerId", f.playerIds[0]!],
    ]);
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`/console/s/${session}/players?done=check-in#roster`);
    const roster = await page(done.headers.get("location")!);
    expect(roster.html).toContain("Checked in.");
    expect(roster.html).toContain("4 registered, 1 checked in");
  });

  it("a refused sheet shows the API's problem with its rule, the field by its label, in French", async () => {
    const table = f.round.tables[1]!;
    const fields: [string, string][] = [
      ["action", "sheet"],
      ["key", "sheet-refused-1"],
      ["winnerId", table.seats[0]!.player.id],
    ];
    for (const seat of table.seats) {
      fields.push(["playerId", seat.player.id], ["playerName", seat.player.name], ["vp", "7"]);
    }
    const refused = await post(`/console/t/${table.id}?lang=fr`, fields);
    expect(refused.status).toBe(422);
    expect(refused.html).toContain('data-code="invalid_game_result"');
    expect(refused.html).toContain("Refusé : Feuille de résultat non valable");
    expect(refused.html).toContain("Règle 1.1.11");
    expect(refused.html).toContain(`${table.seats[0]!.player.name} : PV`);
    // The form comes back with what was typed.
    expect(refused.html.match(/name="vp"[^>]*value="7"/g)?.length).toBe(table.seats.length);
  });

  it("an unknown action, including one named like an object's own property, is refused as unknown", async () => {
    for (const action of ["no-such-action", "constructor", "toString", "__proto__"]) {
      const res = await post(`/console/s/${f.sessionId}/players`, [
        ["action", action],
        ["playerId", f.playerIds[1]!],
      ]);
      expect(res.status, action).toBe(422);
      expect(res.html).toContain(`Unknown action &#39;${action}&#39;.`);
      const after = await page(`/console/s/${f.sessionId}/players?done=${action}`);
      expect(after.status, `?done=${action}`).toBe(200);
      expect(after.html).not.toContain("[native code]");
    }
  });

  it("a form from another site is refused", async () => {
    const res = await post(
      `/console/s/${f.sessionId}/players`,
      [
        ["action", "check-in"],
        ["playerId", f.playerIds[1]!],
      ],
      laptop.cookie,
      "https://evil.example",
    );
    expect(res.status).toBe(403);
    expect(res.html).toContain("Cross-site request");
  });
});

describe("what a device sees", () => {
  it("a phone limited to its session sees its tables and sheet entry, nothing else", async () => {
    const phone = await pairDevice(app, f.api, f.orgId, {
      name: "Volunteer phone",
      role: "reporter",
      scope: { sessionId: f.sessionId },
    });
    const home = await page("/console", phone.cookie);
    expect(home.status).toBe(303);
    expect(home.headers.get("location")).toBe(`/console/s/${f.sessionId}`);
    const games = await page(`/console/s/${f.sessionId}`, phone.cookie);
    expect(games.status).toBe(200);
    for (const table of f.round.tables) expect(games.html).toContain(`/console/t/${table.id}`);
    for (const absent of [
      "seat-next",
      "Players and check-in",
      "Standings",
      "/console/devices",
      "Drop a player",
    ]) {
      expect(games.html, absent).not.toContain(absent);
    }
    const sheet = await page(`/console/t/${f.round.tables[0]!.id}`, phone.cookie);
    expect(sheet.html).toContain('value="sheet"');
    expect(sheet.html).not.toContain('value="finalize"');
    // Elsewhere: the API's refusal, in words.
    const other = (await f.api.post(`/v1/events/${f.eventId}/sessions`, { name: "Elsewhere" })).body.id;
    const outside = await page(`/console/s/${other}/players`, phone.cookie);
    expect(outside.status).toBe(403);
    expect(outside.html).toContain("Outside the client&#39;s scope");
    const pairForm = await post(
      "/console/devices",
      [
        ["action", "pair"],
        ["name", "x"],
        ["role", "reporter"],
      ],
      phone.cookie,
    );
    expect(pairForm.status).toBe(403);
    expect(pairForm.html).toContain("Insufficient role");
  });

  it("an owner pairs a device from the console: the code and its QR code are shown once", async () => {
    const res = await post("/console/devices", [
      ["action", "pair"],
      ["name", "Phone 3"],
      ["role", "reporter"],
      ["scope", `session:${f.sessionId}`],
      ["expiresInMinutes", "5"],
    ]);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const code = /class="code">([0-9A-Z-]{14})</.exec(res.html)?.[1];
    expect(code).toBeDefined();
    expect(res.html).toContain("<svg");
    const redeemed = await post("/console/pair", [["code", code!]], "");
    expect(redeemed.status).toBe(303);
    const cookie = cookieFrom(redeemed);
    expect((await page("/console", cookie)).headers.get("location")).toBe(`/console/s/${f.sessionId}`);
  });
});

describe("every refusal the console can meet has words in every language", () => {
  /** The operations the console's forms call. */
  const OPERATIONS = [
    "createDevicePairing",
    "redeemPairingCode",
    "endCurrentDeviceSession",
    "revokeDeviceSession",
    "createEvent",
    "createSession",
    "listPlayers",
    "createPlayer",
    "registerPlayers",
    "unregisterPlayer",
    "checkInPlayers",
    "undoCheckIn",
    "dropPlayer",
    "createRounds",
    "deleteRound",
    "submitResult",
    "confirmResult",
    "finalizeResult",
    "correctResult",
    "disqualifyPlayer",
    "recordWarning",
    "switchTimerOn",
    "switchTimerOff",
    "recordChoice",
    "seatSemifinals",
    "seatFinal",
  ];

  it("French and Lithuanian titles for each code of those operations", async () => {
    const doc = (await (await app.request("/openapi.json")).json()) as {
      // biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON
      paths: Record<string, Record<string, any>>;
    };
    const codes = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!OPERATIONS.includes(op.operationId)) continue;
        for (const list of operationCodes(path, method, op).values())
          for (const code of list) codes.add(code);
      }
    }
    expect(Object.keys(DERIVED_CODES)).toEqual(
      expect.arrayContaining(OPERATIONS.filter((o) => o !== "listPlayers")),
    );
    const missing = [...codes].filter((code) => !PROBLEMS_FR[code] || !PROBLEMS_LT[code]);
    expect(missing).toEqual([]);
  });
});
