import { execFile, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { NODE_BUILD, RUNTIME_FILES } from "../../scripts/build";

// The production image, as docs/deploy/node-production.md describes it. Everywhere: the Dockerfile
// and compose.yaml read for what the guide promises, and everything the image needs checked to
// reach Docker's build context. Where a Docker engine answers: the image built, started, and
// watched until its own HEALTHCHECK says healthy.
const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, "../..");

interface Instruction {
  keyword: string;
  args: string;
}

/** Instructions per stage, continuation lines joined, comments dropped. */
function stages(dockerfile: string): Instruction[][] {
  const lines = dockerfile.replace(/\\\n/g, " ").split("\n");
  const result: Instruction[][] = [];
  for (const line of lines) {
    const m = /^\s*([A-Z]+)\s+(.*)$/.exec(line);
    if (!m || line.trim().startsWith("#")) continue;
    if (m[1] === "FROM") result.push([]);
    result.at(-1)?.push({ keyword: m[1]!, args: m[2]!.trim() });
  }
  return result;
}

/**
 * Whether .dockerignore keeps `path` (relative to the checkout) out of the build context: a pattern
 * matches the path or a folder above it, `*` within one segment, `**` across segments, and the
 * last matching line wins (`!` lets a path back in), as Docker reads the file.
 */
function dockerIgnored(patterns: string[], path: string): boolean {
  const prefixes = path.split("/").map((_, i, parts) => parts.slice(0, i + 1).join("/"));
  let ignored = false;
  for (const line of patterns) {
    const exception = line.startsWith("!");
    const pattern = (exception ? line.slice(1) : line).replace(/^\/+|\/+$/g, "");
    const source = pattern
      .split("**")
      .map((part) =>
        part
          .replace(/[.+^${}()|[\]\\]/g, "\\$&")
          .replace(/\*/g, "[^/]*")
          .replace(/\?/g, "[^/]"),
      )
      .join(".*");
    const regex = new RegExp(`^${source}$`);
    if (prefixes.some((prefix) => regex.test(prefix))) ignored = !exception;
  }
  return ignored;
}

const dockerfile = readFileSync(join(ROOT, "Dockerfile"), "utf8");
const all = stages(dockerfile);
const final = all.at(-1)!;
const args = (keyword: string) => final.filter((i) => i.keyword === keyword).map((i) => i.args);
const ignorePatterns = readFileSync(join(ROOT, ".dockerignore"), "utf8")
  .split("\n")
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith("#"));

describe("the Dockerfile", () => {
  it("builds in one stage and ships production dependencies only", () => {
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/RUN npm run build/);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    const copies = args("COPY");
    expect(copies).toEqual(
      expect.arrayContaining([expect.stringMatching(/^--from=\S+ \/app\/dist \.\/dist$/)]),
    );
    expect(copies).toEqual(
      expect.arrayContaining([expect.stringMatching(/^--from=\S+ \/app\/node_modules/)]),
    );
    // dist/ is ESM in .js files: package.json's "type" must be beside it, and the migrations.
    expect(copies).toContain("package.json ./");
    expect(copies).toContain("migrations ./migrations");
  });

  it("runs the built server as a user other than root, with the database on a volume", () => {
    const user = args("USER").at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    expect(args("VOLUME").join(" ")).toContain("/data");
    expect(args("ENV").join(" ")).toMatch(/DATABASE_URL=file:\/data\//);
    expect(args("CMD").at(-1)).toMatch(/"dist\/node\.js"\]$/);
  });

  it("checks its health on /health", () => {
    expect(args("HEALTHCHECK").at(-1)).toMatch(/^.*CMD .*\/health/);
  });

  it("copies only files that exist and that .dockerignore lets into the build context", () => {
    for (const stage of all) {
      for (const copy of stage.filter((i) => i.keyword === "COPY" && !i.args.startsWith("--from="))) {
        const sources = copy.args
          .split(/\s+/)
          .slice(0, -1)
          .filter((s) => s !== ".");
        for (const source of sources) {
          expect(existsSync(join(ROOT, source)), source).toBe(true);
          expect(dockerIgnored(ignorePatterns, source), source).toBe(false);
        }
      }
    }
  });

  it("lets in every file `npm run build` reads and the server opens", async () => {
    const { metafile } = await build({
      ...NODE_BUILD,
      absWorkingDir: ROOT,
      write: false,
      metafile: true,
      outdir: "dist",
    });
    const inputs = Object.keys(metafile.inputs);
    expect(inputs).toContain("src/node.ts");
    const needed = [
      ...inputs,
      ...RUNTIME_FILES,
      "scripts/build.ts",
      "package.json",
      "package-lock.json",
      "tsconfig.json",
      "migrations/meta/_journal.json",
    ];
    expect(needed.filter((file) => dockerIgnored(ignorePatterns, file))).toEqual([]);
    // And the matcher does exclude what should stay out, so the check above can fail.
    expect(
      ["node_modules/hono/package.json", "test/e2e/dockerfile.test.ts", "data/catan.db"].map((f) =>
        dockerIgnored(ignorePatterns, f),
      ),
    ).toEqual([true, true, true]);
  });
});

describe("compose.yaml", () => {
  const compose = readFileSync(join(ROOT, "compose.yaml"), "utf8");
  it("builds this Dockerfile and keeps /data on a named volume", () => {
    expect(compose).toMatch(/^\s+build: \.$/m);
    const volume = /^\s+- ([\w-]+):\/data$/m.exec(compose)?.[1];
    expect(volume).toBeDefined();
    expect(compose).toMatch(new RegExp(`^volumes:\\n\\s+${volume}:`, "m"));
  });
  it("leaves PUBLIC_URL unset, so QR codes follow the address staff used", () => {
    expect(compose).not.toMatch(/^\s+PUBLIC_URL:/m);
  });
});

const engine = spawnSync("docker", ["info"], { stdio: "ignore", timeout: 20_000 }).status === 0;
const SKIP = "skipped: no Docker engine answers `docker info` on this machine";
if (!engine) console.warn(`test/e2e/dockerfile.test.ts: the image is not built (${SKIP}).`);

describe("the image", () => {
  const tag = `catan-tournament-api:test-${process.pid}`;
  let container: string | undefined;

  afterAll(async () => {
    if (!engine) return;
    if (container) await run("docker", ["rm", "--force", "--volumes", container]).catch(() => {});
    await run("docker", ["image", "rm", "--force", tag]).catch(() => {});
  }, 120_000);

  it.skipIf(!engine)(
    engine ? "builds, runs as a user other than root and reports healthy" : `builds and runs (${SKIP})`,
    async () => {
      await run("docker", ["build", "--tag", tag, ROOT], { timeout: 900_000, maxBuffer: 64 * 1024 * 1024 });
      container = (await run("docker", ["run", "--detach", tag], { timeout: 60_000 })).stdout.trim();
      const deadline = Date.now() + 180_000;
      let health = "";
      while (Date.now() < deadline) {
        health = (
          await run("docker", ["inspect", "--format", "{{.State.Health.Status}}", container])
        ).stdout.trim();
        if (health === "healthy" || health === "unhealthy") break;
        await new Promise((done) => setTimeout(done, 2_000));
      }
      const logs = health === "healthy" ? "" : (await run("docker", ["logs", container])).stderr;
      expect(health, logs).toBe("healthy");
      const { stdout: uid } = await run("docker", ["exec", container, "id", "-u"]);
      expect(uid.trim()).not.toBe("0");
    },
    1_200_000,
  );
});
