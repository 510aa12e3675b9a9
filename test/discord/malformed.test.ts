/**
 * Validly signed but malformed interactions: from a valid interaction of each command, every
 * path the commands read is removed or given a value of each wrong type. None may answer 500:
 * a shape Discord never sends is a 400 problem, anything else a normal answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMAND_DEFINITIONS } from "../../src/services/discord";
import { createTestApp } from "../helpers/test-app";
import { interaction, signedRequest } from "./discord-interactions";
import {
  buildDiscordWorld,
  call,
  type DiscordWorld,
  discordApplication,
  PUBLIC_URL,
  run,
  send,
} from "./discord-suite";

let world: DiscordWorld;
let apps: Awaited<ReturnType<typeof discordApplication>>;
let test: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  apps = await discordApplication();
  test = await createTestApp({ http: { publicUrl: PUBLIC_URL }, push: { discord: apps.settings } });
  world = await buildDiscordWorld(
    (path, init) => Promise.resolve(test.app.request(path, init)),
    test.db,
    apps,
    () => apps.fake.close(),
  );
  const w = world;
  const code = await call(w.fetch, w.a.auth, "POST", `/v1/orgs/${w.a.orgId}/discord/setup-codes`, {
    eventId: w.eventId,
  });
  await run(w, { member: w.users.admin, command: "setup", options: { code: code.body.code } });
});

afterAll(async () => {
  await world?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: payloads are mutated freely
type Json = any;
const WRONG: unknown[] = [undefined, null, 42, "x", true, [], {}, [1], { a: 1 }];

/** Every path of a JSON value, objects and arrays included. */
function paths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== "object") return [prefix];
  const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return [prefix, ...keys.flatMap((k) => paths(value[k], [...prefix, k]))].filter((p) => p.length > 0);
}

function variant(base: Json, path: (string | number)[], wrong: unknown): Json {
  const copy = structuredClone(base);
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key];
  const last = path.at(-1)!;
  if (wrong === undefined) {
    if (Array.isArray(at)) at.splice(Number(last), 1);
    else delete at[last];
  } else at[last] = wrong;
  return copy;
}

function sample(name: string, focus: boolean): Json {
  const w = world;
  const options: Record<string, string | number | { user: { id: string; username: string } }> = {};
  for (const o of ((COMMAND_DEFINITIONS.find((c) => c.name === name) as Json)?.options ?? []) as Json[]) {
    options[o.name] = o.type === 4 ? 3 : o.type === 6 ? { user: w.users.player } : "abcdef";
  }
  const first = Object.keys(options)[0];
  return interaction({
    applicationId: w.app.id,
    guildId: w.guild,
    member: { ...w.users.organizer, permissions: 1n << 5n },
    command: name,
    options,
    ...(focus && first ? { focus: first } : {}),
  });
}

describe("malformed interactions", () => {
  it("never answer 500, from any path the commands read", async () => {
    const w = world;
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    for (const def of COMMAND_DEFINITIONS) {
      for (const focus of [false, true]) {
        const base = sample(def.name, focus);
        for (const path of paths(base)) {
          // The signature names the application: a wrong one is refused before anything else.
          if (path[0] === "application_id") continue;
          for (const wrong of WRONG) {
            const res = await send(w, variant(base, path, wrong));
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            if (res.status >= 500) failures.push(`${def.name} ${path.join(".")}=${JSON.stringify(wrong)}`);
            if (res.status === 400) expect(res.body.code).toBe("bad_request");
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(statuses.get(400)).toBeGreaterThan(0);
  }, 120_000);
});

describe("the interactions endpoint's limits", () => {
  it("counts each address's interactions (signed or not) under the discord policy", async () => {
    const { createMemoryRateLimiter, RATE_LIMIT_POLICIES } = await import("../../src/http/rate-limit");
    const test = await createTestApp({
      push: { discord: { applicationId: world.app.id, publicKey: world.keys.publicKey } },
      limits: {
        rateLimiter: createMemoryRateLimiter(),
        rateLimitPolicies: {
          ...RATE_LIMIT_POLICIES,
          discord: { name: "discord", limit: 2, windowSeconds: 60 },
        },
        clientAddress: () => "203.0.113.9",
      },
    });
    const bad = {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-signature-ed25519": "0".repeat(128),
        "x-signature-timestamp": String(Math.floor(Date.now() / 1000)),
      },
      body: "{}",
    };
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await test.app.request("/discord/interactions", bad)).status);
    expect(statuses).toEqual([401, 401, 429]);
  });

  it("gives each server a budget of its own: a busy server does not silence the others", async () => {
    const { createMemoryRateLimiter, RATE_LIMIT_POLICIES } = await import("../../src/http/rate-limit");
    // Discord sends every server's interactions from the same few addresses.
    const limited = await createTestApp({
      storage: { db: test.db },
      http: { publicUrl: PUBLIC_URL },
      push: { discord: apps.settings },
      limits: {
        rateLimiter: createMemoryRateLimiter(),
        rateLimitPolicies: {
          ...RATE_LIMIT_POLICIES,
          discordGuild: { name: "discord-guild", limit: 2, windowSeconds: 60 },
        },
        clientAddress: () => "203.0.113.10",
      },
    });
    const w = {
      ...world,
      fetch: (path: string, init?: RequestInit) => Promise.resolve(limited.app.request(path, init)),
    };
    const mytable = async (guild: string) =>
      (await run(w, { member: w.users.player, command: "mytable", guild })).message.content as string;
    const busy = /This server has sent its 2 commands in 60 s: try again in \d+ s\./;
    expect(await mytable(w.guild)).not.toMatch(busy);
    expect(await mytable(w.guild)).not.toMatch(busy);
    expect(await mytable(w.guild)).toMatch(busy);
    expect(await mytable(w.otherGuild)).toMatch(/not linked to a tournament organisation/);
  });
});

describe("the order of the checks", () => {
  it("a missing, malformed or wrong signature is refused before any statement runs", async () => {
    const real = world;
    const { createCountingTestDatabase } = await import("../helpers/test-app");
    const counting = await createCountingTestDatabase();
    // Every statement the app sends to the database from here on, by its verb.
    const start = counting.statements().length;
    const used = () =>
      counting
        .statements()
        .slice(start)
        .map((sql) => sql.trim().split(/\s/)[0]!.toLowerCase());
    const test = await createTestApp({
      storage: { db: counting.db },
      push: { discord: { applicationId: real.app.id, publicKey: real.keys.publicKey } },
    });
    const payload = interaction({
      applicationId: real.app.id,
      guildId: real.guild,
      member: real.users.player,
      command: "mytable",
    });
    const post = (init: RequestInit) => test.app.request("/discord/interactions", init);
    const body = JSON.stringify(payload);
    const json = { "content-type": "application/json" };
    const now = String(Math.floor(Date.now() / 1000));
    const refused = [
      await post({ method: "POST", headers: json, body }),
      await post({
        method: "POST",
        headers: { ...json, "x-signature-ed25519": "nope", "x-signature-timestamp": "1" },
        body,
      }),
      await post({
        method: "POST",
        headers: { ...json, "x-signature-ed25519": "zz".repeat(64), "x-signature-timestamp": now },
        body,
      }),
      // Well-formed, but signed by another key.
      await post(await signedRequest(real.strangerKeys, payload)),
    ];
    expect(refused.map((r) => r.status)).toEqual([401, 401, 401, 401]);
    expect(used()).toEqual([]);
    // The count sees the statements of a signed command (the server's link is read).
    const signed = await post(await signedRequest(real.keys, payload));
    expect(signed.status).toBe(200);
    expect(used()).toContain("select");
  });
});
