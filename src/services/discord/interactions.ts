/**
 * `POST /discord/interactions`: Discord's signed requests for the slash commands. Nothing is
 * read before the signature is checked against the public key the application's organisation
 * registered (the body names the application; only its key can have signed it). A PING gets its
 * PONG; a command runs as the linked server's narrow client (guilds.ts) and is answered within
 * Discord's 3-second deadline: at once when it is quick, else (and always for a ranking) with a
 * deferred response followed by an edit of it through the interaction webhook, done after the
 * response is sent (Node: a background task; Workers: waitUntil).
 */
import {
  type APIApplicationCommandInteractionDataBasicOption,
  type APIApplicationCommandOptionChoice,
  type APIInteraction,
  type APIInteractionResponse,
  ApplicationCommandType,
  InteractionResponseType,
  InteractionType,
  MessageFlags,
} from "discord-api-types/v10";
import { eq } from "drizzle-orm";
import { discordApplications } from "../../db/schema";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import type { CommandContext, CommandSpec, InteractionDeps, OptionValue } from "./command-context";
import { guildActor, loadGuildLink, staffRoleOf } from "./guilds";
import { NO_MENTIONS, pageLinks, type Reply, say } from "./messages";
import { PLAYER_COMMANDS } from "./player-commands";
import { RANKING_COMMANDS } from "./ranking-commands";
import { SNOWFLAKE } from "./registration";
import { editOriginalResponse } from "./rest";
import { invalidSignature, signatureHeaders, signedBy } from "./signature";
import { STAFF_COMMANDS } from "./staff-commands";

const COMMANDS: Record<string, CommandSpec> = { ...STAFF_COMMANDS, ...RANKING_COMMANDS, ...PLAYER_COMMANDS };

type ApplicationRow = typeof discordApplications.$inferSelect;

export interface VerifiedInteraction {
  interaction: APIInteraction;
  application: ApplicationRow;
  /** Options whose text the API's text rules refuse (checked by the HTTP layer, as for REST). */
  refusedOptions?: { path: string; message: string }[] | undefined;
}

/**
 * Checks the signature (and its age) and returns the interaction with the registration whose
 * key signed it; throws the 401 `invalid_discord_signature` otherwise.
 */
export async function verifyInteraction(
  deps: Pick<InteractionDeps, "db" | "clock">,
  body: Uint8Array,
  signatureHeader: string | undefined,
  timestampHeader: string | undefined,
): Promise<VerifiedInteraction> {
  const { signature, timestamp } = signatureHeaders(signatureHeader, timestampHeader, deps.clock());
  let interaction: APIInteraction;
  try {
    interaction = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body)) as APIInteraction;
  } catch {
    throw invalidSignature("the body is not a Discord interaction");
  }
  const applicationId = (interaction as { application_id?: unknown } | null)?.application_id;
  if (typeof applicationId !== "string" || !SNOWFLAKE.test(applicationId)) {
    throw invalidSignature("the body names no Discord application");
  }
  // Every organisation that claimed the id (one at most is verified): the one whose key signed it.
  const candidates = await deps.db
    .select()
    .from(discordApplications)
    .where(eq(discordApplications.applicationId, applicationId));
  candidates.sort((a, b) => Number(b.verifiedAt !== null) - Number(a.verifiedAt !== null));
  for (const application of candidates) {
    if (await signedBy(application.publicKey, body, signature, timestamp))
      return { interaction, application };
  }
  throw invalidSignature("the signature is not the registered application's");
}

export interface InteractionAnswer {
  response: APIInteractionResponse;
  /** The edit of a deferred response: run it after the response is sent. */
  later?: Promise<void>;
}

function message(reply: Reply): APIInteractionResponse {
  return {
    type: InteractionResponseType.ChannelMessageWithSource,
    data: {
      ...(reply.content ? { content: reply.content } : {}),
      ...(reply.embeds ? { embeds: reply.embeds } : {}),
      ...(reply.ephemeral ? { flags: MessageFlags.Ephemeral } : {}),
      allowed_mentions: NO_MENTIONS,
    },
  };
}

const choices = (list: APIApplicationCommandOptionChoice[]): InteractionAnswer => ({
  response: {
    type: InteractionResponseType.ApplicationCommandAutocompleteResult,
    data: { choices: list.slice(0, 25) },
  },
});

/** A refusal or failure a member can act on, in words; an unexpected error is reported and apologised for. */
function replyToError(error: unknown, deps: InteractionDeps, fields: Record<string, unknown>): Reply {
  if (error instanceof ServiceError) return say(error.message);
  deps.onError?.(error, fields);
  return say("Something went wrong on the tournament server; the organisers can find it in its log.");
}

function options(data: { options?: readonly unknown[] } | undefined) {
  const values = new Map<string, OptionValue>();
  let focused: { name: string; value: string } | undefined;
  for (const option of (data?.options ?? []) as (APIApplicationCommandInteractionDataBasicOption & {
    focused?: boolean;
  })[]) {
    if (!("value" in option)) continue;
    values.set(option.name, option.value as OptionValue);
    if (option.focused) focused = { name: option.name, value: String(option.value) };
  }
  return { values, focused };
}

const sleep = (ms: number) =>
  new Promise<"late">((resolve) => {
    const timer = setTimeout(() => resolve("late"), ms);
    (timer as { unref?: () => void }).unref?.();
  });

/** The command's answer: inline when it comes within the budget, else deferred and edited in later. */
async function settle(
  spec: CommandSpec,
  deps: InteractionDeps,
  interaction: { application_id: string; token: string },
  work: Promise<Reply>,
): Promise<InteractionAnswer> {
  const budget = deps.inlineBudgetMs ?? 2000;
  // A budget of 0 defers everything: a local database can answer before any timer fires.
  if (!spec.deferred && budget > 0) {
    const first = await Promise.race([work, sleep(budget)]);
    if (first !== "late")
      return { response: message({ ...first, ephemeral: spec.ephemeral || first.ephemeral }) };
  }
  const later = work.then((reply) =>
    editOriginalResponse(deps.rest, interaction.application_id, interaction.token, {
      content: reply.content ?? "",
      embeds: reply.embeds ?? [],
      allowed_mentions: NO_MENTIONS,
    }),
  );
  return {
    response: {
      type: InteractionResponseType.DeferredChannelMessageWithSource,
      ...(spec.ephemeral ? { data: { flags: MessageFlags.Ephemeral } } : {}),
    },
    later,
  };
}

/** Answers a verified interaction. */
export async function answerInteraction(
  deps: InteractionDeps,
  { interaction, application, refusedOptions }: VerifiedInteraction,
): Promise<InteractionAnswer> {
  if (interaction.type === InteractionType.Ping) return { response: { type: InteractionResponseType.Pong } };
  const autocomplete = interaction.type === InteractionType.ApplicationCommandAutocomplete;
  const command = interaction.type === InteractionType.ApplicationCommand;
  if (!autocomplete && !command)
    return { response: message(say("This application has no buttons or forms.")) };
  const data = interaction.data;
  const spec = data.type === ApplicationCommandType.ChatInput ? COMMANDS[data.name] : undefined;
  const refuse = (text: string) => (autocomplete ? choices([]) : { response: message(say(text)) });
  if (!spec) return refuse(`Unknown command /${data.name}: an organiser registers the commands again.`);
  if (!application.verifiedAt) {
    return refuse("This application's commands are not registered with the tournament server yet.");
  }
  if (refusedOptions && refusedOptions.length > 0) {
    return refuse(refusedOptions.map((r) => `${r.path}: ${r.message}.`).join("\n"));
  }
  const guildId = interaction.guild_id;
  const member = interaction.member;
  if (!guildId || !member) return refuse("Use the tournament commands in a server.");

  const link = await loadGuildLink(deps, application.orgId, guildId);
  if (!link && !spec.withoutLink) {
    return refuse(
      "This server is not linked to the tournament organisation: a member with Manage Server runs /setup with the organisation's setup code.",
    );
  }
  const staffRole = link ? staffRoleOf(link, member.roles) : undefined;
  const user = member.user;
  const ctx: ServiceContext = {
    db: deps.db,
    clock: deps.clock,
    // Every interaction arrives from Discord's addresses: the member is the source, so a member
    // guessing seat codes stops only themselves.
    source: `discord:${member.user.id}`,
    actor: link
      ? guildActor(link, user.id, staffRole)
      : {
          kind: "client",
          clientId: `discord:${user.id}`,
          orgId: application.orgId,
          role: "reader",
          scopes: ["standings:read"],
        },
  };
  const { values, focused } = options(data as { options?: readonly unknown[] });
  const resolved = (data as { resolved?: { users?: Record<string, { username: string }> } }).resolved;
  const cc: CommandContext = {
    deps,
    ctx,
    links: pageLinks(deps.publicUrl),
    orgId: application.orgId,
    guildId,
    link,
    user: { id: user.id, username: user.global_name ?? user.username },
    permissions: /^\d+$/.test(member.permissions ?? "") ? BigInt(member.permissions) : 0n,
    staffRole,
    options: values,
    resolvedUsers: new Map(
      Object.entries(resolved?.users ?? {}).map(([id, u]) => [id, { username: u.username }]),
    ),
  };
  const fields = { command: data.name, guildId, orgId: application.orgId, interactionId: interaction.id };

  if (autocomplete) {
    if (!focused || !spec.complete) return choices([]);
    try {
      return choices(await spec.complete(cc, focused.name, focused.value));
    } catch (error) {
      if (!(error instanceof ServiceError)) deps.onError?.(error, fields);
      return choices([]);
    }
  }
  const work = spec.run(cc).catch((error: unknown) => replyToError(error, deps, fields));
  return settle(spec, deps, interaction, work);
}
