/** `npm run bench`: every benchmark in turn (each also runs alone with `npx tsx bench/<file>`). */
import { execFileSync } from "node:child_process";

for (const script of [
  "seating.bench.ts",
  "schedule-quality.ts",
  "standings.bench.ts",
  "http-standings.bench.ts",
  "federation.bench.ts",
  "abuse.bench.ts",
  "webhooks.bench.ts",
]) {
  console.log(`\n# ${script}`);
  execFileSync(process.execPath, ["--import", "tsx", `bench/${script}`], { stdio: "inherit" });
}
