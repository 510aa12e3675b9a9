/**
 * The `.dev.vars` file `wrangler dev` reads (dotenv syntax): what `npm run dev:worker` writes when
 * it is absent and checks when it is there, so the local Worker starts with a usable signing key
 * and talks to the local libSQL endpoint rather than the Turso URL of wrangler.toml.
 */
import { randomBytes } from "node:crypto";

export const MIN_JWT_SECRET_BYTES = 32;

/** KEY=VALUE lines; `#` comments, blank lines, optional `export ` and single or double quotes. */
export function parseDevVars(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    let value = match[2]!.trim();
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.endsWith(quote) && value.length >= 2) {
      value = value.slice(1, -1);
    } else {
      value = value.replace(/\s+#.*$/, "");
    }
    vars[match[1]!] = value;
  }
  return vars;
}

function sameEndpoint(value: string, databaseUrl: string): boolean {
  try {
    const a = new URL(value);
    const b = new URL(databaseUrl);
    const loopback = (host: string) => host === "127.0.0.1" || host === "localhost";
    return a.protocol === b.protocol && a.port === b.port && loopback(a.hostname) && loopback(b.hostname);
  } catch {
    return false;
  }
}

/** What is wrong with an existing `.dev.vars` for the local endpoint at `databaseUrl`, and the fix. */
export function devVarsProblems(vars: Record<string, string>, databaseUrl: string): string[] {
  const problems: string[] = [];
  const secret = vars.JWT_SECRET;
  if (!secret) {
    problems.push(`JWT_SECRET is missing: add JWT_SECRET=${newJwtSecret()}`);
  } else if (Buffer.byteLength(secret, "utf8") < MIN_JWT_SECRET_BYTES) {
    problems.push(
      `JWT_SECRET is ${Buffer.byteLength(secret, "utf8")} bytes, HS256 needs at least ${MIN_JWT_SECRET_BYTES}: ` +
        `replace it with JWT_SECRET=${newJwtSecret()}`,
    );
  }
  if (!vars.DATABASE_URL) {
    problems.push(
      `DATABASE_URL is missing: add DATABASE_URL=${databaseUrl} (without it the Worker uses wrangler.toml's Turso URL)`,
    );
  } else if (!sameEndpoint(vars.DATABASE_URL, databaseUrl)) {
    problems.push(
      `DATABASE_URL is ${vars.DATABASE_URL}, not the local endpoint: set DATABASE_URL=${databaseUrl} ` +
        "(or DEV_DB_PORT to the port it names)",
    );
  }
  return problems;
}

/** 32 random bytes, base64url: 43 characters, as the Node server's generated key. */
export function newJwtSecret(): string {
  return randomBytes(MIN_JWT_SECRET_BYTES).toString("base64url");
}

export function newDevVars(databaseUrl: string, secret = newJwtSecret()): string {
  return [
    "# Written by `npm run dev:worker` for `wrangler dev` (never commit it; .gitignore lists it).",
    "# The local libSQL endpoint that npm run dev:worker starts, and the key that signs tokens.",
    `DATABASE_URL=${databaseUrl}`,
    `JWT_SECRET=${secret}`,
    "",
  ].join("\n");
}
