/**
 * Discord's signed interactions (`POST /discord/interactions`): a PING gets its PONG; a command
 * runs as the linked server's narrow client (guilds.ts) and is answered within Discord's
 * 3-second deadline, at once when it is quick, else (always for a ranking) deferred and edited in
 * once the response is sent (Node: a background task; Workers: waitUntil).
 */
import {
  type APIApplicationCommandOptionChoice,
  type APIInteraction,
  type APIInteractionResponse,
  ApplicationCommandType,
  InteractionResponseType,
  InteractionType,
  MessageFlags,
  PermissionFlagsBits,
} from "discord-api-types/v10";
import { verifyKey } from "discord-interactions";
import type { Database } from "../../db/client";
import { cleanText } from "../../domain/text";
import { ServiceError } from "../errors";
import { NO_MENTIONS, pageLinks } from "../webhooks";
import { type CommandContext, type CommandSpec, isStaff, type Reply, say } from "./command-context";
import { COMMANDS } from "./commands";
import { guildActor, loadGuildLink, staffRoleOf } from "./guilds";
import { type DiscordApplication, editOriginalResponse } from "./rest";

const MANAGE_SERVER = PermissionFlagsBits.ManageGuild | PermissionFlagsBits.Administrator;

/** What answering interactions needs from the runtime. */
export interface InteractionDeps {
  db: Database;
  clock: () => Date;
  /** Base of the links to the human pages (PUBLIC_URL). */
  publicUrl?: string | undefined;
  discord: DiscordApplication;
  /** Unexpected failures: the user gets a short apology, the operator this. */
  onError?: ((error: unknown, fields: Record<string, unknown>) => void) | undefined;
  /** Runs the edit of a deferred response once the response is sent. */
  afterResponse(work: Promise<void>): void;
  /** Counts an interaction against its server's budget (the HTTP layer's rate limit), if any. */
  spendGuildBudget?: (
    guildId: string,
  ) => Promise<{ allowed: boolean; limit: number; windowSeconds: number; resetSeconds: number }>;
}

/** How old (or how far ahead of this server's clock) a signed timestamp may be: replays stop there. */
const MAX_SIGNATURE_AGE_SECONDS = 5 * 60;

const invalidSignature = (why: string) =>
  new ServiceError("unauthorized", "invalid_discord_signature", `Interaction refused: ${why}.`);

/**
 * The body, once Discord's signature over `X-Signature-Timestamp + raw body` with the
 * application's key checks out and the timestamp is fresh; throws the 401 otherwise.
 */
export async function verifyInteraction(
  discord: DiscordApplication,
  now: Date,
  body: Uint8Array,
  signature: string | undefined,
  timestamp: string | undefined,
): Promise<unknown> {
  if (!signature || !timestamp)
    throw invalidSignature("X-Signature-Ed25519 and X-Signature-Timestamp are required");
  if (!/^\d{1,12}$/.test(timestamp)) throw invalidSignature("X-Signature-Timestamp is not a Unix time");
  const age = now.getTime() / 1000 - Number(timestamp);
  if (Math.abs(age) > MAX_SIGNATURE_AGE_SECONDS) {
    throw invalidSignature(
      age > 0 ? "the signed timestamp is older than 5 minutes" : "the signed timestamp is in the future",
    );
  }
  if (!(await verifyKey(body, signature, timestamp, discord.publicKey)))
    throw invalidSignature("the signature is not the application's");
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch {
    throw new ServiceError("bad_request", "bad_request", "The interaction is not JSON.");
  }
}

const message = (reply: Reply): APIInteractionResponse => ({
  type: InteractionResponseType.ChannelMessageWithSource,
  data: { ...reply, allowed_mentions: NO_MENTIONS },
});

const choices = (list: APIApplicationCommandOptionChoice[]): APIInteractionResponse => ({
  type: InteractionResponseType.ApplicationCommandAutocompleteResult,
  data: { choices: list.slice(0, 25) },
});

const sleep = (ms: number) =>
  new Promise<"late">((resolve) => {
    setTimeout(() => resolve("late"), ms).unref?.();
  });

/** The command's answer: inline when it comes within the budget, else deferred and edited in later. */
async function settle(
  spec: CommandSpec,
  deps: InteractionDeps,
  token: string,
  work: Promise<Reply>,
): Promise<APIInteractionResponse> {
  const budget = deps.discord.inlineBudgetMs ?? 2000;
  // A budget of 0 defers everything: a local database can answer before any timer fires.
  if (!spec.deferred && budget > 0) {
    const first = await Promise.race([work, sleep(budget)]);
    if (first !== "late")
      return message(spec.inChannel ? first : { ...first, flags: MessageFlags.Ephemeral });
  }
  deps.afterResponse(
    work.then((reply) =>
      editOriginalResponse(deps.discord, token, {
        content: reply.content ?? "",
        embeds: reply.embeds ?? [],
        allowed_mentions: NO_MENTIONS,
      }),
    ),
  );
  const data = spec.inChannel ? undefined : { flags: MessageFlags.Ephemeral };
  return { type: InteractionResponseType.DeferredChannelMessageWithSource, data };
}

/** Answers a verified interaction. */
export async function answerInteraction(
  deps: InteractionDeps,
  interaction: APIInteraction,
): Promise<APIInteractionResponse> {
  if (interaction.type === InteractionType.Ping) return { type: InteractionResponseType.Pong };
  const autocomplete = interaction.type === InteractionType.ApplicationCommandAutocomplete;
  if (!autocomplete && interaction.type !== InteractionType.ApplicationCommand)
    return message(say("This application has no buttons or forms."));
  const data = interaction.data;
  const refuse = (text: string) => (autocomplete ? choices([]) : message(say(text)));
  const spec = COMMANDS.get(data.name);
  if (!spec || data.type !== ApplicationCommandType.ChatInput)
    return refuse(`Unknown command /${data.name}: the operator registers the commands again.`);
  // A member's text follows the API's text rules (domain/text.ts), as a REST body's does.
  const given = (data.options ?? []).flatMap((o) => ("value" in o ? [o] : []));
  const refused: string[] = [];
  const options = new Map(
    given.map((o) => {
      const clean = typeof o.value === "string" ? cleanText(o.value) : { text: o.value };
      if ("refused" in clean) refused.push(`${o.name}: ${clean.refused}.`);
      return [o.name, "refused" in clean ? o.value : clean.text];
    }),
  );
  if (refused.length > 0) return refuse(refused.join("\n"));
  const { guild_id: guildId, member } = interaction;
  if (!guildId || !member) return refuse("Use the tournament commands in a server.");
  const budget = await deps.spendGuildBudget?.(guildId);
  if (budget && !budget.allowed) {
    return refuse(
      `This server has sent its ${budget.limit} commands in ${budget.windowSeconds} s: try again in ${budget.resetSeconds} s.`,
    );
  }

  const link = await loadGuildLink(deps.db, guildId);
  if (!link && !spec.withoutLink) {
    return refuse(
      "This server is not linked to a tournament organisation: a member with Manage Server runs /setup with the organisation's setup code.",
    );
  }
  const staffRole = link ? staffRoleOf(link, member.roles) : undefined;
  if (spec.staff && !isStaff({ staffRole })) {
    return refuse(
      "Only tournament staff may do this: a member with Manage Server maps the staff's Discord roles with /setup organizer-role: referee-role:.",
    );
  }
  const { user } = member;
  const focused = given.find((o) => "focused" in o && o.focused)?.name;
  const cc: CommandContext = {
    ctx: {
      db: deps.db,
      clock: deps.clock,
      // Every interaction arrives from Discord's addresses: the member is the source, so a member
      // guessing seat codes stops only themselves.
      source: `discord:${user.id}`,
      actor: guildActor(link, user.id, staffRole),
    },
    links: pageLinks(deps.publicUrl),
    guildId,
    link,
    user: { id: user.id, username: user.global_name ?? user.username },
    managesServer: (BigInt(member.permissions ?? 0) & MANAGE_SERVER) !== 0n,
    staffRole,
    options,
    resolvedUsers: ("resolved" in data && data.resolved?.users) || {},
  };
  const fields = { command: data.name, guildId, orgId: link?.orgId, interactionId: interaction.id };

  if (autocomplete) {
    if (!focused || !spec.complete) return choices([]);
    try {
      return choices(await spec.complete(cc, focused, String(options.get(focused))));
    } catch (error) {
      if (!(error instanceof ServiceError)) deps.onError?.(error, fields);
      return choices([]);
    }
  }
  const work = spec.run(cc).catch((error: unknown): Reply => {
    if (error instanceof ServiceError) return say(error.message);
    deps.onError?.(error, fields);
    return say("Something went wrong on the tournament server; the organisers can find it in its log.");
  });
  return settle(spec, deps, interaction.token, work);
}
