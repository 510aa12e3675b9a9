/**
 * The few calls this server makes to Discord's HTTP API: who a bot token belongs to, the bulk
 * overwrite of the application's commands, and the edit of a deferred interaction response.
 * The base URL is a setting (DISCORD_API_BASE) so tests run against a fake Discord on loopback.
 */
import {
  type APIApplication,
  type RESTPatchAPIInteractionOriginalResponseJSONBody,
  type RESTPutAPIApplicationCommandsJSONBody,
  type RESTPutAPIApplicationCommandsResult,
  RouteBases,
  Routes,
} from "discord-api-types/v10";
import { ServiceError } from "../errors";

export const DISCORD_API_BASE: string = RouteBases.api;

export interface DiscordRest {
  /** `https://discord.com/api/v10` unless configured. */
  baseUrl: string;
  /** How long one call may take before it counts as Discord being unavailable. */
  timeoutMs?: number;
}

export const defaultDiscordRest = (baseUrl?: string): DiscordRest => ({
  baseUrl: (baseUrl || DISCORD_API_BASE).replace(/\/+$/, ""),
});

interface Call {
  method: "GET" | "PUT" | "PATCH" | "POST";
  path: string;
  botToken?: string;
  body?: unknown;
}

async function call(rest: DiscordRest, { method, path, botToken, body }: Call) {
  let res: Response;
  try {
    res = await fetch(`${rest.baseUrl}${path}`, {
      method,
      headers: {
        "user-agent": "DiscordBot (https://github.com/catan-tournament-api, 1) catan-tournament-api",
        ...(botToken ? { authorization: `Bot ${botToken}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "manual",
      signal: AbortSignal.timeout(rest.timeoutMs ?? 10_000),
    });
  } catch (error) {
    throw new ServiceError(
      "bad_gateway",
      "discord_unavailable",
      `Discord's API could not be reached (${(error as Error).name}); try again in a minute.`,
    );
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, json };
}

function unavailable(status: number): ServiceError {
  return new ServiceError(
    "bad_gateway",
    "discord_unavailable",
    `Discord's API answered ${status}; try again in a minute.`,
  );
}

/** The application a bot token belongs to (GET /applications/@me). */
export async function applicationOfToken(rest: DiscordRest, botToken: string): Promise<APIApplication> {
  const res = await call(rest, { method: "GET", path: Routes.currentApplication(), botToken });
  if (res.status === 401 || res.status === 403) {
    throw new ServiceError("invalid", "discord_token_rejected", "Discord refused this bot token.", {
      issues: [{ path: "botToken", message: "refused by Discord (reset it in the developer portal)" }],
    });
  }
  if (res.status !== 200 || !res.json) throw unavailable(res.status);
  return res.json as APIApplication;
}

/** Replaces the application's global commands with `commands` (PUT /applications/{id}/commands). */
export async function overwriteCommands(
  rest: DiscordRest,
  applicationId: string,
  botToken: string,
  commands: RESTPutAPIApplicationCommandsJSONBody,
): Promise<RESTPutAPIApplicationCommandsResult> {
  const res = await call(rest, {
    method: "PUT",
    path: Routes.applicationCommands(applicationId),
    botToken,
    body: commands,
  });
  if (res.status === 401 || res.status === 403) {
    throw new ServiceError("invalid", "discord_token_rejected", "Discord refused this bot token.", {
      issues: [{ path: "botToken", message: "refused by Discord" }],
    });
  }
  if (res.status !== 200 || !Array.isArray(res.json)) throw unavailable(res.status);
  return res.json as RESTPutAPIApplicationCommandsResult;
}

/**
 * Replaces a deferred response with the answer (PATCH /webhooks/{app}/{token}/messages/@original):
 * the interaction token authorises it for 15 minutes, no bot token needed.
 */
export async function editOriginalResponse(
  rest: DiscordRest,
  applicationId: string,
  interactionToken: string,
  message: RESTPatchAPIInteractionOriginalResponseJSONBody,
): Promise<void> {
  const res = await call(rest, {
    method: "PATCH",
    path: Routes.webhookMessage(applicationId, interactionToken, "@original"),
    body: message,
  });
  if (res.status < 200 || res.status >= 300) throw unavailable(res.status);
}
