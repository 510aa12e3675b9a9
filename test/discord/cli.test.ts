/**
 * `npm run -s cli -- discord …`: the commands of the deployment's application registered with (a
 * fake) Discord: the application is the configured one (DISCORD_APPLICATION_ID,
 * DISCORD_PUBLIC_KEY), the bot token comes from the environment, is used once and never reaches
 * the database; and setup codes for the stores.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runCli } from "../../src/cli";
import { discordKeyPair } from "./discord-interactions";
import { type FakeDiscord, startFakeDiscord } from "./fake-discord";

const BOT_TOKEN = "bot-token-for-the-cli-test.0123456789abcdef";
const APPLICATION_ID = "333333333333333333";

let dir: string;
let databaseUrl: string;
let fake: FakeDiscord;
let publicKey: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "catan-discord-cli-"));
  databaseUrl = `file:${join(dir, "catan.db")}`;
  publicKey = (await discordKeyPair()).publicKey;
  fake = await startFakeDiscord([{ id: APPLICATION_ID, verifyKey: publicKey, botToken: BOT_TOKEN }]);
});
afterAll(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

async function cli(args: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, "log").mockImplementation((...parts) => void out.push(parts.join(" ")));
  vi.spyOn(console, "error").mockImplementation((...parts) => void err.push(parts.join(" ")));
  const code = await runCli(args, {
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: "https://catan.example.org",
    ...env,
  });
  vi.restoreAllMocks();
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("npm run cli -- discord", () => {
  it("registers the commands of the configured application with Discord from the real command line", async () => {
    const org = JSON.parse(
      (await cli(["create-org", "--name", "Würfelglück", "--kind", "store", "--json"])).out,
    );
    const app = {
      DISCORD_APPLICATION_ID: APPLICATION_ID,
      DISCORD_PUBLIC_KEY: publicKey,
      DISCORD_API_BASE: fake.apiBase,
    };
    const refused = await cli(["discord", "register-commands"], {
      ...app,
      DISCORD_BOT_TOKEN: "not-the-bot-token-of-this-application",
    });
    expect(refused.code).toBe(2);
    expect(refused.err).toBe("error: Discord refused this bot token.");
    const otherKey = await cli(["discord", "register-commands"], {
      ...app,
      DISCORD_PUBLIC_KEY: "0".repeat(64),
      DISCORD_BOT_TOKEN: BOT_TOKEN,
    });
    expect(otherKey.err).toMatch(/DISCORD_PUBLIC_KEY is not this application's Public Key/);
    expect(fake.calls.some((c) => c.method === "PUT")).toBe(false);

    // The real command line, as the guide runs it (async: the fake Discord lives in this process).
    const { stdout } = await promisify(execFile)(
      "npm",
      ["run", "-s", "cli", "--", "discord", "register-commands", "--json"],
      {
        env: {
          ...process.env,
          ...app,
          DATABASE_URL: databaseUrl,
          DISCORD_BOT_TOKEN: BOT_TOKEN,
          PUBLIC_URL: "https://catan.example.org",
        },
        encoding: "utf8",
      },
    );
    const result = JSON.parse(stdout);
    expect(result).toMatchObject({
      applicationId: APPLICATION_ID,
      interactionsUrl: "https://catan.example.org/discord/interactions",
      installUrl: "https://catan.example.org/discord/install",
    });
    expect(result.commands.map((c: { name: string }) => c.name)).toContain("standings");
    const put = fake.calls.find((c) => c.method === "PUT");
    expect(put).toMatchObject({
      path: `/api/v10/applications/${APPLICATION_ID}/commands`,
      authorization: `Bot ${BOT_TOKEN}`,
    });
    expect(put!.body).toHaveLength(10);
    // Never stored: not a byte of it in the database file.
    for (const file of readdirSync(dir))
      expect(readFileSync(join(dir, file)).includes(BOT_TOKEN), file).toBe(false);

    const code = await cli(["discord", "setup-code", "--org", org.orgId, "--json"]);
    expect(JSON.parse(code.out)).toEqual({
      code: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/),
      expiresAt: expect.any(String),
      eventId: null,
    });
  });

  it("says what is missing or malformed", async () => {
    expect((await cli(["discord", "setup-code"])).err).toBe("error: --org is required");
    expect((await cli(["discord", "register-commands"], { DISCORD_BOT_TOKEN: BOT_TOKEN })).err).toMatch(
      /DISCORD_APPLICATION_ID and DISCORD_PUBLIC_KEY/,
    );
    const half = await cli(["discord", "register-commands"], { DISCORD_APPLICATION_ID: APPLICATION_ID });
    expect(half.err).toBe(
      "error: DISCORD_APPLICATION_ID and DISCORD_PUBLIC_KEY are set together, or neither.",
    );
    const badKey = await cli(["discord", "register-commands"], {
      DISCORD_APPLICATION_ID: APPLICATION_ID,
      DISCORD_PUBLIC_KEY: "not hex",
    });
    expect(badKey.err).toMatch(/^error: DISCORD_PUBLIC_KEY must be .*64 hexadecimal digits/);
    expect(
      (
        await cli(["discord", "register-commands"], {
          DISCORD_APPLICATION_ID: APPLICATION_ID,
          DISCORD_PUBLIC_KEY: publicKey,
        })
      ).err,
    ).toMatch(/DISCORD_BOT_TOKEN/);
    expect((await cli(["discord", "nope"])).err).toMatch(/unknown discord command 'nope'/);
  });
});
