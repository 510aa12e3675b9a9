import { parseArgs } from "node:util";
import { type Config, ConfigError, discordSettings, readConfig } from "./config";
import { DEFAULT_DATABASE_URL, migrateDatabase, openNodeDatabase } from "./db/node";
import { cleanText } from "./domain/text";
import { ORG_ROLES, type OrgRole, SYSTEM_ACTOR } from "./services/access";
import {
  createOrgClient,
  createPairing,
  insertApiClient,
  type NewClientCredentials,
  PAIRING_MINUTES,
  pairingUrl,
} from "./services/auth";
import type { ServiceContext } from "./services/context";
import { createSetupCode, registerCommands } from "./services/discord";
import { ServiceError } from "./services/errors";
import { createOrganization, ORG_KINDS, type OrgKind } from "./services/orgs";

/**
 * How the help names the CLI: the built one (scripts/build.ts writes dist/cli.js) is run by
 * `node dist/cli.js` in production, where npm scripts and tsx may be absent; from the source,
 * `npm run -s cli --`.
 */
export function cliCommand(moduleUrl: string): string {
  return /\/dist\/cli\.js$/.test(moduleUrl) ? "node dist/cli.js" : "npm run -s cli --";
}

const CLI = cliCommand(import.meta.url);
const USAGE = `Admin commands on the API's database (DATABASE_URL, default ${DEFAULT_DATABASE_URL}).

  ${CLI} create-admin [--name "…"] [--json]
      a platform admin client (creates organisations, manages every organisation's clients)
  ${CLI} create-org --name "…" --kind store|chain|federation|club [--parent org_…] [--json]
      an organisation and its first owner client
  ${CLI} create-client --org org_… --role owner|organizer|referee|reporter|reader [--name "…"] [--json]
      another client of an existing organisation

  ${CLI} console-link --org org_… [--role owner|organizer|…] [--name "…"] [--json]
      a one-time link (valid ${PAIRING_MINUTES.default} minutes) that signs a browser in to the staff console
      with that role (default owner): the organisation's first device; more are paired from the console

  ${CLI} discord register-commands [--json]
      register the slash commands of the deployment's Discord application (DISCORD_APPLICATION_ID,
      DISCORD_PUBLIC_KEY) with Discord; the bot token is read from DISCORD_BOT_TOKEN, used once
      and never stored (DISCORD_API_BASE overrides https://discord.com/api/v10)
  ${CLI} discord setup-code --org org_… [--event evt_…] [--json]
      a one-time code for /setup in a Discord server (valid one hour)

Secrets are printed once; only their hash is stored. --json prints one JSON object (with npm, use
\`npm run -s\` so npm's own banner stays off stdout).`;

/** One JSON object with --json, else lines for a person. */
function report(json: boolean, output: object, lines: string[]): void {
  if (json) console.log(JSON.stringify(output));
  else for (const line of lines) console.log(line);
}

/** New credentials (with their organisation, but a platform admin's), and how to get a token with them. */
function print({ orgId, clientId, clientSecret }: NewClientCredentials, json: boolean, publicUrl: string): 0 {
  const output = orgId ? { orgId, clientId, clientSecret } : { clientId, clientSecret };
  report(json, output, [
    ...Object.entries(output).map(([key, value]) => `${key.padEnd(13)} ${value}`),
    "\nThe secret is shown only now. Get a token:",
    `  curl -s ${publicUrl}/v1/auth/token -u '${clientId}:${clientSecret}' -d grant_type=client_credentials`,
  ]);
  return 0;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], flag: string): T {
  if (!value || !(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`${flag} must be one of: ${allowed.join(", ")}`);
  }
  return value as T;
}

class UsageError extends Error {}

function parseCommandLine(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: "string" },
      kind: { type: "string" },
      parent: { type: "string" },
      org: { type: "string" },
      role: { type: "string" },
      event: { type: "string" },
      json: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
}

export async function runCli(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(argv);
  } catch (error) {
    console.error(`error: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { positionals, values } = parsed;
  const command = positionals[0];
  if (values.help || !command) {
    console.log(USAGE);
    return command || values.help ? 0 : 1;
  }
  let config: Config;
  try {
    config = readConfig(env, "cli");
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) console.error(`error: ${problem.message}`);
    return 2;
  }
  const databaseUrl = config.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const { client, db } = openNodeDatabase(databaseUrl, config.DATABASE_AUTH_TOKEN);
  try {
    await migrateDatabase(db);
    const ctx: ServiceContext = { db, actor: SYSTEM_ACTOR, clock: () => new Date() };
    const json = values.json;
    // `discord <sub>` is one command of the table, named by both words.
    switch (command === "discord" ? `discord ${positionals[1] ?? ""}` : command) {
      case "create-admin": {
        const admin = await insertApiClient(
          db,
          { orgId: null, name: values.name ?? "platform admin", role: "admin" },
          ctx.clock(),
        );
        return print(admin, json, publicUrl);
      }
      case "create-org": {
        const name = cleanText(values.name ?? "");
        if ("refused" in name) throw new UsageError(`--name ${name.refused}`);
        if (!name.text) throw new UsageError("--name is required");
        const kind = oneOf<OrgKind>(values.kind, ORG_KINDS, "--kind");
        const org = await createOrganization(ctx, {
          name: name.text,
          kind,
          parentOrgId: values.parent,
        });
        const owner = await insertApiClient(
          db,
          { orgId: org.id, name: "owner (cli)", role: "owner" },
          ctx.clock(),
        );
        return print(owner, json, publicUrl);
      }
      case "create-client": {
        if (!values.org) throw new UsageError("--org is required");
        const role = oneOf<OrgRole>(values.role, ORG_ROLES, "--role");
        const created = await createOrgClient(ctx, values.org, {
          name: values.name ?? `${role} (cli)`,
          role,
        });
        return print(created, json, publicUrl);
      }
      case "console-link": {
        if (!values.org) throw new UsageError("--org is required");
        const role = oneOf<OrgRole>(values.role ?? "owner", ORG_ROLES, "--role");
        const pairing = await createPairing(ctx, values.org, {
          name: values.name ?? `${role} console (cli)`,
          role,
        });
        const url = pairingUrl(publicUrl, pairing.code);
        report(json, { url, code: pairing.code, expiresAt: pairing.expiresAt }, [
          `Open this link within ${PAIRING_MINUTES.default} minutes, once, to sign in to the console:`,
          `  ${url}`,
        ]);
        return 0;
      }
      case "discord register-commands": {
        const settings = discordSettings(config);
        const botToken = config.DISCORD_BOT_TOKEN;
        if (!botToken)
          throw new UsageError("set DISCORD_BOT_TOKEN to the application's bot token (it is not stored)");
        const commands = await registerCommands(settings, botToken);
        const result = {
          applicationId: settings.applicationId,
          commands,
          interactionsUrl: `${publicUrl}/discord/interactions`,
          installUrl: `${publicUrl}/discord/install`,
        };
        report(json, result, [
          `Registered ${commands.length} commands with Discord: ${commands.map((c) => `/${c.name}`).join(" ")}`,
          `Interactions Endpoint URL (developer portal): ${result.interactionsUrl}`,
          `Stores add the application to their server at: ${result.installUrl}`,
        ]);
        return 0;
      }
      case "discord setup-code": {
        if (!values.org) throw new UsageError("--org is required");
        const code = await createSetupCode(ctx, values.org, { eventId: values.event ?? null });
        report(json, code, [
          `Setup code: ${code.code} (valid until ${code.expiresAt}, once).`,
          `Add the application to the Discord server (${publicUrl}/discord/install), then a member with Manage Server runs: /setup code:${code.code}`,
        ]);
        return 0;
      }
      default:
        throw new UsageError(
          command === "discord"
            ? `unknown discord command '${positionals[1] ?? ""}': register-commands or setup-code`
            : `unknown command '${command}'\n\n${USAGE}`,
        );
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof ServiceError) {
      console.error(`error: ${error.message}`);
      return 2;
    }
    throw error;
  } finally {
    client.close();
  }
}

// Run only as the entry point (tests import runCli).
if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("/src/cli.ts")) {
  runCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
