/**
 * Seat codes on paper and on the phone: the printed result sheet carries each seat's
 * code next to the player's name, for the staff who may enter the table's results (never for
 * anyone else), and the table page its QR code opens lets a player confirm or dispute with that
 * code, no token, no app: a plain HTML form.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { addClient } from "../helpers/auth";
import { type PagesFixture, pagesFixture } from "../helpers/pages-fixture";
import { createTestApp } from "../helpers/test-app";

type Seat = { player: { id: string; name: string }; confirmationCode?: string };

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let f: PagesFixture;
let seats: Seat[];
let tableId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  f = await pagesFixture(ctx.app, ctx.db);
  tableId = f.round.tables[0]!.id;
  seats = (await f.api.get(`/v1/tables/${tableId}`)).body.seats;
  const put = await f.api.put(`/v1/tables/${tableId}/result`, {
    scores: seats.map((s, i) => ({ playerId: s.player.id, vp: [10, 8, 6, 4][i] })),
    winnerId: seats[0]!.player.id,
  });
  expect(put.status, put.text).toBe(200);
});

const get = (path: string, headers: Record<string, string> = {}) => ctx.app.request(path, { headers });
const postForm = (path: string, fields: Record<string, string>) =>
  ctx.app.request(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
const sheetsPath = () => `/s/${f.sessionId}/print/sheets?round=1`;

describe("the printed result sheet (shared by the table)", () => {
  it("holds none of its seats' codes, even printed by the staff who enter results", async () => {
    const res = await get(sheetsPath(), f.auth);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const seat of seats) {
      expect(seat.confirmationCode).toMatch(/^[2-9A-HJ-NP-Z]{10}$/);
      expect(html).toContain(seat.player.name);
      expect(html).not.toContain(seat.confirmationCode);
    }
    // The staff's way to the slips is on the sheets page, never printed.
    expect(html).toContain(`href="/s/${f.sessionId}/print/slips?round=1"`);
  });

  it("holds no code for the public or a reader's token either", async () => {
    const reader = await addClient(ctx.app, ctx.db, f.orgId, "reader");
    for (const headers of [{}, reader.auth]) {
      const html = await (await get(sheetsPath(), headers)).text();
      for (const seat of seats) expect(html).not.toContain(seat.confirmationCode);
    }
    const table = await ctx.app.request(`/v1/tables/${tableId}`, { headers: reader.auth });
    expect(((await table.json()) as { seats: Seat[] }).seats[0]!.confirmationCode).toBeUndefined();
    const anonymous = await ctx.app.request(`/v1/tables/${tableId}`);
    expect(((await anonymous.json()) as { seats: Seat[] }).seats[0]!.confirmationCode).toBeUndefined();
  });
});

describe("the seat slips (one per player, cut from the staff's printout)", () => {
  const slipsPath = () => `/s/${f.sessionId}/print/slips?round=1`;

  it("give each seat its own slip: name, table, game, code and the QR code to the table page", async () => {
    const res = await get(slipsPath(), f.auth);
    expect(res.status).toBe(200);
    // Codes are a credential: this page never sits in a shared cache.
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    const html = await res.text();
    const slips = html.split('<section class="slip"').slice(1);
    const all = f.round.tables.flatMap((t) => t.seats.map((s) => ({ table: t, seat: s })));
    expect(slips).toHaveLength(all.length);
    const codes = new Map<string, string>();
    for (const t of f.round.tables) {
      const table = (await f.api.get(`/v1/tables/${t.id}`)).body as { seats: Seat[] };
      for (const s of table.seats) codes.set(s.player.id, s.confirmationCode!);
    }
    for (const { table, seat } of all) {
      const slip = slips.find((x) => x.includes(seat.player.name))!;
      expect(slip, seat.player.name).toBeDefined();
      expect(slip).toContain(`Table ${table.number}`);
      expect(slip).toContain("Game 1");
      expect(slip).toContain(codes.get(seat.player.id));
      // Only that player's code on that player's slip.
      for (const [other, code] of codes) if (other !== seat.player.id) expect(slip).not.toContain(code);
      expect(slip).toContain(`/t/${table.id}`);
      expect(slip).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
    }
  });

  it("are refused to the public and to a reader's token (403), without a code", async () => {
    const reader = await addClient(ctx.app, ctx.db, f.orgId, "reader");
    for (const headers of [{}, reader.auth]) {
      const res = await get(slipsPath(), headers);
      expect(res.status).toBe(403);
      const html = await res.text();
      for (const seat of seats) expect(html).not.toContain(seat.confirmationCode);
    }
  });

  it("answer 404 for a game the session does not have", async () => {
    expect((await get(`/s/${f.sessionId}/print/slips?round=9`, f.auth)).status).toBe(404);
  });
});

describe("the table page (the sheet's QR code)", () => {
  it("offers the players of a pending sheet a form to confirm or dispute with their code", async () => {
    const html = await (await get(`/t/${tableId}`)).text();
    expect(html).toContain(`action="/t/${tableId}/confirmations"`);
    expect(html).toContain(`action="/t/${tableId}/disputes"`);
    for (const seat of seats) expect(html).toContain(`value="${seat.player.id}"`);
    for (const seat of seats) expect(html).not.toContain(seat.confirmationCode);
  });

  it("confirms with the seat code and shows the table again (303 to its page)", async () => {
    const seat = seats[0]!;
    const res = await postForm(`/t/${tableId}/confirmations`, {
      playerId: seat.player.id,
      code: seat.confirmationCode!.toLowerCase(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/t/${tableId}?recorded=confirmation&player=${seat.player.id}`);
    const table = (await f.api.get(`/v1/tables/${tableId}`)).body;
    expect(table.seats[0]).toMatchObject({ confirmed: true, confirmedVia: "player" });
  });

  it("says whose result a code confirmed, and which seats staff confirmed for", async () => {
    const staffSeat = seats[3]!;
    const staff = await f.api.post(`/v1/tables/${tableId}/result/confirmations`, {
      playerId: staffSeat.player.id,
    });
    expect(staff.status, staff.text).toBe(200);
    const html = await (await get(`/t/${tableId}`)).text();
    const row = (name: string) => new RegExp(`${name}</th>((?!</tr>)[^])*</tr>`).exec(html)?.[0] ?? "";
    expect(row(seats[0]!.player.name)).toContain(`confirmed with ${seats[0]!.player.name}’s seat code`);
    expect(row(staffSeat.player.name)).toContain("confirmed by staff");
    expect(row(seats[1]!.player.name)).toContain("awaiting confirmation");
  });

  it("answers a wrong code with the page and the reason (403), audited like the API", async () => {
    const seat = seats[1]!;
    const res = await postForm(`/t/${tableId}/confirmations`, { playerId: seat.player.id, code: "ZZZZZZ" });
    expect(res.status).toBe(403);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await res.text()).toContain("not the code on your seat slip");
    const audit = (await f.api.get(`/v1/events/${f.eventId}/audit?limit=500`)).body.data;
    expect(audit.some((e: { action: string }) => e.action === "result.seat-code-rejected")).toBe(true);
  });

  it("refuses a reason with a hidden character, as the API does (one text policy)", async () => {
    const seat = seats[2]!;
    const res = await postForm(`/t/${tableId}/disputes`, {
      playerId: seat.player.id,
      code: seat.confirmationCode!,
      reason: "My longest road\u2028was not counted",
    });
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("hidden characters");
    const table = (await f.api.get(`/v1/tables/${tableId}`)).body;
    expect(table.result.disputes).toEqual([]);
  });

  it("records a dispute and shows it on the table page", async () => {
    const seat = seats[2]!;
    const res = await postForm(`/t/${tableId}/disputes`, {
      playerId: seat.player.id,
      code: seat.confirmationCode!,
      reason: "My longest road was not counted",
    });
    expect(res.status).toBe(303);
    const html = await (await get(`/t/${tableId}`)).text();
    expect(html).toContain("My longest road was not counted");
    expect(html).toContain(seat.player.name);
    const table = (await f.api.get(`/v1/tables/${tableId}`)).body;
    expect(table.result.disputes).toMatchObject([{ playerId: seat.player.id, via: "player" }]);
  });

  it("keeps the language chosen in the URL through the form", async () => {
    const html = await (await get(`/t/${tableId}?lang=lt`)).text();
    expect(html).toContain(`action="/t/${tableId}/confirmations?lang=lt"`);
  });
});

describe("the table page after a player's form", () => {
  // A table of its own, pending: the tests above use the first one.
  let pending: { id: string; seats: Seat[] };
  const optionOf = (html: string, playerId: string) =>
    new RegExp(`<option value="${playerId}"[^>]*>`).exec(html)?.[0] ?? "";

  beforeAll(async () => {
    const id = f.round.tables[1]!.id;
    const table = (await f.api.get(`/v1/tables/${id}`)).body as { seats: Seat[] };
    const put = await f.api.put(`/v1/tables/${id}/result`, {
      scores: table.seats.map((s, i) => ({ playerId: s.player.id, vp: [10, 8, 6, 4][i] })),
      winnerId: table.seats[0]!.player.id,
    });
    expect(put.status, put.text).toBe(200);
    pending = { id, seats: table.seats };
  });

  it("keeps what was typed after a wrong code and says how many tries are left", async () => {
    const seat = pending.seats[1]!;
    const first = await postForm(`/t/${pending.id}/confirmations`, {
      playerId: seat.player.id,
      code: "ab-cd 12",
    });
    expect(first.status).toBe(403);
    const html = await first.text();
    expect(html).toContain("not the code on your seat slip");
    expect(html).toContain("4 tries left");
    expect(html).toMatch(/<input[^>]*name="code"[^>]*value="ab-cd 12"/);
    expect(optionOf(html, seat.player.id)).toMatch(/selected/);
    expect(optionOf(html, pending.seats[0]!.player.id)).not.toMatch(/selected/);

    const again = await postForm(`/t/${pending.id}/disputes?lang=fr`, {
      playerId: seat.player.id,
      code: "WRONG2",
      reason: "Ma route la plus longue n’a pas été comptée",
    });
    const fr = await again.text();
    expect(fr).toContain("Il vous reste 3 essais");
    expect(fr).toContain('value="Ma route la plus longue n’a pas été comptée"');
    expect(fr).toMatch(/<input[^>]*name="code"[^>]*value="WRONG2"/);
  });

  it("says so in the reader's language when the last try is used, and when they are all used", async () => {
    const seat = pending.seats[2]!;
    const tries: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await postForm(`/t/${pending.id}/confirmations?lang=lt`, {
        playerId: seat.player.id,
        code: `WRONG${i}`,
      });
      tries.push(`${res.status} ${/<p role="alert"[^>]*>([^<]*)<\/p>/.exec(await res.text())?.[1]}`);
    }
    expect(tries.slice(0, 4).map((t) => /Liko (\d) bandym/.exec(t)?.[1])).toEqual(["4", "3", "2", "1"]);
    expect(tries[4]).toMatch(/^403 .*paskutinis bandymas/);
    expect(tries[5]).toMatch(/^429 .*Per daug neteisingų kodų/);
  });

  it("says that a confirmation, and a dispute, is recorded", async () => {
    const seat = pending.seats[0]!;
    const confirmed = await postForm(`/t/${pending.id}/confirmations?lang=fr`, {
      playerId: seat.player.id,
      code: seat.confirmationCode!,
    });
    expect(confirmed.status).toBe(303);
    const location = confirmed.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^/t/${pending.id}\\?`));
    const html = await (await get(location)).text();
    expect(html).toMatch(
      new RegExp(`<p role="status"[^>]*>Merci, ${seat.player.name}\\s?: votre confirmation est enregistrée`),
    );

    const other = pending.seats[3]!;
    const disputed = await postForm(`/t/${pending.id}/disputes`, {
      playerId: other.player.id,
      code: other.confirmationCode!,
      reason: "The winner had 9 VP",
    });
    expect(disputed.status).toBe(303);
    const after = await (await get(disputed.headers.get("location")!)).text();
    expect(after).toContain(`${other.player.name}, your dispute is recorded`);
  });

  it("never claims a confirmation that is not recorded", async () => {
    const seat = pending.seats[1]!;
    const html = await (await get(`/t/${pending.id}?recorded=confirmation&player=${seat.player.id}`)).text();
    expect(html).not.toContain("confirmation is recorded");
    expect(html).not.toMatch(/<p role="status"/);
  });
});
