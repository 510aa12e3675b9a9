import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discordKeyPair } from "../discord/discord-interactions";
import { type FakeDiscord, startFakeDiscord } from "../discord/fake-discord";
import { freePort } from "../helpers/free-port";
import { documentedShellBlocks, type ReadmeBlock } from "../helpers/readme-blocks";

// Every shell block of the README and of every document under docs/, in one bash, against a
// server on a temporary database and a free port. The README runs first, in the script's own
// shell, so the ids and the `json` function it defines are there for what follows; each other
// document runs after it in a subshell of its own, so one guide's variables never leak into the
// next. What is changed, all here: http://localhost:8787 becomes that port; `npm install`/`npm
// ci` do nothing (this checkout is installed); `npm start` runs in the background until the end
// (once); every curl gets --fail-with-body, so an error answer fails the block; the server and
// the CLI are configured with a Discord application whose Discord is a fake one on loopback
// (DISCORD_*), as an operator's are with the real one. Blocks marked `<!-- not-run: reason -->`
// are listed, not run.
const ROOT = resolve(import.meta.dirname, "../..");
const documents = documentedShellBlocks(ROOT);
const all = documents.flatMap((d) => d.blocks.map((block) => ({ path: d.path, block })));
const runnable = all.filter((b) => !b.block.notRun);
const skipped = all.filter((b) => b.block.notRun);

function prelude(work: string, port: number, discord: Record<string, string>): string {
  return `set -euo pipefail
ROOT=${JSON.stringify(ROOT)}
WORK=${JSON.stringify(work)}
export PORT=${port} HOST=127.0.0.1 DATABASE_URL=${JSON.stringify(`file:${join(work, "catan.db")}`)}
export ${Object.entries(discord)
    .map(([name, value]) => `${name}=${JSON.stringify(value)}`)
    .join(" ")}
SERVER_PID=""
stop_server() {
  if [ -n "$SERVER_PID" ]; then kill -TERM -- "-$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
}
trap stop_server EXIT
trap 'exit 143' TERM
npm() {
  [ $# -gt 0 ] || set -- ""
  case "$1" in
    install|ci) echo "[readme test] npm $1: skipped, this checkout is installed" ;;
    start)
      if [ -n "$SERVER_PID" ]; then echo "[readme test] npm start: already running"; return 0; fi
      set -m # its own process group, so stop_server ends npm, tsx and the server together
      command npm --prefix "$ROOT" start > "$WORK/server.log" 2>&1 &
      SERVER_PID=$!
      set +m
      for _ in $(seq 1 240); do command curl -s -o /dev/null "http://127.0.0.1:$PORT/health" && break; sleep 0.25; done
      command curl -sf -o /dev/null "http://127.0.0.1:$PORT/health"
      echo "[readme test] npm start: serving on $PORT"; cat "$WORK/server.log" ;;
    *) command npm --prefix "$ROOT" "$@" ;;
  esac
}
curl() { command curl --fail-with-body "$@"; }
`;
}

/** The block as the script runs it: the documented port replaced by the test's. */
function adapted(block: ReadmeBlock, port: number): string {
  return block.code
    .replaceAll("http://localhost:8787", `http://127.0.0.1:${port}`)
    .replaceAll("localhost:8787", `127.0.0.1:${port}`);
}

let work: string;
let child: ReturnType<typeof spawn> | undefined;
let fakeDiscord: FakeDiscord;
let discordEnv: Record<string, string>;
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "catan-readme-"));
  const keys = await discordKeyPair();
  const app = {
    id: "141414141414141414",
    verifyKey: keys.publicKey,
    botToken: "bot-token-of-the-readme.0123456789",
  };
  fakeDiscord = await startFakeDiscord([app]);
  discordEnv = {
    DISCORD_APPLICATION_ID: app.id,
    DISCORD_PUBLIC_KEY: keys.publicKey,
    DISCORD_BOT_TOKEN: app.botToken,
    DISCORD_API_BASE: fakeDiscord.apiBase,
  };
});
// On a timeout the script may still run: SIGTERM to its process group ends the commands, and
// the script's trap stops the server it started (in a group of its own).
afterAll(async () => {
  if (child?.pid && child.exitCode === null) {
    const exited = new Promise((done) => child!.once("exit", done));
    process.kill(-child.pid, "SIGTERM");
    await exited;
  }
  rmSync(work, { recursive: true, force: true });
  await fakeDiscord?.close();
}, 60_000);

/** One document's runnable blocks, each announced with its place so a failure names it. */
function documentScript(path: string, blocks: ReadmeBlock[], port: number): string {
  return blocks
    .filter((b) => !b.notRun)
    .map((b) => `echo "::doc-block ${path}:${b.line}"\n${adapted(b, port)}`)
    .join("\n");
}

describe("shell blocks of the README and the docs", () => {
  it("covers the README and the guides", () => {
    const paths = documents.filter((d) => d.blocks.some((b) => !b.notRun)).map((d) => d.path);
    expect(paths[0]).toBe("README.md");
    expect(paths.some((p) => p.startsWith("docs/guides/"))).toBe(true);
  });

  it("marks every block it does not run with a reason, and runnable blocks hold no placeholder", () => {
    expect(runnable.length).toBeGreaterThan(0);
    for (const { path, block } of skipped)
      expect(block.notRun!.length, `${path}:${block.line}`).toBeGreaterThan(10);
    for (const { path, block } of runnable) {
      // No `ply_…`, `tbl_…` or `cs_…` to fill in: the commands extract every id themselves.
      // Comments may still show what an answer looks like.
      const commands = block.code.replace(/(^|\s)#.*$/gm, "");
      expect(commands, `${path}:${block.line}`).not.toContain("…");
    }
    console.log(
      [
        `shell blocks: ${runnable.length} executed, ${skipped.length} not run`,
        ...runnable.map(({ path, block }) => `  run      ${path}:${block.line} (${block.heading})`),
        ...skipped.map(
          ({ path, block }) => `  not run  ${path}:${block.line} (${block.heading}): ${block.notRun}`,
        ),
      ].join("\n"),
    );
  });

  it("runs every other block in order against a server on a temporary database", async () => {
    const port = await freePort();
    const [readme, ...others] = documents;
    const script = [
      prelude(work, port, discordEnv),
      documentScript(readme!.path, readme!.blocks, port),
      ...others
        .filter((d) => d.blocks.some((b) => !b.notRun))
        .map((d) => `(\n${documentScript(d.path, d.blocks, port)}\n)`),
      'echo "::docs-done"',
    ].join("\n");
    const bash = spawn("bash", ["-c", script], {
      cwd: work,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    child = bash;
    const output: string[] = [];
    bash.stdout.on("data", (d) => output.push(String(d)));
    bash.stderr.on("data", (d) => output.push(String(d)));
    const code = await new Promise<number | null>((done) => bash.on("exit", (c) => done(c)));
    const text = output.join("");
    const failedAt = [...text.matchAll(/::doc-block (\S+)/g)].at(-1);
    expect(
      { code, done: text.includes("::docs-done") },
      `stopped in the block at ${failedAt?.[1]}:\n${text.slice(-6000)}`,
    ).toEqual({ code: 0, done: true });
    for (const { path, block } of runnable) expect(text).toContain(`::doc-block ${path}:${block.line}`);
    // The Discord guide's operator registered the commands, at the (fake) Discord.
    expect(fakeDiscord.commands.get(discordEnv.DISCORD_APPLICATION_ID!)).toHaveLength(10);
  }, 600_000);
});
