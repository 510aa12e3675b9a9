/**
 * What a Discord channel reads: every message says which event and session it is about and
 * who runs it (author and footer, with a timestamp), links only to the human pages, shows
 * player names as typed (Discord Markdown escaped, nobody pinged), and a pending sheet does not
 * announce new standings, since no ranking changed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DiscordMessage } from "../../src/services/webhooks";
import { createOrgClient } from "../helpers/auth";
import { createPushTestApp } from "../helpers/push";
import { type Receiver, startReceiver } from "../helpers/webhook-receiver";
import { jsonRequest } from "../helpers/workflow";

const PUBLIC_URL = "https://cup.example.org";
const NAMES = [
  "**Bob**",
  "@everyone",
  "||spoiler||",
  "[click](https://evil.example)",
  "`code`",
  "~~gone~~",
  "> quoted",
  "_under_",
];

let ctx: Awaited<ReturnType<typeof createPushTestApp>>;
let receiver: Receiver;
let messages: DiscordMessage[];
let eventId: string;
let sessionId: string;
let tables: { id: string; seats: { player: { id: string } }[] }[];

const sheet = (table: (typeof tables)[number], signed: boolean) => ({
  scores: table.seats.map((s, i) => ({ playerId: s.player.id, vp: [10, 8, 6, 4][i] })),
  winnerId: table.seats[0]!.player.id,
  signed,
});

beforeAll(async () => {
  ctx = await createPushTestApp({ delivery: { publicUrl: PUBLIC_URL } });
  receiver = await startReceiver(() => ({ status: 204 }));
  const store = await createOrgClient(ctx.app, ctx.db, { name: "Kauno stalo žaidimai" });
  const api = jsonRequest(ctx.app, store.auth);
  const sub = await api.post(`/v1/orgs/${store.orgId}/webhooks`, {
    url: receiver.url,
    format: "discord",
    eventTypes: [
      "round.seated",
      "result.submitted",
      "result.final",
      "standings.changed",
      "player.disqualified",
    ],
  });
  expect(sub.status, sub.text).toBe(201);
  const ids: string[] = [];
  for (const name of NAMES) ids.push((await api.post(`/v1/orgs/${store.orgId}/players`, { name })).body.id);
  eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Baltic Cup 2026" })).body.id;
  sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "Kaunas store" })).body.id;
  await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids });
  tables = (await api.post(`/v1/sessions/${sessionId}/rounds`, { seed: "discord" })).body.data[0].tables;
  // 1 seating; the pending sheet: 1 result.submitted (and no standings); the signed sheet:
  // result.submitted, result.final, standings.changed.
  const pending = await api.put(`/v1/tables/${tables[0]!.id}/result`, sheet(tables[0]!, false));
  expect([200, 201], pending.text).toContain(pending.status);
  const signed = await api.put(`/v1/tables/${tables[1]!.id}/result`, sheet(tables[1]!, true));
  expect([200, 201], signed.text).toContain(signed.status);
  // A lane delivers in order: once the final's standings message is in, everything before it is.
  const titles = (r: { body: string }[]) =>
    r.map((x) => (JSON.parse(x.body) as DiscordMessage).embeds[0]?.title ?? "");
  const got = await receiver.until((r) => {
    const t = titles(r);
    const final = t.findIndex((x) => /final result/.test(x));
    return final >= 0 && t.slice(final).some((x) => /standings/i.test(x));
  });
  messages = got.map((r) => JSON.parse(r.body) as DiscordMessage);
}, 60_000);

afterAll(async () => {
  await ctx?.dispatcher.stop();
  await receiver?.close();
});

const embeds = () => messages.flatMap((m) => m.embeds);

describe("Discord messages", () => {
  it("name the event and the session, and end with the organisation and a timestamp", () => {
    for (const embed of embeds()) {
      expect(embed.author?.name, embed.title).toBe("Baltic Cup 2026 · Kaunas store");
      expect(embed.footer?.text, embed.title).toMatch(/^Kauno stalo žaidimai/);
      expect(Number.isNaN(Date.parse(embed.timestamp ?? ""))).toBe(false);
    }
  });

  it("link only to the human pages, never to the JSON API", () => {
    const links = embeds().flatMap((e) => [e.url, e.author?.url].filter((u): u is string => !!u));
    expect(links.length).toBeGreaterThanOrEqual(embeds().length);
    for (const link of links) {
      expect(link).not.toContain("/v1/");
      expect(link).toMatch(
        new RegExp(
          `^${PUBLIC_URL}/(t/tbl_\\w+|e/${eventId}(/screen(\\?view=\\w+)?)?|s/${sessionId}/print/seating)$`,
        ),
      );
    }
    const seating = embeds().find((e) => /seating/i.test(e.title ?? ""))!;
    expect(seating.url).toBe(`${PUBLIC_URL}/s/${sessionId}/print/seating`);
    const result = embeds().find((e) => /final result/.test(e.title ?? ""))!;
    expect(result.url).toBe(`${PUBLIC_URL}/t/${tables[1]!.id}`);
  });

  it("show player names as typed: Markdown escaped, mentions never parsed", () => {
    for (const message of messages) expect(message.allowed_mentions).toEqual({ parse: [] });
    const text = embeds()
      .flatMap((e) => [e.title, e.description, ...(e.fields ?? []).flatMap((f) => [f.name, f.value])])
      .join("\n");
    expect(text).toContain("\\*\\*Bob\\*\\*");
    expect(text).toContain("\\@everyone");
    expect(text).toContain("\\|\\|spoiler\\|\\|");
    expect(text).toContain("\\[click\\]\\(https\\://evil.example\\)");
    expect(text).toContain("\\`code\\`");
    expect(text).toContain("\\~\\~gone\\~\\~");
    expect(text).toContain("\\> quoted");
    expect(text).toContain("\\_under\\_");
    expect(text).not.toMatch(/(^|[^\\])@everyone/m);
  });

  it("announce no standings for a pending sheet: only the final result changed a ranking", () => {
    const titles = embeds().map((e) => e.title ?? "");
    expect(titles.filter((t) => /standings/i.test(t))).toHaveLength(1);
    expect(titles.filter((t) => /pending/.test(t))).toHaveLength(1);
    expect(messages).toHaveLength(5);
    expect(titles.findIndex((t) => /standings/i.test(t))).toBeGreaterThan(
      titles.findIndex((t) => /final result/.test(t)),
    );
  });
});
