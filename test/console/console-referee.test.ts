/**
 * The referee's tools of the console's table page over HTTP, each a form that becomes its REST
 * request: correct a final result with a reason, disqualify, record a warning (its rule refused
 * in words when it is no rule), timed turns on and off, and a choice by rank at the final.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../src/http/app";
import { createOrgClient } from "../helpers/auth";
import { type PairedDevice, pairDevice, SITE } from "../helpers/console";
import { createTestApp } from "../helpers/test-app";
import { range, type Tournament, tournament } from "../helpers/tournament";
import { jsonRequest } from "../helpers/workflow";

let app: App;
let desk: PairedDevice;
let t: Tournament;
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies
let rounds: any[];

beforeAll(async () => {
  let db: Parameters<typeof createOrgClient>[1];
  ({ app, db } = await createTestApp());
  const store = await createOrgClient(app, db);
  const api = jsonRequest(app, store.auth);
  t = await tournament(api, store.orgId, 12, "Referee night");
  const session = await t.session("Qualifier", "2026-12-05", range(1, 12));
  rounds = await t.playPrelims(session, range(1, 12));
  desk = await pairDevice(app, api, store.orgId, { name: "Referee desk", role: "organizer" });
}, 60_000);

const form = async (path: string, fields: [string, string][]) => {
  const res = await app.request(path, {
    method: "POST",
    headers: { cookie: desk.cookie, origin: SITE, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, html: await res.text(), location: res.headers.get("location") };
};
const table = async (id: string) => (await desk.api.get(`/v1/tables/${id}`)).body;

describe("the referee's tools", () => {
  it("correct a final result with a reason", async () => {
    const played = rounds[2].tables[0];
    const before = await table(played.id);
    const [a, b, c, d] = before.seats.map((s: { player: { id: string; name: string } }) => s.player);
    const corrected = await form(`/console/t/${played.id}`, [
      ["action", "correct"],
      ["key", "correct-1"],
      ["ifMatch", `"${before.result.version}"`],
      ...[a, b, c, d].flatMap((p, i): [string, string][] => [
        ["playerId", p.id],
        ["playerName", p.name],
        ["vp", String([8, 10, 6, 4][i])],
      ]),
      ["winnerId", b.id],
      ["reason", "Points of the longest road were counted twice"],
    ]);
    // Game 3's results are locked once the playoffs are seated; here they are not yet.
    expect(corrected.status, corrected.html.slice(0, 300)).toBe(303);
    const after = await table(played.id);
    expect(after.result.winnerId).toBe(b.id);
    expect(after.result.status).toBe("final");
  });

  it("record a warning; a rule that does not exist is refused, naming the field", async () => {
    const id = rounds[0].tables[0].id;
    const player = (await table(id)).seats[0].player.id;
    const ok = await form(`/console/t/${id}`, [
      ["action", "warning"],
      ["key", "warn-1"],
      ["playerId", player],
      ["rule", "3.0.15"],
      ["note", "Offered resources twice"],
    ]);
    expect(ok.status).toBe(303);
    const refused = await form(`/console/t/${id}`, [
      ["action", "warning"],
      ["key", "warn-2"],
      ["playerId", player],
      ["rule", "9.9.9"],
      ["note", "Nothing"],
    ]);
    expect(refused.status).toBe(422);
    expect(refused.html).toContain('data-code="unknown_rule"');
    expect(refused.html).toContain("<strong>Rule number</strong>");
  });

  it("seat the final, where players choose by rank and turns can be timed; a disqualification", async () => {
    const final = await t.seat("final");
    const id = final.tables[0].id;
    const page = await app.request(`/console/t/${id}`, { headers: { cookie: desk.cookie } });
    const html = await page.text();
    expect(html).toContain('value="choice"');
    const next = (await table(id)).nextToChoose;
    const choice = await form(`/console/t/${id}`, [
      ["action", "choice"],
      ["key", "choice-1"],
      ["playerId", next],
      ["position", "1"],
      ["chair", "1"],
      ["colour", "red"],
    ]);
    expect(choice.status, choice.html.slice(0, 400)).toBe(303);
    expect((await table(id)).seats.find((s: { player: { id: string } }) => s.player.id === next).colour).toBe(
      "red",
    );

    const on = await form(`/console/t/${id}`, [
      ["action", "timer-on"],
      ["key", "timer-1"],
      ["turnSeconds", "60"],
    ]);
    expect(on.status, on.html.slice(0, 400)).toBe(303);
    expect((await table(id)).timer.turnSeconds).toBe(60);
    expect((await form(`/console/t/${id}`, [["action", "timer-off"]])).status).toBe(303);
    expect((await table(id)).timer).toBeNull();

    const seat = (await table(id)).seats[3].player.id;
    const dq = await form(`/console/t/${id}`, [
      ["action", "disqualify"],
      ["key", "dq-1"],
      ["playerId", seat],
      ["reason", "Unsporting conduct (rule 1.3.6)"],
    ]);
    expect(dq.status, dq.html.slice(0, 400)).toBe(303);
    expect((await table(id)).seats[3].disqualified).toBe(true);
  });
});
