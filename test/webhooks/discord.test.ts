import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DISCORD_LIMITS, type DiscordMessage } from "../../src/services/webhooks";
import { createOrgClient, type OrgClient } from "../helpers/auth";
import { createPushTestApp } from "../helpers/push";
import { bodies, type Receiver, startReceiver } from "../helpers/webhook-receiver";
import { createPlayers, type JsonClient, jsonRequest } from "../helpers/workflow";

let ctx: Awaited<ReturnType<typeof createPushTestApp>>;
let store: OrgClient;
let api: JsonClient;
let receiver: Receiver | undefined;

/** What Discord itself would refuse (its documented embed limits), as a list of problems. */
function discordShapeProblems(body: string): string[] {
  const problems: string[] = [];
  let message: DiscordMessage;
  try {
    message = JSON.parse(body);
  } catch {
    return ["not JSON"];
  }
  if (!Array.isArray(message.embeds) || message.embeds.length === 0) problems.push("no embeds");
  if (message.embeds.length > DISCORD_LIMITS.embeds) problems.push("too many embeds");
  let total = 0;
  for (const e of message.embeds) {
    if (typeof e.title !== "string" || e.title.length > 256) problems.push("title");
    if ((e.description?.length ?? 0) > 4096) problems.push("description");
    if ((e.fields?.length ?? 0) > 25) problems.push("fields");
    for (const f of e.fields ?? []) {
      if (!f.name || f.name.length > 256 || !f.value || f.value.length > 1024) problems.push("field");
    }
    total += (e.title?.length ?? 0) + (e.description?.length ?? 0) + (e.footer?.text.length ?? 0);
    total += (e.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0);
  }
  if (total > 6000) problems.push(`total ${total}`);
  if ((message as unknown as Record<string, unknown>)["webhook-id"] !== undefined)
    problems.push("not a Discord body");
  return problems;
}

beforeEach(async () => {
  ctx = await createPushTestApp();
  store = await createOrgClient(ctx.app, ctx.db, { name: "Discord store" });
  api = jsonRequest(ctx.app, store.auth);
});

afterEach(async () => {
  await ctx.dispatcher.stop();
  await receiver?.close();
  receiver = undefined;
});

describe("Discord mode", () => {
  it("posts embeds within Discord's limits (seating, then the table's placements) and honours a 429's Retry-After", async () => {
    const at: number[] = [];
    // A fake Discord: it refuses a malformed body with 400 (as Discord does) and rate-limits the first post once.
    receiver = await startReceiver((n, body) => {
      at.push(Date.now());
      if (discordShapeProblems(body).length > 0) return { status: 400 };
      if (n === 0)
        return { status: 429, headers: { "retry-after": "1", "content-type": "application/json" } };
      return { status: 204 };
    });
    const sub = await api.post(`/v1/orgs/${store.orgId}/webhooks`, {
      url: receiver.url,
      format: "discord",
      eventTypes: ["round.seated", "result.final"],
    });
    expect(sub.status).toBe(201);
    expect(sub.body.format).toBe("discord");
    const eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Discord cup" })).body.id;
    const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S1" })).body.id;
    const ids = await createPlayers(api, store.orgId, 4, "Settler");
    await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids });
    const round = await api.post(`/v1/sessions/${sessionId}/rounds`, { tables: [ids] });
    const tableId = round.body.data[0].tables[0].id;
    await api.put(`/v1/tables/${tableId}/result`, {
      scores: ids.map((playerId, i) => ({ playerId, vp: [7, 10, 4, 8][i] })),
      winnerId: ids[1],
      signed: true,
    });

    const got = await receiver.until((r) => r.filter((x) => x.status === 204).length >= 2);
    expect(got.map((r) => r.status)).toEqual([429, 204, 204]);
    for (const request of got) expect(discordShapeProblems(request.body)).toEqual([]);
    // The retry waited the second Discord asked for, not the few milliseconds of the test backoff.
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(900);
    const [seating, , result] = bodies(got);
    expect(got[0]!.body).toBe(got[1]!.body);
    expect(seating.embeds[0].title).toBe("Game 1 seating");
    expect(seating.embeds[0].fields[0]).toMatchObject({
      name: "Table 1",
      value: "1. Settler 1\n2. Settler 2\n3. Settler 3\n4. Settler 4",
    });
    expect(result.embeds[0].title).toBe("Game 1 · Table 1: final result");
    expect(result.embeds[0].description).toBe(
      "1. Settler 2 — 10 VP\n2. Settler 4 — 8 VP\n3. Settler 1 — 7 VP\n4. Settler 3 — 4 VP",
    );
    expect(result.allowed_mentions).toEqual({ parse: [] });
    expect(got[1]!.headers["webhook-signature"]).toBeUndefined();
  });

  it("keeps a large round's seating within Discord's limits, saying what it left out", async () => {
    receiver = await startReceiver((_, body) => ({
      status: discordShapeProblems(body).length > 0 ? 400 : 204,
    }));
    await api.post(`/v1/orgs/${store.orgId}/webhooks`, {
      url: receiver.url,
      format: "discord",
      eventTypes: ["round.seated"],
    });
    const eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Big cup" })).body.id;
    const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S1" })).body.id;
    const ids = await createPlayers(
      api,
      store.orgId,
      120,
      "A rather long player name, to fill the embed limits of Discord",
    );
    await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids });
    expect((await api.post(`/v1/sessions/${sessionId}/rounds`, { seed: "big" })).status).toBe(201);
    const [request] = await receiver.until((r) => r.length >= 1);
    expect(request!.status).toBe(204);
    const message = JSON.parse(request!.body) as DiscordMessage;
    expect(message.embeds.length).toBeGreaterThan(1);
    expect(message.embeds[0]!.footer?.text).toMatch(/more not shown/);
  });
});
