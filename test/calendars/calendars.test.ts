import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, calendarLinks } from "../../src/db/schema";
import { addClient, createOrgClient, type OrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

// docs/rules.md#sessions-in-time: iCalendar feeds (RFC 5545) per event and per player; every
// session is in them, at its start or as a whole day on its date.

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let fed: OrgClient;
let store: OrgClient;
let stranger: OrgClient;
let api: JsonClient;
let publicEvent: string;
let privateEvent: string;
let player: string;
let privateOnly: string;

const anonymous = () => jsonRequest(ctx.app, {});
const ics = async (path: string, headers: Record<string, string> = {}) => {
  const res = await ctx.app.request(path, { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
};

beforeAll(async () => {
  ctx = await createTestApp();
  fed = await createOrgClient(ctx.app, ctx.db, { name: "Federation", kind: "federation" });
  store = await createOrgClient(ctx.app, ctx.db, { name: "Store", parentOrgId: fed.orgId });
  stranger = await createOrgClient(ctx.app, ctx.db, { name: "Elsewhere" });
  api = jsonRequest(ctx.app, fed.auth);
  publicEvent = (
    await api.post(`/v1/orgs/${fed.orgId}/events`, {
      name: "Vilnius Open, winter; 2026",
      startsOn: "2026-12-05",
      venue: "Gedimino pr. 9",
    })
  ).body.id;
  privateEvent = (
    await api.post(`/v1/orgs/${fed.orgId}/events`, { name: "Members' cup", visibility: "private" })
  ).body.id;
  player = (await api.post(`/v1/orgs/${fed.orgId}/players`, { name: "Rūta Kazlauskienė" })).body.id;
  privateOnly = (await api.post(`/v1/orgs/${fed.orgId}/players`, { name: "Jonas" })).body.id;
  const session = async (eventId: string, body: Record<string, unknown>, playerIds: string[]) => {
    const res = await api.post(`/v1/events/${eventId}/sessions`, body);
    expect(res.status, res.text).toBe(201);
    if (playerIds.length > 0) {
      const reg = await api.post(`/v1/sessions/${res.body.id}/players`, { playerIds });
      expect(reg.status, reg.text).toBe(200);
    }
    return res.body.id as string;
  };
  await session(
    publicEvent,
    { name: "Kaunas", startsAt: "2026-12-05T10:00", timeZone: "Europe/Vilnius", venue: "Laisvės al. 53" },
    [player],
  );
  await session(publicEvent, { name: "Klaipėda", date: "2026-12-06" }, []);
  // Neither a date nor a start: the event's first day.
  await session(publicEvent, { name: "Somewhere" }, []);
  await session(
    privateEvent,
    { name: "Members only", startsAt: "2026-07-04T18:30", timeZone: "Europe/Paris" },
    [player, privateOnly],
  );
});

const vevents = (text: string) => text.split("BEGIN:VEVENT").length - 1;

describe("GET /v1/events/{id}/calendar.ics", () => {
  it("lists every session of a public event without a token: timed at its instant, else all day", async () => {
    const res = await ics(`/v1/events/${publicEvent}/calendar.ics`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const text = res.text;
    expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(text.endsWith("END:VCALENDAR")).toBe(true);
    expect(vevents(text)).toBe(3);
    // 10:00 in Vilnius in December is 08:00 UTC.
    expect(text).toContain("\r\nDTSTART:20261205T080000Z\r\n");
    expect(text).toContain("\r\nDTSTART;VALUE=DATE:20261206\r\n");
    expect(text).toContain("\r\nDTSTART;VALUE=DATE:20261205\r\n");
    // TEXT values escaped (RFC 5545 §3.3.11), the calendar's own name too.
    expect(text).toContain("X-WR-CALNAME:Vilnius Open\\, winter\\; 2026\r\n");
    expect(text).toContain("LOCATION:Laisvės al. 53\r\n");
    // Lines folded at 75 octets, continuation lines starting with a space.
    for (const line of text.split("\r\n")) {
      expect(new TextEncoder().encode(line).length, line).toBeLessThanOrEqual(75);
    }
    const unfolded = text.replace(/\r\n /g, "");
    expect(unfolded).toContain("Starts 2026-12-05 10:00 (Europe/Vilnius).");
    expect(unfolded).toContain(`/e/${publicEvent}`);
  });

  it("gives every entry an end: four hours after a timed start, the next day for a whole day", async () => {
    const text = (await ics(`/v1/events/${publicEvent}/calendar.ics`)).text;
    const entries = text.split("BEGIN:VEVENT").slice(1);
    for (const entry of entries) expect(entry, entry).toMatch(/\r\nDTEND[:;]/);
    const timed = entries.find((e) => e.includes("DTSTART:20261205T080000Z"))!;
    expect(timed).toContain("\r\nDTEND:20261205T120000Z\r\n");
    const day = entries.find((e) => e.includes("DTSTART;VALUE=DATE:20261206"))!;
    expect(day).toContain("\r\nDTEND;VALUE=DATE:20261207\r\n");
  });

  it("answers 304 to its ETag while nothing changed, and a new feed when a session changes", async () => {
    const path = `/v1/events/${publicEvent}/calendar.ics`;
    const first = await ics(path);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\//);
    expect((await ics(path, { "if-none-match": etag })).status).toBe(304);
    const extra = await api.post(`/v1/events/${publicEvent}/sessions`, { name: "Later", date: "2027-01-09" });
    const after = await ics(path, { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(after.text).toContain("DTSTART;VALUE=DATE:20270109");
    expect(extra.status).toBe(201);
  });

  it("is a 404 for a private event without a token, and private to the caches of its staff", async () => {
    expect((await ics(`/v1/events/${privateEvent}/calendar.ics`)).status).toBe(404);
    const staff = await ics(`/v1/events/${privateEvent}/calendar.ics`, fed.auth);
    expect(staff.status).toBe(200);
    expect(staff.headers.get("cache-control")).toContain("private");
    expect(staff.text).toContain("DTSTART:20260704T163000Z");
  });
});

describe("GET /v1/players/{id}/calendar.ics", () => {
  it("lists only the sessions of events the caller may read", async () => {
    const open = await ics(`/v1/players/${player}/calendar.ics`);
    expect(open.status).toBe(200);
    expect(vevents(open.text)).toBe(1);
    expect(open.text).toContain("DTSTART:20261205T080000Z");
    expect(open.text).not.toContain("Members only");
    const foreign = await ics(`/v1/players/${player}/calendar.ics`, stranger.auth);
    expect(vevents(foreign.text)).toBe(1);
    const member = await ics(`/v1/players/${player}/calendar.ics`, fed.auth);
    expect(vevents(member.text)).toBe(2);
    expect(member.text).toContain("Members only");
    expect(member.headers.get("cache-control")).toContain("private");
  });

  it("is a 404 to someone who may read none of the player's events", async () => {
    expect((await ics(`/v1/players/${privateOnly}/calendar.ics`)).status).toBe(404);
    expect((await ics(`/v1/players/${privateOnly}/calendar.ics`, stranger.auth)).status).toBe(404);
    expect((await ics(`/v1/players/ply_nobody/calendar.ics`)).status).toBe(404);
  });
});

describe("secret calendar addresses", () => {
  it("serve the player's calendar without a token, as the making organisation reads it, until revoked", async () => {
    const made = await jsonRequest(ctx.app, store.auth).post(`/v1/players/${player}/calendar-links`);
    expect(made.status, made.text).toBe(201);
    const url = new URL(made.body.url);
    expect(url.pathname).toMatch(/^\/v1\/calendars\/[A-Za-z0-9_-]{43}\.ics$/);
    // The store is below the federation: it reads the public event only, and so does its link.
    const byStore = await ics(url.pathname);
    expect(byStore.status).toBe(200);
    expect(vevents(byStore.text)).toBe(1);
    expect(byStore.headers.get("cache-control")).toContain("private");

    const fedLink = await api.post(`/v1/players/${player}/calendar-links`);
    expect(fedLink.status, fedLink.text).toBe(201);
    const secretPath = new URL(fedLink.body.url).pathname;
    const byFed = await ics(secretPath);
    expect(vevents(byFed.text)).toBe(2);

    // Only a hash is stored, never the secret itself.
    const secret = secretPath.split("/").pop()!.replace(".ics", "");
    const stored = await ctx.db.select().from(calendarLinks);
    expect(JSON.stringify(stored)).not.toContain(secret);

    const listed = await api.get(`/v1/players/${player}/calendar-links`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((l: { id: string }) => l.id)).toEqual([fedLink.body.id]);
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    // Only the organisation that made a link revokes it.
    expect(
      (await jsonRequest(ctx.app, store.auth).delete(`/v1/calendar-links/${fedLink.body.id}`)).status,
    ).toBe(404);
    const revoked = await api.delete(`/v1/calendar-links/${fedLink.body.id}`);
    expect(revoked.status).toBe(204);
    const gone = await ics(secretPath);
    expect(gone.status).toBe(404);
    expect(gone.headers.get("content-type")).toContain("application/problem+json");
    expect(JSON.parse(gone.text).code).toBe("calendar_not_found");

    const audit = (await ctx.db.select().from(auditLog)).filter((a) => a.action.startsWith("calendar-link."));
    expect(audit.map((a) => [a.action, a.orgId])).toEqual([
      ["calendar-link.create", store.orgId],
      ["calendar-link.create", fed.orgId],
      ["calendar-link.revoke", fed.orgId],
    ]);
  });

  it("are made only by staff of the player's tree", async () => {
    const foreign = await jsonRequest(ctx.app, stranger.auth).post(`/v1/players/${player}/calendar-links`);
    expect(foreign.status).toBe(404);
    const reader = await addClient(ctx.app, ctx.db, fed.orgId, "reader");
    const weak = await jsonRequest(ctx.app, reader.auth).post(`/v1/players/${player}/calendar-links`);
    expect(weak.status).toBe(403);
    expect((await anonymous().post(`/v1/players/${player}/calendar-links`)).status).toBe(401);
    expect((await ics("/v1/calendars/not-a-secret.ics")).status).toBe(422);
  });

  it("are offered on the event page as a calendar link", async () => {
    for (const [lang, label] of [
      ["en", "Calendar (iCalendar)"],
      ["fr", "Calendrier (iCalendar)"],
      ["lt", "Kalendorius (iCalendar)"],
    ]) {
      const html = await (await ctx.app.request(`/e/${publicEvent}?lang=${lang}`)).text();
      expect(html).toContain(`/v1/events/${publicEvent}/calendar.ics`);
      expect(html).toContain(label);
    }
  });

  it("link to the origin a trusted proxy forwards, as every other link of the server", async () => {
    const { app } = await createTestApp({ storage: { db: ctx.db }, http: { trustProxy: true } });
    const made = await jsonRequest(app, store.auth).post(
      `http://10.0.0.5:8787/v1/players/${player}/calendar-links`,
      undefined,
      { "x-forwarded-proto": "https", "x-forwarded-host": "api.example.org" },
    );
    expect(made.status, made.text).toBe(201);
    expect(new URL(made.body.url).origin).toBe("https://api.example.org");
  });
});
