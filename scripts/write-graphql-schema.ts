import { readFileSync, writeFileSync } from "node:fs";
import { graphqlSdl } from "../src/graphql/sdl";

const OUTPUT = "openapi/schema.graphql";
const text = graphqlSdl();

if (process.argv.includes("--check")) {
  let committed = "";
  try {
    committed = readFileSync(OUTPUT, "utf8");
  } catch {}
  if (committed !== text) {
    console.error(`${OUTPUT} is out of date with src/graphql: run \`npm run graphql:schema\` and commit it.`);
    process.exit(1);
  }
  console.log(`${OUTPUT} is up to date.`);
} else {
  writeFileSync(OUTPUT, text);
  console.log(`wrote ${OUTPUT}`);
}
