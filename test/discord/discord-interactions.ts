/**
 * Signed fake interactions, as Discord sends them: an Ed25519 key pair made in the test plays the
 * application's key, and each request carries `X-Signature-Ed25519` over timestamp + raw body.
 */
import {
  type APIApplicationCommandInteractionDataBasicOption,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  InteractionType,
} from "discord-api-types/v10";

export interface DiscordKeys {
  /** 64 hex digits, as the developer portal shows it. */
  publicKey: string;
  sign(message: Uint8Array<ArrayBuffer>): Promise<string>;
}

const hex = (bytes: ArrayBuffer) => Buffer.from(bytes).toString("hex");

export async function discordKeyPair(): Promise<DiscordKeys> {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  return {
    publicKey: hex(await crypto.subtle.exportKey("raw", pair.publicKey)),
    sign: async (message) => hex(await crypto.subtle.sign({ name: "Ed25519" }, pair.privateKey, message)),
  };
}

export interface SignOptions {
  /** Unix seconds; default now. */
  timestamp?: number;
  /** Sign this body but send another (a tampered request). */
  sendInstead?: string;
}

/** The POST Discord would make to the interactions endpoint. */
export async function signedRequest(
  keys: DiscordKeys,
  payload: unknown,
  options: SignOptions = {},
): Promise<RequestInit> {
  const body = JSON.stringify(payload);
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const signature = await keys.sign(new TextEncoder().encode(timestamp + body));
  return {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-signature-ed25519": signature,
      "x-signature-timestamp": timestamp,
      "user-agent": "Discord-Interactions/1.0 (+https://discord.com)",
    },
    body: options.sendInstead ?? body,
  };
}

export interface DiscordMember {
  id: string;
  username: string;
  roles?: string[];
  /** The member's permission bitfield in the channel (decimal string). */
  permissions?: bigint;
}

export type OptionInput = string | number | { user: { id: string; username: string } } | { role: string };

let serial = 0;

function optionOf(
  name: string,
  value: OptionInput,
  focused: boolean,
): APIApplicationCommandInteractionDataBasicOption {
  if (typeof value === "number")
    return {
      name,
      type: ApplicationCommandOptionType.Integer,
      value,
      ...(focused ? { focused } : {}),
    } as never;
  if (typeof value === "string")
    return {
      name,
      type: ApplicationCommandOptionType.String,
      value,
      ...(focused ? { focused } : {}),
    } as never;
  if ("user" in value) return { name, type: ApplicationCommandOptionType.User, value: value.user.id };
  return { name, type: ApplicationCommandOptionType.Role, value: value.role };
}

/** A slash command (or, with `focus`, the autocomplete of that option) from a member of a server. */
export function interaction(input: {
  applicationId: string;
  guildId?: string;
  member: DiscordMember;
  command: string;
  options?: Record<string, OptionInput>;
  focus?: string;
}) {
  serial++;
  const options = Object.entries(input.options ?? {}).map(([name, value]) =>
    optionOf(name, value, name === input.focus),
  );
  const users = Object.values(input.options ?? {}).flatMap((v) =>
    typeof v === "object" && "user" in v
      ? [
          [
            v.user.id,
            { id: v.user.id, username: v.user.username, discriminator: "0", global_name: null, avatar: null },
          ],
        ]
      : [],
  );
  return {
    id: `12000000000000${String(serial).padStart(5, "0")}`,
    application_id: input.applicationId,
    type: input.focus ? InteractionType.ApplicationCommandAutocomplete : InteractionType.ApplicationCommand,
    token: `interaction-token-${serial}`,
    version: 1,
    ...(input.guildId ? { guild_id: input.guildId, channel_id: "555555555555555555" } : {}),
    member: input.guildId
      ? {
          user: {
            id: input.member.id,
            username: input.member.username,
            global_name: null,
            discriminator: "0",
            avatar: null,
          },
          roles: input.member.roles ?? [],
          permissions: String(input.member.permissions ?? 0n),
          joined_at: "2026-01-01T00:00:00.000Z",
          deaf: false,
          mute: false,
          flags: 0,
        }
      : undefined,
    data: {
      id: "1300000000000000001",
      name: input.command,
      type: ApplicationCommandType.ChatInput,
      options,
      ...(users.length > 0 ? { resolved: { users: Object.fromEntries(users) } } : {}),
    },
    app_permissions: "0",
    locale: "en-GB",
    entitlements: [],
    context: 0,
  };
}

export const ping = (applicationId: string) => ({
  id: "1200000000000000000",
  application_id: applicationId,
  type: InteractionType.Ping,
  token: "ping-token",
  version: 1,
});
