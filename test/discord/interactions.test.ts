/**
 * The Discord application on Node: every command as a signed interaction to the app, deferred
 * answers read from the fake Discord's received edits (the shared suite), plus what only Node's
 * test app can set up: a budget of 0 that defers every command.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildDiscordWorld,
  type DiscordWorld,
  discordApplications,
  discordSuite,
  PUBLIC_URL,
  run,
} from "../helpers/discord-suite";
import { createTestApp, type TestLogger } from "../helpers/test-app";

let world: DiscordWorld;
let logger: TestLogger;

beforeAll(async () => {
  const apps = await discordApplications();
  const test = await createTestApp({ publicUrl: PUBLIC_URL, discord: { apiBase: apps.fake.apiBase } });
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
    const apps = await discordApplications();
    const test = await createTestApp({
      publicUrl: PUBLIC_URL,
      discord: { apiBase: apps.fake.apiBase, inlineBudgetMs: 0 },
    });
    const w = await buildDiscordWorld(
      (path, init) => Promise.resolve(test.app.request(path, init)),
      test.db,
      apps,
      () => apps.fake.close(),
    );
    try {
      await test.app.request(`/v1/orgs/${w.a.orgId}/discord/commands`, {
        method: "POST",
        headers: { ...w.a.auth, "content-type": "application/json" },
        body: JSON.stringify({ botToken: w.a.app.botToken }),
      });
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
