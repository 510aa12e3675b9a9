/**
 * The Discord application on Node: every command as a signed interaction to the app, deferred
 * answers read from the fake Discord's received edits (the shared suite), plus what only Node's
 * test app can set up: a deployment without an application, and a budget of 0 that defers every
 * command.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrgClient } from "../helpers/auth";
import { createTestApp, type TestLogger } from "../helpers/test-app";
import { interaction } from "./discord-interactions";
import {
  buildDiscordWorld,
  type DiscordWorld,
  discordApplication,
  discordSuite,
  PUBLIC_URL,
  run,
  send,
} from "./discord-suite";

let world: DiscordWorld;
let logger: TestLogger;

beforeAll(async () => {
  const apps = await discordApplication();
  const test = await createTestApp({ http: { publicUrl: PUBLIC_URL }, push: { discord: apps.settings } });
  logger = test.logger;
  world = await buildDiscordWorld(
    (path, init) => Promise.resolve(test.app.request(path, init)),
    test.db,
    apps,
    () => apps.fake.close(),
  );
});

afterAll(async () => {
  await world?.close();
});

describe("the Discord application on Node", () => {
  discordSuite(() => world, {
    errorLines: () => logger.lines.filter((l) => l.level === "error").map((l) => l.message),
  });
});

describe("the 3-second deadline", () => {
  it("defers any command that outruns its budget and edits the answer in through the interaction webhook", async () => {
    const apps = await discordApplication();
    const test = await createTestApp({
      http: { publicUrl: PUBLIC_URL },
      push: { discord: { ...apps.settings, inlineBudgetMs: 0 } },
    });
    const w = await buildDiscordWorld(
      (path, init) => Promise.resolve(test.app.request(path, init)),
      test.db,
      apps,
      () => apps.fake.close(),
    );
    try {
      const code = await test.app.request(`/v1/orgs/${w.a.orgId}/discord/setup-codes`, {
        method: "POST",
        headers: { ...w.a.auth, "content-type": "application/json" },
        body: "{}",
      });
      const answer = await run(w, {
        member: w.users.admin,
        command: "setup",
        options: { code: ((await code.json()) as { code: string }).code },
      });
      // Ephemeral from the deferral on: the edit cannot make it public.
      expect(answer).toMatchObject({ deferred: true, ephemeral: true });
      expect(answer.message.content).toMatch(/^This server is linked to \*\*Würfelglück\*\*/);
    } finally {
      await w.close();
    }
  });
});

describe("the deployment's one application", () => {
  it("is added to a server from the install link, which setup codes carry", async () => {
    const w = world;
    const install = await w.fetch("/discord/install");
    expect(install.status).toBe(302);
    const location = new URL(install.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe("https://discord.com/api/v10/oauth2/authorize");
    expect(Object.fromEntries(location.searchParams)).toEqual({
      client_id: w.app.id,
      scope: "applications.commands",
      integration_type: "0",
    });
    const code = await w.fetch(`/v1/orgs/${w.a.orgId}/discord/setup-codes`, {
      method: "POST",
      headers: { ...w.a.auth, "content-type": "application/json" },
      body: "{}",
    });
    expect(code.status).toBe(201);
    expect(((await code.json()) as { installUrl: string }).installUrl).toBe(location.href);
    // A client that reads JSON gets the same link.
    const asJson = await w.fetch("/discord/install", { headers: { accept: "application/json" } });
    expect(asJson.status).toBe(200);
    expect(await asJson.json()).toEqual({ installUrl: location.href });
  });

  it("without DISCORD_APPLICATION_ID and DISCORD_PUBLIC_KEY: the endpoint, the link and setup codes answer 404", async () => {
    const test = await createTestApp({ http: { publicUrl: PUBLIC_URL } });
    const owner = await createOrgClient(test.app, test.db, { name: "No Discord here" });
    const answers = [
      await test.app.request("/discord/interactions", { method: "POST", body: "{}" }),
      await test.app.request("/discord/install"),
      await test.app.request(`/v1/orgs/${owner.orgId}/discord/setup-codes`, {
        method: "POST",
        headers: { ...owner.auth, "content-type": "application/json" },
        body: "{}",
      }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(((await res.json()) as { code: string }).code).toBe("discord_not_configured");
    }
  });

  it("answers a command it does not know, whatever its name, in words", async () => {
    const w = world;
    for (const command of ["nope", "constructor", "toString", "__proto__"]) {
      const res = await send(
        w,
        interaction({ applicationId: w.app.id, guildId: w.guild, member: w.users.player, command }),
      );
      expect(res.status, `${command}: ${res.text}`).toBe(200);
      expect(res.body.data.content).toMatch(/^Unknown command/);
    }
  });
});
