/**
 * The webhooks guide's "Discord channel from one curl" snippet, taken from the guide itself and posted
 * to the app as written (path, headers, body; only the Discord URL's placeholders filled in):
 * the URL alone selects Discord mode, and a session's seating and results reach "Discord" (a
 * transport standing in for discord.com, with the SSRF guard on, loopback not allowed).
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { discordLinkBase, type OutgoingWebhook } from "../../src/services/webhooks";
import { createOrgClient } from "../helpers/auth";
import { createPushTestApp } from "../helpers/push";
import { createPlayers, jsonRequest } from "../helpers/workflow";

const GUIDE = readFileSync(new URL("../../docs/guides/webhooks-and-discord.md", import.meta.url), "utf8");
const SECTION = "## A Discord channel from one curl";

/** The first sh block of the guide's Discord section, as a request: path, header names, JSON body. */
function readmeCurl() {
  expect(GUIDE).toContain(SECTION);
  const section = GUIDE.slice(GUIDE.indexOf(SECTION));
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!.replace(/\\\n\s*/g, " ");
  const url = /curl -s (\S+)/.exec(block)![1]!;
  const headers = [...block.matchAll(/-H (["'])(.*?)\1/g)].map((m) => m[2]!);
  const body = JSON.parse(/-d '([^']+)'/.exec(block)![1]!);
  return { url, headers, body };
}

/** Embed links Discord refuses: not http(s), or a host without a top-level domain. */
function embedUrlProblems(body: string): string[] {
  const message = JSON.parse(body) as { embeds: { url?: string }[] };
  return message.embeds
    .map((e) => e.url)
    .filter((url): url is string => url !== undefined)
    .filter((url) => {
      const parsed = URL.canParse(url) ? new URL(url) : null;
      return !parsed || !/^https?:$/.test(parsed.protocol) || !/\.[a-z]{2,}$/i.test(parsed.hostname);
    });
}

let ctx: Awaited<ReturnType<typeof createPushTestApp>>;

afterEach(async () => {
  await ctx.dispatcher.stop();
});

describe("the webhooks guide's Discord curl", () => {
  it("is a request the app accepts: Discord mode from the URL, then seating and results posted as Discord messages", async () => {
    const curl = readmeCurl();
    expect(curl.url).toBe("http://localhost:8787/v1/orgs/$ORG/webhooks");
    expect(curl.headers).toEqual(["authorization: Bearer $TOKEN", "content-type: application/json"]);
    expect(curl.body.url).toBe("https://discord.com/api/webhooks/<webhook id>/<webhook token>");
    expect(Object.keys(curl.body)).toEqual(["url", "eventTypes"]);

    const discordUrl =
      "https://discord.com/api/webhooks/1187654321098765432/Xy9-abcDEF_ghiJKLmnoPQRstuVWxyz0123456789";
    const posted: OutgoingWebhook[] = [];
    let arrived: () => void = () => {};
    ctx = await createPushTestApp({
      allowLoopback: false,
      // discord.com as the public resolver answers (one of Cloudflare's addresses): no network in tests.
      resolveHost: async () => ["162.159.135.232"],
      delivery: {
        // What `npm start` links to (PUBLIC_URL's default).
        publicUrl: "http://localhost:8787",
        // Like Discord: an embed link whose host has no TLD (localhost, a bare name) is refused
        // with 400 "Not a well formed URL", which is not retried: the channel would stay empty.
        transport: async (request) => {
          posted.push(request);
          arrived();
          return { status: embedUrlProblems(request.body).length > 0 ? 400 : 204, retryAfter: null };
        },
      },
    });
    const store = await createOrgClient(ctx.app, ctx.db, { name: "Discord readme store" });
    const [, origin] = /^(https?:\/\/[^/]+)/.exec(curl.url)!;
    const res = await ctx.app.request(curl.url.replace(origin!, "").replace("$ORG", store.orgId), {
      method: "POST",
      headers: Object.fromEntries(
        curl.headers.map((h) => {
          const [name, ...value] = h.split(": ");
          return [
            name!,
            value.join(": ").replace("$TOKEN", store.auth.authorization!.slice("Bearer ".length)),
          ];
        }),
      ),
      body: JSON.stringify({ ...curl.body, url: discordUrl }),
    });
    const created = await res.json();
    expect(res.status, JSON.stringify(created)).toBe(201);
    expect(created).toMatchObject({ url: discordUrl, format: "discord", enabled: true });

    const api = jsonRequest(ctx.app, store.auth);
    const eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Readme cup" })).body.id;
    const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S1" })).body.id;
    const ids = await createPlayers(api, store.orgId, 4, "Settler");
    await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids });
    const round = await api.post(`/v1/sessions/${sessionId}/rounds`, { tables: [ids] });
    expect(round.status, round.text).toBe(201);
    const put = await api.put(`/v1/tables/${round.body.data[0].tables[0].id}/result`, {
      scores: ids.map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i] })),
      winnerId: ids[0],
      signed: true,
    });
    expect(put.status, put.text).toBe(200);

    while (posted.length < 3) await new Promise<void>((resolve) => (arrived = resolve));
    expect(posted.map((p) => p.url)).toEqual([discordUrl, discordUrl, discordUrl]);
    const messages = posted.map((p) => JSON.parse(p.body));
    expect(messages.map((m) => m.embeds[0].title)).toEqual([
      "Game 1 seating",
      "Game 1 · Table 1: final result",
      "Standings updated: top 8",
    ]);
    expect(messages[0].embeds[0].fields[0].value).toBe(
      "1. Settler 1\n2. Settler 2\n3. Settler 3\n4. Settler 4",
    );
    expect(messages[1].embeds[0].description).toBe(
      "1. Settler 1 — 10 VP\n2. Settler 2 — 8 VP\n3. Settler 3 — 6 VP\n4. Settler 4 — 4 VP",
    );
    for (const p of posted) expect(embedUrlProblems(p.body)).toEqual([]);
    for (const [i, m] of messages.entries()) {
      expect(m).toMatchObject({ username: "CATAN Tournament", allowed_mentions: { parse: [] } });
      expect(posted[i]!.headers["webhook-signature"]).toBeUndefined();
    }
  });

  it("the same body with any other https URL is a signed Standard Webhooks subscription", async () => {
    ctx = await createPushTestApp({ allowLoopback: false, resolveHost: async () => ["93.184.215.14"] });
    const store = await createOrgClient(ctx.app, ctx.db, { name: "Standard readme store" });
    const res = await jsonRequest(ctx.app, store.auth).post(`/v1/orgs/${store.orgId}/webhooks`, {
      ...readmeCurl().body,
      url: "https://hooks.example.com/catan",
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ format: "standard" });
    expect(res.body.secret).toMatch(/^whsec_/);
  });

  it("links embeds to PUBLIC_URL only when Discord accepts it (a host with a top-level domain)", () => {
    expect(discordLinkBase("https://catan.example.org/")).toBe("https://catan.example.org");
    expect(discordLinkBase("http://tournaments.store.lt:8787")).toBe("http://tournaments.store.lt:8787");
    for (const refused of [
      "http://localhost:8787",
      "http://catan-box:8787",
      "http://192.168.1.20:8787",
      "ftp://x.org",
      undefined,
    ])
      expect(discordLinkBase(refused), String(refused)).toBeUndefined();
  });
});
