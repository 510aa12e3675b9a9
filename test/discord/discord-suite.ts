/**
 * The Discord application's behaviour, as one suite run against both runtimes: Node (the app
 * in process) and workerd (the built Worker). The deployment is configured with one application
 * (its key made in the test); everything goes over HTTP: an organisation links a server with
 * /setup, then every command is sent as a signed interaction and its answer read from the
 * response or, when deferred, from the edit the fake Discord received.
 */
import { expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { insertApiClient } from "../../src/services/auth";
import { createOrganization } from "../../src/services/orgs";
import { systemContext } from "../helpers/auth";
import {
  type DiscordKeys,
  type DiscordMember,
  discordKeyPair,
  interaction,
  type OptionInput,
  ping,
  type SignOptions,
  signedRequest,
} from "./discord-interactions";
import { type FakeApplication, type FakeDiscord, startFakeDiscord } from "./fake-discord";

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies
type Json = any;
export type Fetcher = (path: string, init?: RequestInit) => Promise<Response>;

const MANAGE_SERVER = 1n << 5n;
export const PUBLIC_URL = "https://catan.example.org";

interface Org {
  orgId: string;
  auth: Record<string, string>;
}

export interface DiscordWorld {
  fetch: Fetcher;
  fake: FakeDiscord;
  /** The deployment's application and its key; `strangerKeys` sign for nobody here. */
  app: FakeApplication;
  keys: DiscordKeys;
  strangerKeys: DiscordKeys;
  a: Org;
  b: Org;
  guild: string;
  otherGuild: string;
  eventId: string;
  sessionId: string;
  roundId: string;
  players: Json[];
  /** Player id → seat code, for every seat of game 1. */
  codes: Map<string, string>;
  pendingTableId: string;
  users: Record<"admin" | "organizer" | "referee" | "player" | "second" | "stranger", DiscordMember>;
  roles: { organizer: string; referee: string };
  close(): Promise<void>;
}

export async function call(
  fetch: Fetcher,
  auth: Record<string, string>,
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await fetch(path, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Json, text };
}

async function ownerOf(
  fetch: Fetcher,
  db: Database,
  name: string,
): Promise<{ orgId: string; auth: Record<string, string> }> {
  const org = await createOrganization(systemContext(db), { name, kind: "store" });
  const client = await insertApiClient(
    db,
    { orgId: org.id, name: `${name} owner`, role: "owner" },
    new Date(),
  );
  const res = await fetch("/v1/auth/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: client.clientId,
      client_secret: client.clientSecret,
    }),
  });
  const token = ((await res.json()) as { access_token: string }).access_token;
  return { orgId: org.id, auth: { authorization: `Bearer ${token}` } };
}

/**
 * The deployment's test application: made before the server, so the fake Discord knows its key;
 * `settings` is what the server is configured with (DISCORD_*).
 */
export async function discordApplication() {
  const keys = await discordKeyPair();
  const strangerKeys = await discordKeyPair();
  const app: FakeApplication = {
    id: "111111111111111111",
    verifyKey: keys.publicKey,
    botToken: "bot-token-of-the-application.0123456789",
  };
  const fake = await startFakeDiscord([app]);
  const settings = { applicationId: app.id, publicKey: keys.publicKey, apiBase: fake.apiBase };
  return { fake, keys, strangerKeys, app, settings };
}

export async function buildDiscordWorld(
  fetch: Fetcher,
  db: Database,
  discord: Awaited<ReturnType<typeof discordApplication>>,
  close: () => Promise<void>,
): Promise<DiscordWorld> {
  const { fake, app, keys, strangerKeys } = discord;
  const a = await ownerOf(fetch, db, "Würfelglück");
  const b = await ownerOf(fetch, db, "Other store");
  const api = (method: string, path: string, body?: unknown) => call(fetch, a.auth, method, path, body);

  // A private event of A: a session of 8, game 1 seated with a board, table 1 final, table 2 pending.
  const names = ["Rūta", "**Bob** @everyone", "Carla", "Dan", "Eve", "Finn", "Gus", "Hana"];
  const players: Json[] = [];
  for (const [i, name] of names.entries()) {
    const res = await api("POST", `/v1/orgs/${a.orgId}/players`, { name, externalId: `M-00${i + 1}` });
    expect(res.status, res.text).toBe(201);
    players.push(res.body);
  }
  const eventId = (
    await api("POST", `/v1/orgs/${a.orgId}/events`, { name: "Winter Cup", visibility: "private" })
  ).body.id;
  const sessionId = (
    await api("POST", `/v1/events/${eventId}/sessions`, { name: "Friday night", date: "2026-12-04" })
  ).body.id;
  await api("POST", `/v1/sessions/${sessionId}/players`, { playerIds: players.map((p) => p.id) });
  const ids = players.map((p) => p.id);
  const round = await api("POST", `/v1/sessions/${sessionId}/rounds`, {
    tables: [
      [ids[4], ids[5], ids[6], ids[7]],
      [ids[0], ids[1], ids[2], ids[3]],
    ],
  });
  expect(round.status, round.text).toBe(201);
  const roundId = round.body.data[0].id;
  expect((await api("POST", `/v1/rounds/${roundId}/board`, {})).status).toBe(201);
  const [t1, t2] = round.body.data[0].tables;
  const sheet = (seatIds: string[], signed: boolean) => ({
    scores: seatIds.map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i] })),
    winnerId: seatIds[0],
    signed,
  });
  expect(
    (await api("PUT", `/v1/tables/${t1.id}/result`, sheet([ids[4], ids[5], ids[6], ids[7]], true))).status,
  ).toBe(200);
  expect(
    (await api("PUT", `/v1/tables/${t2.id}/result`, sheet([ids[0], ids[1], ids[2], ids[3]], false))).status,
  ).toBe(200);
  const codes = new Map<string, string>();
  for (const t of [t1, t2]) {
    for (const s of (await api("GET", `/v1/tables/${t.id}`)).body.seats)
      codes.set(s.player.id, s.confirmationCode);
  }
  // B has a private event too: A's server must never see it.
  const bEvent = (
    await call(fetch, b.auth, "POST", `/v1/orgs/${b.orgId}/events`, {
      name: "B secret cup",
      visibility: "private",
    })
  ).body.id;
  await call(fetch, b.auth, "POST", `/v1/events/${bEvent}/sessions`, { name: "B secret session" });

  return {
    fetch,
    fake,
    app,
    keys,
    strangerKeys,
    a,
    b,
    guild: "900000000000000001",
    otherGuild: "900000000000000002",
    eventId,
    sessionId,
    roundId,
    players,
    codes,
    pendingTableId: t2.id,
    users: {
      admin: { id: "800000000000000001", username: "server_admin", permissions: MANAGE_SERVER },
      organizer: { id: "800000000000000002", username: "orga", roles: ["700000000000000001"] },
      referee: { id: "800000000000000003", username: "ref", roles: ["700000000000000002"] },
      player: { id: "800000000000000004", username: "ruta_plays" },
      second: { id: "800000000000000005", username: "bob_plays" },
      stranger: { id: "800000000000000006", username: "nobody" },
    },
    roles: { organizer: "700000000000000001", referee: "700000000000000002" },
    close,
  };
}

/** Sends an interaction signed with the application's key (or `keys`); the parsed response. */
export async function send(w: DiscordWorld, payload: unknown, options: SignOptions = {}, keys = w.keys) {
  const res = await w.fetch("/discord/interactions", await signedRequest(keys, payload, options));
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Json, text };
}

/**
 * Runs a command in a server and returns what the member finally sees: the message of an
 * immediate answer, or the edit of a deferred one (waited for at the fake Discord).
 */
export async function run(
  w: DiscordWorld,
  input: {
    member: DiscordMember;
    command: string;
    options?: Record<string, OptionInput>;
    guild?: string;
  },
) {
  const payload = interaction({
    applicationId: w.app.id,
    guildId: input.guild ?? w.guild,
    member: input.member,
    command: input.command,
    ...(input.options ? { options: input.options } : {}),
  });
  const res = await send(w, payload);
  expect(res.status, res.text).toBe(200);
  if (res.body.type === 5) {
    const edit = await w.fake.until((c) => c.method === "PATCH" && c.path.includes(`/${payload.token}/`));
    expect(edit.path).toBe(`/api/v10/webhooks/${w.app.id}/${payload.token}/messages/@original`);
    return { deferred: true, ephemeral: res.body.data?.flags === 64, message: edit.body as Json };
  }
  expect(res.body.type).toBe(4);
  return { deferred: false, ephemeral: res.body.data.flags === 64, message: res.body.data as Json };
}

/** Autocomplete choices while the member types `typed` into `option`. */
export async function complete(
  w: DiscordWorld,
  input: {
    member: DiscordMember;
    command: string;
    option: string;
    typed: string;
    options?: Record<string, OptionInput>;
  },
) {
  const payload = interaction({
    applicationId: w.app.id,
    guildId: w.guild,
    member: input.member,
    command: input.command,
    options: { ...(input.options ?? {}), [input.option]: input.typed },
    focus: input.option,
  });
  const res = await send(w, payload);
  expect(res.status, res.text).toBe(200);
  expect(res.body.type).toBe(8);
  return res.body.data.choices as { name: string; value: string }[];
}

const text = (m: Json) => JSON.stringify(m);

/** Every command on this runtime; `world()` is built in the file's beforeAll. */
export function discordSuite(world: () => DiscordWorld, runtime: { errorLines: () => string[] }) {
  it("answers Discord's PING with PONG", async () => {
    const w = world();
    const res = await send(w, ping(w.app.id));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ type: 1 });
  });

  it("refuses a bad signature and a timestamp older than 5 minutes with 401, logging no error", async () => {
    const w = world();
    const payload = interaction({
      applicationId: w.app.id,
      guildId: w.guild,
      member: w.users.player,
      command: "mytable",
    });
    const tampered = await send(w, payload, {
      sendInstead: JSON.stringify({ ...payload, guild_id: w.otherGuild }),
    });
    expect(tampered.status).toBe(401);
    expect(tampered.body.code).toBe("invalid_discord_signature");
    // Signed with another key while naming the application.
    const wrongKey = await send(w, payload, {}, w.strangerKeys);
    expect(wrongKey.status).toBe(401);
    const old = await send(w, payload, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(old.status).toBe(401);
    expect(old.body.detail).toMatch(/older than 5 minutes/);
    const unsigned = await w.fetch("/discord/interactions", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(payload),
    });
    expect(unsigned.status).toBe(401);
    expect(runtime.errorLines()).toEqual([]);
  });

  it("answers a server that is not linked (an unknown guild) with how to link it", async () => {
    const w = world();
    const answer = await run(w, { member: w.users.player, command: "standings" });
    expect(answer).toMatchObject({ deferred: false, ephemeral: true });
    expect(answer.message.content).toMatch(/not linked/);
  });

  it("/setup needs Manage Server and, the first time, a setup code of the organisation", async () => {
    const w = world();
    const code = await call(w.fetch, w.a.auth, "POST", `/v1/orgs/${w.a.orgId}/discord/setup-codes`, {
      eventId: w.eventId,
    });
    expect(code.status, code.text).toBe(201);
    const noRight = await run(w, {
      member: w.users.stranger,
      command: "setup",
      options: { code: code.body.code },
    });
    expect(noRight.message.content).toMatch(/Manage Server/);
    const otherOrgsCode = await call(
      w.fetch,
      w.b.auth,
      "POST",
      `/v1/orgs/${w.b.orgId}/discord/setup-codes`,
      {},
    );
    // The code names its organisation: B's links B's own server, once.
    const bLinked = await run(w, {
      guild: w.otherGuild,
      member: w.users.admin,
      command: "setup",
      options: { code: otherOrgsCode.body.code },
    });
    expect(bLinked.message.content).toContain("linked to **Other store**");
    const spent = await run(w, {
      member: w.users.admin,
      command: "setup",
      options: { code: otherOrgsCode.body.code },
    });
    expect(spent.message.content).toMatch(/unknown, used or expired/);
    const linked = await run(w, {
      member: w.users.admin,
      command: "setup",
      options: {
        code: code.body.code.toLowerCase(),
        "organizer-role": { role: w.roles.organizer },
        "referee-role": { role: w.roles.referee },
      },
    });
    expect(linked.ephemeral).toBe(true);
    expect(linked.message.content).toContain("linked to **Würfelglück** and follows **Winter Cup**");
    expect(linked.message.content).toContain(`<@&${w.roles.organizer}> act as organizers`);
    const again = await run(w, {
      member: w.users.admin,
      command: "setup",
      options: { code: code.body.code },
    });
    expect(again.message.content).toContain("Winter Cup");
    const guilds = await call(w.fetch, w.a.auth, "GET", `/v1/orgs/${w.a.orgId}/discord/guilds`);
    expect(guilds.body.data).toEqual([
      expect.objectContaining({
        guildId: w.guild,
        eventId: w.eventId,
        staffRoles: { [w.roles.organizer]: "organizer", [w.roles.referee]: "referee" },
      }),
    ]);
  });

  it("a server linked to another organisation shows neither organisation's private events", async () => {
    const w = world();
    const answer = await run(w, { guild: w.otherGuild, member: w.users.player, command: "standings" });
    expect(answer.message.content).toMatch(/follows no event/);
    expect(text(answer.message)).not.toContain("B secret");
    const probe = await run(w, {
      guild: w.otherGuild,
      member: w.users.player,
      command: "standings",
      options: { session: w.sessionId },
    });
    expect(text(probe.message)).not.toContain("Friday night");
  });

  it("/standings: the session's ranking as an embed, deferred, names escaped, linking the event page", async () => {
    const w = world();
    const answer = await run(w, { member: w.users.stranger, command: "standings" });
    expect(answer).toMatchObject({ deferred: true, ephemeral: false });
    const [embed] = answer.message.embeds;
    expect(embed.title).toBe("Standings · Friday night (Winter Cup)");
    expect(embed.url).toBe(`${PUBLIC_URL}/e/${w.eventId}`);
    expect(embed.description.split("\n")[0]).toBe("1. Eve — 1 W, 10 VP");
    expect(embed.footer.text).toBe("Game 1: 1/2 results final · 8 players");
    expect(answer.message.allowed_mentions).toEqual({ parse: [] });
    const named = await run(w, {
      member: w.users.stranger,
      command: "standings",
      options: { session: w.sessionId },
    });
    expect(named.message.embeds[0].description).toBe(embed.description);
  });

  it("/standings autocompletes the server's sessions, and never shows another organisation's", async () => {
    const w = world();
    const choices = await complete(w, {
      member: w.users.stranger,
      command: "standings",
      option: "session",
      typed: "fri",
    });
    expect(choices).toEqual([{ name: "Friday night · Winter Cup (2026-12-04)", value: w.sessionId }]);
    expect(
      await complete(w, {
        member: w.users.stranger,
        command: "standings",
        option: "session",
        typed: "secret",
      }),
    ).toEqual([]);
    const bSessions = await call(w.fetch, w.b.auth, "GET", `/v1/orgs/${w.b.orgId}/events`);
    const bEvent = bSessions.body.data[0].id;
    const bSession = (await call(w.fetch, w.b.auth, "GET", `/v1/events/${bEvent}/sessions`)).body.data[0].id;
    const probe = await run(w, {
      member: w.users.stranger,
      command: "standings",
      options: { session: bSession },
    });
    expect(probe.message.content).toMatch(/No session with id/);
    expect(text(probe.message)).not.toContain("B secret");
  });

  it("/qualification: the event's qualification, deferred, limited to `top`", async () => {
    const w = world();
    const answer = await run(w, { member: w.users.stranger, command: "qualification", options: { top: 3 } });
    expect(answer.deferred).toBe(true);
    const [embed] = answer.message.embeds;
    expect(embed.title).toBe("Qualification · Winter Cup");
    expect(embed.description.split("\n")).toHaveLength(3);
    expect(embed.description.split("\n")[0]).toBe("1. Eve — 1 W, 10 VP ✓");
    expect(embed.footer.text).toMatch(/^✓ qualifies \(the top \d+\) · 8 players · 1 session$/);
  });

  it("/mytable for a member who is not linked says how to link", async () => {
    const w = world();
    const answer = await run(w, { member: w.users.player, command: "mytable" });
    expect(answer.ephemeral).toBe(true);
    expect(answer.message.content).toMatch(/not linked to a player/);
  });

  it("/link asks for the link, /approve by an organiser makes it (audited); a referee may not approve", async () => {
    const w = world();
    const unknown = await run(w, {
      member: w.users.player,
      command: "link",
      options: { "member-number": "M-999" },
    });
    expect(unknown.message.content).toMatch(/No player of this organisation/);
    // What the member typed comes back escaped, as names are.
    const echoed = await run(w, {
      member: w.users.player,
      command: "link",
      options: { "member-number": "@everyone **x**" },
    });
    expect(echoed.message.content).toContain("\\@everyone \\*\\*x\\*\\*");
    const asked = await run(w, {
      member: w.users.player,
      command: "link",
      options: { "member-number": "M-001" },
    });
    // Before approval the member learns no player's name from a membership number.
    expect(asked.message.content).toContain("member M\\-001");
    expect(asked.message.content).not.toContain("Rūta");
    const byReferee = await run(w, {
      member: w.users.referee,
      command: "approve",
      options: { member: { user: w.users.player } },
    });
    expect(byReferee.message.content).toMatch(/referee.*may not/);
    const byStranger = await run(w, {
      member: w.users.stranger,
      command: "approve",
      options: { member: { user: w.users.player } },
    });
    expect(byStranger.message.content).toMatch(/Only tournament staff/);
    const approved = await run(w, {
      member: w.users.organizer,
      command: "approve",
      options: { member: { user: w.users.player } },
    });
    expect(approved.message.content).toBe(`Linked <@${w.users.player.id}> to **Rūta** (member M\\-001).`);
    const player = await call(w.fetch, w.a.auth, "GET", `/v1/players/${w.players[0].id}`);
    expect(player.body.discordId).toBe(w.users.player.id);
    const requests = await call(w.fetch, w.a.auth, "GET", `/v1/orgs/${w.a.orgId}/discord/link-requests`);
    expect(requests.body.data).toEqual([
      expect.objectContaining({
        status: "approved",
        decidedBy: `discord:${w.users.organizer.id}`,
        discordUsername: "ruta_plays",
      }),
    ]);
    // The second player asks; staff approve through the API this time.
    await run(w, { member: w.users.second, command: "link", options: { "member-number": "M-002" } });
    const pending = await call(
      w.fetch,
      w.a.auth,
      "GET",
      `/v1/orgs/${w.a.orgId}/discord/link-requests?status=pending`,
    );
    const viaApi = await call(
      w.fetch,
      w.a.auth,
      "POST",
      `/v1/orgs/${w.a.orgId}/discord/link-requests/${pending.body.data[0].id}/approve`,
    );
    expect(viaApi.status, viaApi.text).toBe(200);
    expect(viaApi.body.player).toMatchObject({ id: w.players[1].id, discordId: w.users.second.id });
    const twice = await call(
      w.fetch,
      w.a.auth,
      "POST",
      `/v1/orgs/${w.a.orgId}/discord/link-requests/${pending.body.data[0].id}/reject`,
    );
    expect(twice.status).toBe(409);
  });

  it("a /link request follows its player into a merge, and approving it links the id kept", async () => {
    const w = world();
    // A person entered twice, outside the world's events: the first record has the member number.
    const first = await call(w.fetch, w.a.auth, "POST", `/v1/orgs/${w.a.orgId}/players`, {
      name: "Jonas",
      externalId: "M-777",
    });
    const again = await call(w.fetch, w.a.auth, "POST", `/v1/orgs/${w.a.orgId}/players`, {
      name: "Jonas P.",
    });
    await run(w, { member: w.users.stranger, command: "link", options: { "member-number": "M-777" } });
    const merge = await call(w.fetch, w.a.auth, "POST", `/v1/players/${first.body.id}/merge`, {
      intoPlayerId: again.body.id,
    });
    expect(merge.status, merge.text).toBe(200);
    const pending = await call(
      w.fetch,
      w.a.auth,
      "GET",
      `/v1/orgs/${w.a.orgId}/discord/link-requests?status=pending`,
    );
    expect(pending.body.data.map((r: Json) => r.player.id)).toEqual([again.body.id]);
    const approved = await run(w, {
      member: w.users.organizer,
      command: "approve",
      options: { member: { user: w.users.stranger } },
    });
    expect(approved.message.content).toContain("to **Jonas P");
    const kept = await call(w.fetch, w.a.auth, "GET", `/v1/players/${again.body.id}`);
    expect(kept.body.discordId).toBe(w.users.stranger.id);
  });

  it("/mytable: the linked player's table, turn order, opponents (escaped) and board link, ephemeral", async () => {
    const w = world();
    const answer = await run(w, { member: w.users.player, command: "mytable" });
    expect(answer.ephemeral).toBe(true);
    const [embed] = answer.message.embeds;
    expect(embed.title).toBe("Friday night · Game 1 · Table 2");
    expect(embed.url).toBe(`${PUBLIC_URL}/t/${w.pendingTableId}`);
    expect(embed.description).toMatch(/^You play \*\*1st\*\* of 4 \(turn order 1\)/);
    expect(embed.fields[0]).toEqual({
      name: "Opponents (turn order)",
      value: "2. \\*\\*Bob\\*\\* \\@everyone\n3. Carla\n4. Dan",
    });
    expect(embed.fields[1].value).toMatch(/^Pending: confirm it with \/confirm/);
    expect(embed.fields[2]).toEqual({
      name: "Board",
      value: `[The game's board](${PUBLIC_URL}/e/${w.eventId}/screen?view=seating)`,
    });
  });

  it("/confirm with a wrong code is refused and counted toward the seat's limit (the member's own); the right code confirms", async () => {
    const w = world();
    const me = w.players[0].id;
    const wrong = await run(w, { member: w.users.player, command: "confirm", options: { code: "ZZZZZZ" } });
    expect(wrong.ephemeral).toBe(true);
    expect(wrong.message.content).toBe(
      "That is not the code next to your name on the result sheet of Friday night · Game 1, Table 2. 4 tries left for your seat in the next 15 minutes.",
    );
    // Counted per source: a wrong code from elsewhere (a phone) leaves the member's count alone.
    const viaHttp = await call(w.fetch, {}, "POST", `/v1/tables/${w.pendingTableId}/result/confirmations`, {
      playerId: me,
      code: "YYYYYY",
    });
    expect(viaHttp.status).toBe(403);
    const again = await run(w, { member: w.users.player, command: "confirm", options: { code: "XXXXXX" } });
    expect(again.message.content).toMatch(/3 tries left/);
    const ok = await run(w, {
      member: w.users.player,
      command: "confirm",
      options: { code: w.codes.get(me)! },
    });
    expect(ok.message.content).toMatch(
      /^Confirmed your result at Friday night · Game 1, Table 2\. Still to confirm: /,
    );
    const table = await call(w.fetch, w.a.auth, "GET", `/v1/tables/${w.pendingTableId}`);
    expect(table.body.seats[0]).toMatchObject({ confirmed: true, confirmedVia: "player" });
    const audit = await call(w.fetch, w.a.auth, "GET", `/v1/events/${w.eventId}/audit?limit=500`);
    const rejected = audit.body.data.filter((e: Json) => e.action === "result.seat-code-rejected");
    expect(rejected.map((e: Json) => e.actorClientId)).toEqual([
      `discord:${w.users.player.id}`,
      "anonymous",
      `discord:${w.users.player.id}`,
    ]);
    const nothing = await run(w, {
      member: w.users.player,
      command: "confirm",
      options: { code: w.codes.get(me)! },
    });
    expect(nothing.message.content).toBe("No result is waiting for your confirmation.");
  });

  it("/dispute with the seat code keeps the sheet pending, with the reason, audited", async () => {
    const w = world();
    const bob = w.players[1].id;
    const res = await run(w, {
      member: w.users.second,
      command: "dispute",
      options: { code: w.codes.get(bob)!, reason: "I had 8 VP, not 6: the longest road was mine." },
    });
    expect(res.message.content).toBe(
      "Disputed the result of Friday night · Game 1, Table 2: it stays pending until a referee decides or the sheet is replaced.",
    );
    const table = await call(w.fetch, w.a.auth, "GET", `/v1/tables/${w.pendingTableId}`);
    expect(table.body.result.disputes).toEqual([
      expect.objectContaining({
        playerId: bob,
        via: "player",
        reason: "I had 8 VP, not 6: the longest road was mine.",
      }),
    ]);
  });

  it("/dispute refuses a reason the REST route refuses (a bidi override), storing nothing", async () => {
    const w = world();
    const eve = w.players[2].id;
    const res = await run(w, {
      member: w.users.stranger,
      command: "dispute",
      options: { code: w.codes.get(eve)!, reason: "wrong \u202Escores on the sheet" },
    });
    expect(res.message.content).toMatch(/^reason: must not contain bidirectional/);
    const table = await call(w.fetch, w.a.auth, "GET", `/v1/tables/${w.pendingTableId}`);
    expect(JSON.stringify(table.body.result.disputes)).not.toContain("\u202E");
  });

  it("/seat posts a game's seating to the channel (staff only), with autocomplete of the games", async () => {
    const w = world();
    const refused = await run(w, { member: w.users.player, command: "seat" });
    expect(refused.message.content).toMatch(/Only tournament staff/);
    const choices = await complete(w, {
      member: w.users.referee,
      command: "seat",
      option: "game",
      typed: "game 1",
    });
    expect(choices).toEqual([{ name: "Friday night · Game 1", value: w.roundId }]);
    const answer = await run(w, { member: w.users.referee, command: "seat", options: { game: w.roundId } });
    expect(answer.ephemeral).toBe(false);
    const [embed] = answer.message.embeds;
    expect(embed.title).toBe("Friday night · Game 1 seating");
    expect(embed.url).toBe(`${PUBLIC_URL}/e/${w.eventId}/screen?view=seating`);
    expect(embed.fields).toEqual([
      { name: "Table 1", value: "1. Eve\n2. Finn\n3. Gus\n4. Hana", inline: true },
      { name: "Table 2", value: "1. Rūta\n2. \\*\\*Bob\\*\\* \\@everyone\n3. Carla\n4. Dan", inline: true },
    ]);
  });

  it("/results lists the tables without a final result (staff only)", async () => {
    const w = world();
    const refused = await run(w, { member: w.users.stranger, command: "results" });
    expect(refused.message.content).toMatch(/Only tournament staff/);
    const answer = await run(w, { member: w.users.organizer, command: "results" });
    expect(answer.ephemeral).toBe(true);
    const [embed] = answer.message.embeds;
    expect(embed.title).toBe("Open results · Winter Cup");
    expect(embed.fields).toEqual([
      { name: "Friday night · Game 1", value: "Table 2: disputed by \\*\\*Bob\\*\\* \\@everyone" },
    ]);
  });

  it("/setup autocompletes the organisation's events for a linked server's managers only", async () => {
    const w = world();
    // Winter Cup is private: Manage Server alone shows no private event's name, an organiser's role does.
    const choices = await complete(w, {
      member: { ...w.users.admin, roles: [w.roles.organizer] },
      command: "setup",
      option: "event",
      typed: "winter",
    });
    expect(choices).toEqual([
      { name: "none (follow no event)", value: "none" },
      { name: "Winter Cup", value: w.eventId },
    ]);
    expect(
      await complete(w, { member: w.users.admin, command: "setup", option: "event", typed: "winter" }),
    ).toEqual([{ name: "none (follow no event)", value: "none" }]);
    expect(
      await complete(w, { member: w.users.stranger, command: "setup", option: "event", typed: "" }),
    ).toEqual([]);
  });
  it("a server that follows no event shows members only public events; following a private one needs staff rights", async () => {
    const w = world();
    const off = await run(w, { member: w.users.admin, command: "setup", options: { event: "none" } });
    expect(off.message.content).toContain("follows no event");
    expect(
      await complete(w, { member: w.users.stranger, command: "standings", option: "session", typed: "" }),
    ).toEqual([]);
    const probe = await run(w, {
      member: w.users.stranger,
      command: "standings",
      options: { session: w.sessionId },
    });
    expect(text(probe.message)).not.toContain("Friday night");
    // Manage Server alone, without a code or a staff role, does not follow a private event.
    const refused = await run(w, { member: w.users.admin, command: "setup", options: { event: w.eventId } });
    expect(refused.message.content).toMatch(/setup code|staff/);
    const guilds = await call(w.fetch, w.a.auth, "GET", `/v1/orgs/${w.a.orgId}/discord/guilds`);
    expect(guilds.body.data[0].eventId).toBeNull();
    const admin = { ...w.users.admin, roles: [w.roles.organizer] };
    const back = await run(w, { member: admin, command: "setup", options: { event: w.eventId } });
    expect(back.message.content).toContain("follows **Winter Cup**");
  });
}
