import { copyFileSync, mkdirSync, renameSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

// Workers have no file system: the Scalar bundle for /docs is shipped as a static asset instead.
// Run by wrangler's [build] command (wrangler.toml) before every `wrangler dev` and `deploy`.
const entry = createRequire(import.meta.url).resolve("@scalar/api-reference");
mkdirSync("public/docs", { recursive: true });
// Copied beside and renamed into place: a Worker starting meanwhile never reads half a file.
const partial = `public/docs/.scalar.js.${process.pid}`;
copyFileSync(join(dirname(entry), "browser", "standalone.js"), partial);
renameSync(partial, "public/docs/scalar.js");
