import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/free-port";
import { type ReadmeBlock, readmeShellBlocks } from "../helpers/readme-blocks";

// Every shell block of the README, in order, in one bash (so the ids one block extracts are there
// for the next), against a server on a temporary database and a free port. What is changed, all
// here: http://localhost:8787 becomes that port; `npm install`/`npm ci` do nothing (this checkout
// is installed); `npm start` runs in the background until the end (once); every curl gets
// --fail-with-body, so an error answer fails the block. Blocks marked `<!-- not-run: reason -->`
// are listed, not run.
const ROOT = resolve(import.meta.dirname, "../..");
const README = readFileSync(join(ROOT, "README.md"), "utf8");
const blocks = readmeShellBlocks(README);
const runnable = blocks.filter((b) => !b.notRun);
const skipped = blocks.filter((b) => b.notRun);

function prelude(work: string, port: number): string {
  return `set -euo pipefail
ROOT=${JSON.stringify(ROOT)}
WORK=${JSON.stringify(work)}
export PORT=${port} HOST=127.0.0.1 DATABASE_URL=${JSON.stringify(`file:${join(work, "catan.db")}`)}
SERVER_PID=""
stop_server() {
  if [ -n "$SERVER_PID" ]; then kill -TERM -- "-$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
}
trap stop_server EXIT
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

/** The block as the script runs it: the README's port replaced by the test's. */
function adapted(block: ReadmeBlock, port: number): string {
  return block.code
    .replaceAll("http://localhost:8787", `http://127.0.0.1:${port}`)
    .replaceAll("localhost:8787", `127.0.0.1:${port}`);
}

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "catan-readme-"));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("README command blocks", () => {
  it("marks every block it does not run with a reason, and runnable blocks hold no placeholder", () => {
    expect(runnable.length).toBeGreaterThan(0);
    for (const block of skipped) expect(block.notRun!.length, `line ${block.line}`).toBeGreaterThan(10);
    for (const block of runnable) {
      // No `ply_…`, `tbl_…` or `cs_…` to fill in: the commands extract every id themselves.
      // Comments may still show what an answer looks like.
      const commands = block.code.replace(/(^|\s)#.*$/gm, "");
      expect(commands, `README line ${block.line}`).not.toContain("…");
    }
    console.log(
      [
        `README shell blocks: ${runnable.length} executed, ${skipped.length} not run`,
        ...runnable.map((b) => `  run      line ${b.line} (${b.heading})`),
        ...skipped.map((b) => `  not run  line ${b.line} (${b.heading}): ${b.notRun}`),
      ].join("\n"),
    );
  });

  it("runs every other block in order against a server on a temporary database", async () => {
    const port = await freePort();
    const script = [
      prelude(work, port),
      ...runnable.map((b) => `echo "::readme-block ${b.index} (line ${b.line})"\n${adapted(b, port)}`),
      'echo "::readme-done"',
    ].join("\n");
    const child = spawn("bash", ["-c", script], { cwd: work, stdio: ["ignore", "pipe", "pipe"] });
    const output: string[] = [];
    child.stdout.on("data", (d) => output.push(String(d)));
    child.stderr.on("data", (d) => output.push(String(d)));
    const code = await new Promise<number | null>((done) => child.on("exit", (c) => done(c)));
    const text = output.join("");
    const failedAt = [...text.matchAll(/::readme-block (\d+) \(line (\d+)\)/g)].at(-1);
    expect(
      { code, done: text.includes("::readme-done") },
      `stopped in the block at README line ${failedAt?.[2]}:\n${text.slice(-6000)}`,
    ).toEqual({ code: 0, done: true });
    for (const block of runnable)
      expect(text).toContain(`::readme-block ${block.index} (line ${block.line})`);
  }, 170_000);
});
