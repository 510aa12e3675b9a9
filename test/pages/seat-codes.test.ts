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

describe("the printed result sheet", () => {
  it("prints each seat's code next to the player's name for the staff who enter results", async () => {
    const res = await get(sheetsPath(), f.auth);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const seat of seats) {
      expect(seat.confirmationCode).toMatch(/^[2-9A-HJ-NP-Z]{10}$/);
      expect(html).toMatch(new RegExp(`${seat.player.name}[^]*?${seat.confirmationCode}`));
    }
    // Codes are a credential: such a page never sits in a shared cache.
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("never prints the codes for the public or for a reader's token", async () => {
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
    expect(res.headers.get("location")).toBe(`/t/${tableId}`);
    const table = (await f.api.get(`/v1/tables/${tableId}`)).body;
    expect(table.seats[0]).toMatchObject({ confirmed: true, confirmedVia: "player" });
  });

  it("answers a wrong code with the page and the reason (403), audited like the API", async () => {
    const seat = seats[1]!;
    const res = await postForm(`/t/${tableId}/confirmations`, { playerId: seat.player.id, code: "ZZZZZZ" });
    expect(res.status).toBe(403);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await res.text()).toContain("not the code printed next to your name");
    const audit = (await f.api.get(`/v1/events/${f.eventId}/audit?limit=500`)).body.data;
    expect(audit.some((e: { action: string }) => e.action === "result.seat-code-rejected")).toBe(true);
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
