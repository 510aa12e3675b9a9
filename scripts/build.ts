/**
 * `npm run build`: the Node server and the CLI as plain JavaScript for production, so that
 * `npm ci --omit=dev` and `node dist/node.js` run them without tsx or TypeScript. esbuild bundles
 * our code only: every package stays an import, resolved from node_modules at run time. Files the
 * code opens at run time: migrations/ stays where it is (found from package.json); the replica's
 * pull thread, a file of its own, and the /docs script of @scalar/api-reference (a build input,
 * not installed in production) are copied beside the bundles.
 * `--outdir <dir>` builds elsewhere than dist/ (the production-build test does).
 */
import { copyFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { type BuildOptions, build } from "esbuild";

/** Also read by test/e2e/dockerfile.test.ts: what the bundles are made of must reach the image. */
export const NODE_BUILD = {
  entryPoints: { node: "src/node.ts", cli: "src/cli.ts" },
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20.19",
  sourcemap: true,
  logLevel: "warning",
} satisfies BuildOptions;

/** Copied beside the bundles: the code opens them by a path relative to itself. */
export const RUNTIME_FILES = ["src/db/replica-pull-thread.mjs"];

async function main(): Promise<void> {
  const flag = process.argv.indexOf("--outdir");
  const outdir = flag >= 0 ? process.argv[flag + 1]! : "dist";
  mkdirSync(join(outdir, "docs"), { recursive: true });
  const result = await build({ ...NODE_BUILD, outdir, metafile: true });
  for (const file of RUNTIME_FILES) copyFileSync(file, join(outdir, file.split("/").at(-1)!));
  const scalar = createRequire(import.meta.url).resolve("@scalar/api-reference");
  copyFileSync(join(dirname(scalar), "browser", "standalone.js"), join(outdir, "docs", "scalar.js"));
  for (const [file, { bytes }] of Object.entries(result.metafile.outputs)) {
    if (file.endsWith(".js")) console.log(`${file}: ${(bytes / 1024).toFixed(0)} KiB`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
