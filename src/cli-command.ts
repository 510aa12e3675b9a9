/**
 * How the help names the CLI: the built one (scripts/build.ts writes dist/cli.js) is run by
 * `node dist/cli.js` in production, where npm scripts and tsx may be absent; from the source,
 * `npm run -s cli --`.
 */
export function cliCommand(moduleUrl: string): string {
  return /\/dist\/cli\.js$/.test(moduleUrl) ? "node dist/cli.js" : "npm run -s cli --";
}
