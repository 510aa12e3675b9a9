/**
 * The deployment's one Discord application, as the operator configures it, and the few calls
 * this server makes to Discord's HTTP API: who a bot token belongs to and the overwrite of the
 * commands (the CLI's `discord register-commands`), and the edit of a deferred interaction
 * response. The API base is a setting so tests run against a fake Discord on loopback.
 */
import {
  type APIApplication,
  ApplicationIntegrationType,
  OAuth2Routes,
  OAuth2Scopes,
  type RESTPatchAPIInteractionOriginalResponseJSONBody,
  type RESTPutAPIApplicationCommandsResult,
  RouteBases,
  Routes,
} from "discord-api-types/v10";
import { ServiceError } from "../errors";
import { COMMAND_DEFINITIONS } from "./commands";

export interface DiscordSettings {
  /** DISCORD_APPLICATION_ID and DISCORD_PUBLIC_KEY (hex): both, or no Discord application. */
  applicationId?: string | undefined;
  publicKey?: string | undefined;
  /** DISCORD_API_BASE; default https://discord.com/api/v10. */
  apiBase?: string | undefined;
  /** How long a command may run before its answer is deferred (default 2 s of Discord's 3; 0 defers all). */
  inlineBudgetMs?: number | undefined;
}

/** The settings of a deployment that has a Discord application. */
export type DiscordApplication = DiscordSettings & { applicationId: string; publicKey: string };

export function assertDiscordConfigured(settings?: DiscordSettings): DiscordApplication {
  if (settings?.applicationId && settings.publicKey) return settings as DiscordApplication;
  throw new ServiceError(
    "not_found",
    "discord_not_configured",
    "This server has no Discord application: its operator sets DISCORD_APPLICATION_ID and DISCORD_PUBLIC_KEY (docs/guides/discord-app.md).",
  );
}

/**
 * Where a store adds the application to its server. Commands and their answers need only the
 * `applications.commands` scope: no bot user joins, and no permission is asked for.
 */
export const installUrl = (applicationId: string) =>
  `${OAuth2Routes.authorizationURL}?${new URLSearchParams({
    client_id: applicationId,
    scope: OAuth2Scopes.ApplicationsCommands,
    integration_type: String(ApplicationIntegrationType.GuildInstall),
  })}`;

const unavailable = (why: string) =>
  new ServiceError("bad_gateway", "discord_unavailable", `Discord's API ${why}; try again in a minute.`);

async function call(
  settings: DiscordSettings,
  method: string,
  path: string,
  botToken?: string,
  body?: unknown,
) {
  try {
    return await fetch(`${(settings.apiBase || RouteBases.api).replace(/\/+$/, "")}${path}`, {
      method,
      headers: {
        "user-agent": "DiscordBot (https://github.com/catan-tournament-api, 1) catan-tournament-api",
        ...(botToken ? { authorization: `Bot ${botToken}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "manual",
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw unavailable(`could not be reached (${(error as Error).name})`);
  }
}

/**
 * `discord register-commands`: asks Discord whose the bot token is (it must be the configured
 * application, with the configured key), then replaces the application's global commands. The
 * token is used for these two calls only.
 */
export async function registerCommands(settings: DiscordSettings, botToken: string) {
  const app = assertDiscordConfigured(settings);
  const send = async (method: string, path: string, body?: unknown) => {
    const res = await call(app, method, path, botToken, body);
    if (res.status === 401 || res.status === 403)
      throw new ServiceError("invalid", "discord_token_rejected", "Discord refused this bot token.");
    if (!res.ok) throw unavailable(`answered ${res.status}`);
    return res.json().catch(() => {
      throw unavailable("answered something that is not JSON");
    });
  };
  const owner = (await send("GET", Routes.currentApplication())) as APIApplication;
  const mismatch =
    owner.id !== app.applicationId
      ? `This bot token belongs to Discord application ${owner.id}, not to DISCORD_APPLICATION_ID ${app.applicationId}.`
      : owner.verify_key.toLowerCase() !== app.publicKey
        ? "DISCORD_PUBLIC_KEY is not this application's Public Key: copy it from the portal again."
        : undefined;
  if (mismatch) throw new ServiceError("invalid", "discord_application_mismatch", mismatch);
  const registered = await send("PUT", Routes.applicationCommands(app.applicationId), COMMAND_DEFINITIONS);
  if (!Array.isArray(registered)) throw unavailable("answered no list of commands");
  return (registered as RESTPutAPIApplicationCommandsResult).map((c) => ({ id: c.id, name: c.name }));
}

/**
 * Replaces a deferred response with the answer (PATCH /webhooks/{app}/{token}/messages/@original):
 * the interaction token authorises it for 15 minutes, no bot token needed.
 */
export async function editOriginalResponse(
  settings: DiscordApplication,
  interactionToken: string,
  message: RESTPatchAPIInteractionOriginalResponseJSONBody,
): Promise<void> {
  const path = Routes.webhookMessage(settings.applicationId, interactionToken, "@original");
  const res = await call(settings, "PATCH", path, undefined, message);
  if (!res.ok) throw unavailable(`answered ${res.status}`);
}
