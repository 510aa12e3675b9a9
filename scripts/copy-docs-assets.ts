import { copyFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

// Workers have no file system: the Scalar bundle for /docs is shipped as a static asset instead.
const entry = createRequire(import.meta.url).resolve("@scalar/api-reference");
mkdirSync("public/docs", { recursive: true });
copyFileSync(join(dirname(entry), "browser", "standalone.js"), "public/docs/scalar.js");
