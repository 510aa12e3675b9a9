/**
 * What members see: the answers of the commands, taken from the same signed interactions as
 * the other tests, rendered as Discord-like HTML in Chromium (no real Discord is reachable) and
 * screenshotted for the guide (test-artifacts/discord/). The rendering shows names exactly as
 * typed, Markdown included: the escaping works.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserHarness, launchBrowser } from "../helpers/browser";
import { createTestApp } from "../helpers/test-app";
import { discordMessageHtml } from "./discord-render";
import {
  buildDiscordWorld,
  call,
  type DiscordWorld,
  discordApplication,
  PUBLIC_URL,
  run,
} from "./discord-suite";

const SHOTS = join(process.cwd(), "test-artifacts", "discord");

let w: DiscordWorld;
let browser: BrowserHarness;

beforeAll(async () => {
  const apps = await discordApplication();
  const test = await createTestApp({ http: { publicUrl: PUBLIC_URL }, push: { discord: apps.settings } });
  w = await buildDiscordWorld(
    (path, init) => Promise.resolve(test.app.request(path, init)),
    test.db,
    apps,
    () => apps.fake.close(),
  );
  const code = await call(w.fetch, w.a.auth, "POST", `/v1/orgs/${w.a.orgId}/discord/setup-codes`, {
    eventId: w.eventId,
  });
  await run(w, {
    member: w.users.admin,
    command: "setup",
    options: { code: code.body.code, "referee-role": { role: w.roles.referee } },
  });
  await call(w.fetch, w.a.auth, "PATCH", `/v1/players/${w.players[0].id}`, { discordId: w.users.player.id });
  await mkdir(SHOTS, { recursive: true });
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await w?.close();
});

/** Renders one answer, screenshots it, and returns the text a member reads. */
async function show(
  name: string,
  command: string,
  answer: Awaited<ReturnType<typeof run>>,
  user = "ruta_plays",
) {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 700, height: 300 });
  await page.setContent(
    discordMessageHtml({ command, user, message: answer.message, ephemeral: answer.ephemeral }),
  );
  const message = page.locator(".msg");
  await message.screenshot({ path: join(SHOTS, `${name}.png`) });
  const text = (await message.textContent()) ?? "";
  await page.close();
  return text;
}

describe("the answers as members see them", () => {
  it("/standings", async () => {
    const text = await show(
      "standings",
      "standings",
      await run(w, { member: w.users.player, command: "standings" }),
    );
    expect(text).toContain("Standings · Friday night (Winter Cup)");
    expect(text).toContain("1. Eve — 1 W, 10 VP");
  });

  it("/qualification", async () => {
    const answer = await run(w, { member: w.users.player, command: "qualification", options: { top: 8 } });
    expect(await show("qualification", "qualification", answer)).toContain("Qualification · Winter Cup");
  });

  it("/mytable, with a name full of Markdown shown as typed", async () => {
    const text = await show(
      "mytable",
      "mytable",
      await run(w, { member: w.users.player, command: "mytable" }),
    );
    expect(text).toContain("2. **Bob** @everyone");
    expect(text).not.toContain("\\");
    expect(text).toContain("Only you can see this");
  });

  it("/seat", async () => {
    const answer = await run(w, { member: w.users.referee, command: "seat" });
    const text = await show("seat", "seat", answer, "ref");
    expect(text).toContain("Friday night · Game 1 seating");
    expect(text).toContain("Table 2");
  });

  it("/results", async () => {
    const text = await show(
      "results",
      "results",
      await run(w, { member: w.users.referee, command: "results" }),
      "ref",
    );
    expect(text).toContain("Table 2: pending, waiting for Rūta, **Bob** @everyone, Carla, Dan");
  });

  it("/confirm with a wrong code", async () => {
    const answer = await run(w, { member: w.users.player, command: "confirm", options: { code: "ZZZZZZ" } });
    expect(await show("confirm-wrong-code", "confirm", answer)).toContain("4 tries left");
  });
});
