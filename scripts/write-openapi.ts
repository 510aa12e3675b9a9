import { readFileSync, writeFileSync } from "node:fs";
import { generateOpenApiDocument, serializeOpenApi } from "../src/http/openapi/generate";

const OUTPUT = "openapi/openapi.json";
const text = serializeOpenApi(await generateOpenApiDocument());

if (process.argv.includes("--check")) {
  let committed = "";
  try {
    committed = readFileSync(OUTPUT, "utf8");
  } catch {}
  if (committed !== text) {
    console.error(`${OUTPUT} is out of date with the routes: run \`npm run openapi\` and commit it.`);
    process.exit(1);
  }
  console.log(`${OUTPUT} is up to date.`);
} else {
  writeFileSync(OUTPUT, text);
  console.log(`wrote ${OUTPUT}`);
}
