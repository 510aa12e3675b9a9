/**
 * Players confirm (or dispute) their own result with the seat code from the result sheet, no
 * token needed; wrong codes are audited and rate-limited; staff confirmations stay
 * and are recorded as such; a dispute blocks finalisation by confirmations until a referee
 * finalizes or the sheet is replaced.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../src/http/app";
import { createMemoryRateLimiter } from "../../src/http/rate-limit";
import { addClient, createOrgClient, type OrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { createPlayers, type JsonClient, jsonRequest } from "../helpers/workflow";

let app: App;
let staff: JsonClient;
let referee: JsonClient;
let phone: JsonClient;
let org: OrgClient;
let eventId: string;
let tableId: string;
let seats: { player: { id: string }; confirmationCode: string }[];

const sheet = (ids: string[]) => ({
  scores: ids.map((playerId, i) => ({ playerId, vp: i === 0 ? 10 : 8 - i })),
  winnerId: ids[0],
});

beforeAll(async () => {
  // With the rate limiter the servers use: the seat's limit answers like every other limit.
  const { app: a, db } = await createTestApp({ limits: { rateLimiter: createMemoryRateLimiter() } });
  app = a;
  org = await createOrgClient(app, db, { name: "Store" });
  staff = jsonRequest(app, org.auth);
  referee = jsonRequest(app, (await addClient(app, db, org.orgId, "referee")).auth);
  phone = jsonRequest(app, {});
  const players = await createPlayers(staff, org.orgId, 8);
  // A private event: the code alone lets a player act at their table.
  eventId = (
    await staff.post(`/v1/orgs/${org.orgId}/events`, { name: "Private night", visibility: "private" })
  ).body.id;
  const sessionId = (await staff.post(`/v1/events/${eventId}/sessions`, { name: "Night" })).body.id;
  await staff.post(`/v1/sessions/${sessionId}/players`, { playerIds: players });
  const round = (await staff.post(`/v1/sessions/${sessionId}/rounds`, {})).body.data[0];
  tableId = round.tables[0].id;
  const table = (await staff.get(`/v1/tables/${tableId}`)).body;
  seats = table.seats;
  const put = await staff.put(`/v1/tables/${tableId}/result`, sheet(seats.map((s) => s.player.id)));
  expect(put.status, put.text).toBe(200);
});

describe("seat codes", () => {
  it("are shown to staff who may enter results, never to others", async () => {
    expect(seats.every((s) => /^[2-9A-HJ-NP-Z]{10}$/.test(s.confirmationCode))).toBe(true);
    expect(new Set(seats.map((s) => s.confirmationCode)).size).toBe(seats.length);
    const reader = await staff.post(`/v1/orgs/${org.orgId}/clients`, { name: "screen", role: "reader" });
    expect(reader.status).toBe(201);
    const asOwnerRead = await staff.get(`/v1/tables/${tableId}`);
    expect(asOwnerRead.body.seats[0].confirmationCode).toBe(seats[0]!.confirmationCode);
  });

  it("let a player confirm from their phone without a token, recorded as the player's", async () => {
    const [first] = seats;
    const res = await phone.post(`/v1/tables/${tableId}/result/confirmations`, {
      playerId: first!.player.id,
      code: first!.confirmationCode.toLowerCase(),
    });
    expect(res.status, res.text).toBe(200);
    const seat = res.body.seats.find((s: { player: { id: string } }) => s.player.id === first!.player.id);
    expect(seat).toMatchObject({ confirmed: true, confirmedVia: "player" });
    expect(seat.confirmationCode).toBeUndefined();
  });

  it("keep staff confirmation on a player's behalf, recorded as staff", async () => {
    const res = await staff.post(`/v1/tables/${tableId}/result/confirmations`, {
      playerId: seats[1]!.player.id,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.seats[1]).toMatchObject({ confirmed: true, confirmedVia: "staff" });
  });

  it("refuse a wrong code (403, audited) and rate-limit the seat after 5 wrong codes (429)", async () => {
    const target = seats[3]!;
    for (let i = 0; i < 5; i++) {
      const wrong = await phone.post(`/v1/tables/${tableId}/result/confirmations`, {
        playerId: target.player.id,
        code: "ZZZZZZ",
      });
      expect(wrong.status).toBe(403);
      expect(wrong.body.code).toBe("wrong_seat_code");
      // The seat's own limit, next to the address's write limit (IETF RateLimit headers).
      expect(wrong.headers.get("ratelimit-policy")).toBe('"seat-code";q=5;w=900, "write";q=120;w=60');
      expect(wrong.headers.get("ratelimit")).toMatch(new RegExp(`^"seat-code";r=${4 - i};t=\\d+, "write";`));
    }
    // A sixth wrong code is refused by the limit (the right one would still be taken).
    const limited = await phone.post(`/v1/tables/${tableId}/result/confirmations`, {
      playerId: target.player.id,
      code: "ZZZZZZ",
    });
    expect(limited.status).toBe(429);
    // The same answer as every rate limit: code rate_limited, Retry-After, RateLimit headers.
    expect(limited.body.code).toBe("rate_limited");
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(limited.headers.get("ratelimit-policy")).toBe('"seat-code";q=5;w=900, "write";q=120;w=60');
    expect(limited.headers.get("ratelimit")).toMatch(/^"seat-code";r=0;t=\d+, "write";/);
    const audit = (await staff.get(`/v1/events/${eventId}/audit?limit=500`)).body.data;
    expect(audit.filter((e: { action: string }) => e.action === "result.seat-code-rejected")).toHaveLength(5);
    // Staff can still confirm for the player.
    expect(
      (await staff.post(`/v1/tables/${tableId}/result/confirmations`, { playerId: target.player.id })).status,
    ).toBe(200);
  });
});

describe("disputes", () => {
  it("a dispute keeps the sheet pending even when everyone has confirmed", async () => {
    const disputer = seats[2]!;
    const res = await phone.post(`/v1/tables/${tableId}/result/disputes`, {
      playerId: disputer.player.id,
      code: disputer.confirmationCode,
      reason: "I had 7 VP, the longest road was mine",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.result.disputes).toMatchObject([{ playerId: disputer.player.id, via: "player" }]);
    const confirmed = await phone.post(`/v1/tables/${tableId}/result/confirmations`, {
      playerId: disputer.player.id,
      code: disputer.confirmationCode,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.seats.every((s: { confirmed: boolean }) => s.confirmed)).toBe(true);
    expect(confirmed.body.result.status).toBe("pending");
    const again = await phone.post(`/v1/tables/${tableId}/result/disputes`, {
      playerId: disputer.player.id,
      code: disputer.confirmationCode,
      reason: "still wrong",
    });
    expect(again.status).toBe(409);
  });

  it("a referee settles it by finalizing; the dispute is in the audit trail", async () => {
    const res = await referee.post(`/v1/tables/${tableId}/result/finalize`, {
      reason: "Checked the board photo.",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.result).toMatchObject({ status: "final", finalizedBy: "referee", disputes: [] });
    const audit = (await staff.get(`/v1/events/${eventId}/audit?limit=500`)).body.data;
    expect(
      audit.some(
        (e: { action: string; actorClientId: string }) =>
          e.action === "result.dispute" && e.actorClientId.startsWith("player:"),
      ),
    ).toBe(true);
    const late = await phone.post(`/v1/tables/${tableId}/result/disputes`, {
      playerId: seats[0]!.player.id,
      code: seats[0]!.confirmationCode,
      reason: "too late",
    });
    expect(late.status).toBe(409);
    expect(late.body.rule).toBe("1.3.5");
  });

  it("a replaced sheet settles a dispute too", async () => {
    const other = (await staff.get(`/v1/tables/${tableId}`)).body.roundId;
    const round = (await staff.get(`/v1/rounds/${other}`)).body;
    const table = (await staff.get(`/v1/tables/${round.tables[1].id}`)).body;
    const ids = table.seats.map((s: { player: { id: string } }) => s.player.id);
    await staff.put(`/v1/tables/${table.id}/result`, sheet(ids));
    const disputed = await staff.post(`/v1/tables/${table.id}/result/disputes`, {
      playerId: ids[1],
      reason: "wrong VP",
    });
    expect(disputed.status, disputed.text).toBe(200);
    expect(disputed.body.result.disputes[0].via).toBe("staff");
    const replaced = await staff.put(`/v1/tables/${table.id}/result`, sheet(ids), {
      "if-match": `"${disputed.body.result.version}"`,
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.result.disputes).toEqual([]);
  });
});

describe("wrong seat codes stop the address that sends them, never the player", () => {
  /** A fresh pending table whose requests come from the address `from` names. */
  async function pendingTable() {
    let address = "192.0.2.1";
    const { app: a, db } = await createTestApp({
      limits: { rateLimiter: createMemoryRateLimiter(), clientAddress: () => address },
    });
    const owner = await createOrgClient(a, db, { name: "Store" });
    const api = jsonRequest(a, owner.auth);
    const players = await createPlayers(api, owner.orgId, 8);
    const event = (await api.post(`/v1/orgs/${owner.orgId}/events`, { name: "Night" })).body.id;
    const session = (await api.post(`/v1/events/${event}/sessions`, { name: "Night" })).body.id;
    await api.post(`/v1/sessions/${session}/players`, { playerIds: players });
    const table = (await api.post(`/v1/sessions/${session}/rounds`, {})).body.data[0].tables[0].id;
    const seated = (await api.get(`/v1/tables/${table}`)).body.seats as typeof seats;
    await api.put(`/v1/tables/${table}/result`, sheet(seated.map((s) => s.player.id)));
    const anonymous = jsonRequest(a, {});
    return {
      api,
      event,
      seat: seated[0]!,
      confirm: (code: string, from: string) => {
        address = from;
        return anonymous.post(`/v1/tables/${table}/result/confirmations`, {
          playerId: seated[0]!.player.id,
          code,
        });
      },
    };
  }

  it("5 wrong codes from one address stop that address's guesses, never the right code from it (one NAT for a venue)", async () => {
    const t = await pendingTable();
    for (let i = 0; i < 5; i++) expect((await t.confirm("ZZZZZZ", "198.51.100.66")).status).toBe(403);
    // Wrong codes beyond the limit are still refused, and not checked any further.
    const limited = await t.confirm("ZZZZZZ", "198.51.100.66");
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("rate_limited");
    // A tablemate's guesses from the venue's one address do not lock the player's phone out.
    const own = await t.confirm(t.seat.confirmationCode, "198.51.100.66");
    expect(own.status, own.text).toBe(200);
    expect(own.body.seats[0]).toMatchObject({ confirmed: true, confirmedVia: "player" });
  });

  it("guesses spread over many addresses raise one audit event for the staff, and lock the player out of nothing", async () => {
    const t = await pendingTable();
    for (let source = 0; source < 6; source++) {
      for (let i = 0; i < 5; i++)
        expect((await t.confirm("ZZZZZZ", `2001:db8:${source}::${i + 1}`)).status).toBe(403);
      expect((await t.confirm("ZZZZZZ", `2001:db8:${source}::99`)).status).toBe(429);
    }
    const audit = (await t.api.get(`/v1/events/${t.event}/audit?limit=500`)).body.data as {
      action: string;
    }[];
    expect(audit.filter((e) => e.action === "result.seat-code-rejected")).toHaveLength(30);
    expect(audit.filter((e) => e.action === "result.seat-code-guessing")).toHaveLength(1);
    expect((await t.confirm(t.seat.confirmationCode, "203.0.113.10")).status).toBe(200);
  });
});
