/**
 * Tenancy for narrowed credentials: a client limited to one session or event, and a token asked
 * for fewer scopes than its role, read only what that session or event needs. The organisation's
 * other private events, its players' membership numbers and its org-wide feeds stay closed to
 * them, as writes already were (docs/reference/authentication.md#narrowed-credentials).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import type { App } from "../../src/http/app";
import { bearer, createOrgClient, type OrgClient, tokenRequest } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

let app: App;
let db: Database;
let store: OrgClient;
/** The phone's event and session, and the event's other session. */
let eventId: string;
let sessionId: string;
let otherSessionId: string;
/** A private event of the same store the phone has nothing to do with. */
let secretEventId: string;
/** Credentials under test, by name. */
const narrowed: Record<string, Record<string, string>> = {};

const MEMBERSHIP = "MEMB-";
const as = (auth: Record<string, string>): JsonClient => jsonRequest(app, auth);

/** A GET whatever its media type (streams, calendars, CSV): the body as text, and JSON when it is. */
async function read(path: string, headers: Record<string, string> = {}) {
  const res = await app.request(path, { headers });
  const text = await res.text();
  const json =
    /^application\/(problem\+)?json/.test(res.headers.get("content-type") ?? "") && text
      ? JSON.parse(text)
      : null;
  return { status: res.status, text, body: json, headers: res.headers };
}

async function token(clientId: string, clientSecret: string, scope?: string): Promise<string> {
  const res = await app.request("/v1/auth/token", tokenRequest(clientId, clientSecret, scope));
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function newClient(body: Record<string, unknown>) {
  const res = await as(store.auth).post(`/v1/orgs/${store.orgId}/clients`, body);
  expect(res.status, res.text).toBe(201);
  return res.body as { clientId: string; clientSecret: string };
}

/** A private event with two sessions; four players with membership numbers play one result. */
async function privateEvent(name: string) {
  const api = as(store.auth);
  const event = (await api.post(`/v1/orgs/${store.orgId}/events`, { name, visibility: "private" })).body.id;
  const first = (await api.post(`/v1/events/${event}/sessions`, { name: `${name} A` })).body.id;
  const second = (await api.post(`/v1/events/${event}/sessions`, { name: `${name} B` })).body.id;
  const ids: string[] = [];
  for (let i = 1; i <= 4; i++) {
    const res = await api.post(`/v1/orgs/${store.orgId}/players`, {
      name: `${name} player ${i}`,
      externalId: `${MEMBERSHIP}${name}-${i}`,
    });
    expect(res.status, res.text).toBe(201);
    ids.push(res.body.id);
  }
  expect((await api.post(`/v1/sessions/${first}/players`, { playerIds: ids })).status).toBe(200);
  const round = await api.post(`/v1/sessions/${first}/rounds`, {});
  expect(round.status, round.text).toBe(201);
  const table = round.body.data[0].tables[0];
  const seated = table.seats.map((s: { player: { id: string } }) => s.player.id);
  const sheet = {
    scores: seated.map((playerId: string, i: number) => ({ playerId, vp: i ? 6 : 10 })),
    winnerId: seated[0],
  };
  expect((await api.put(`/v1/tables/${table.id}/result`, sheet)).status).toBe(200);
  return {
    event,
    first,
    second,
    players: ids,
    tableId: table.id as string,
    roundId: round.body.id as string,
  };
}

beforeAll(async () => {
  ({ app, db } = await createTestApp());
  store = await createOrgClient(app, db, { name: "Store" });
  const mine = await privateEvent("Qualifier");
  eventId = mine.event;
  sessionId = mine.first;
  otherSessionId = mine.second;
  secretEventId = (await privateEvent("Invitational")).event;

  const phone = await newClient({ name: "volunteer phone", role: "reporter", scope: { sessionId } });
  narrowed["session-limited phone"] = bearer(await token(phone.clientId, phone.clientSecret));
  narrowed["session-limited phone, results:write token"] = bearer(
    await token(phone.clientId, phone.clientSecret, "results:write"),
  );
  const bot = await newClient({ name: "event bot", role: "referee", scope: { eventId } });
  narrowed["event-limited bot"] = bearer(await token(bot.clientId, bot.clientSecret));
  const referee = await newClient({ name: "referee", role: "referee" });
  narrowed["results:write token"] = bearer(
    await token(referee.clientId, referee.clientSecret, "results:write"),
  );
});

/** The problem code a credential must get for an org-wide read: its limit, else its scopes. */
const refusal = (who: string) => (who.includes("limited") ? "outside_client_scope" : "insufficient_scope");

describe("org-wide reads are refused to narrowed credentials (403 naming the limit or scope)", () => {
  const reads: [string, () => string, Record<string, string>?][] = [
    ["the export", () => `/v1/orgs/${store.orgId}/export`],
    ["the players (membership numbers)", () => `/v1/orgs/${store.orgId}/players`],
    [
      "the organisation's change feed from the start",
      () => `/v1/orgs/${store.orgId}/changes?maxSeconds=1`,
      { "last-event-id": "0" },
    ],
  ];
  for (const [what, path, headers] of reads) {
    it(`${what}`, async () => {
      for (const [who, auth] of Object.entries(narrowed)) {
        const res = await read(path(), { ...auth, ...headers });
        expect(res.status, `${who}: ${res.text.slice(0, 300)}`).toBe(403);
        expect(res.body.code, who).toBe(refusal(who));
        expect(res.text).not.toContain(secretEventId);
        expect(res.text).not.toContain(MEMBERSHIP);
      }
      // The organisation's own full token still reads them.
      expect((await read(path(), { ...store.auth, ...headers })).status).toBe(200);
    });
  }
});
