/**
 * The OpenAPI lint gate of `npm test`: Redocly (`recommended`, redocly.yaml) and Spectral
 * (`spectral:oas`, .spectral.yaml) on the committed document, failing on any error or warning.
 * Both run from node_modules with no network: telemetry and update checks are switched off.
 */
import { spawnSync } from "node:child_process";

const DOCUMENT = "openapi/openapi.json";
const env = {
  ...process.env,
  REDOCLY_TELEMETRY: "off",
  REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
  NO_UPDATE_NOTIFIER: "1",
};

function run(args: string[]) {
  const result = spawnSync("npx", ["--no-install", ...args], { env, encoding: "utf8" });
  if (result.error) throw result.error;
  return result;
}

let failed = false;

// Redocly exits 0 on warnings, so its JSON totals are read instead of its exit code.
const redocly = run(["redocly", "lint", DOCUMENT, "--format=json"]);
let totals: { errors: number; warnings: number } | undefined;
try {
  totals = JSON.parse(redocly.stdout).totals;
} catch {
  // not JSON: reported below with its output
}
if (!totals) {
  console.error(redocly.stdout, redocly.stderr);
  failed = true;
} else if (totals.errors + totals.warnings > 0) {
  // Again, readable this time.
  console.error(run(["redocly", "lint", DOCUMENT, "--format=stylish"]).stdout);
  failed = true;
}
console.log(`redocly (recommended): ${totals?.errors ?? "?"} errors, ${totals?.warnings ?? "?"} warnings`);

const spectral = run(["spectral", "lint", DOCUMENT, "--fail-severity=warn", "--format=text"]);
const findings = spectral.stdout.split("\n").filter((line) => /\b(error|warning)\b/.test(line));
if (spectral.status !== 0) {
  console.error(spectral.stdout, spectral.stderr);
  failed = true;
}
const count = (kind: string) => findings.filter((line) => line.includes(` ${kind} `)).length;
console.log(`spectral (spectral:oas): ${count("error")} errors, ${count("warning")} warnings`);

process.exit(failed ? 1 : 0);
