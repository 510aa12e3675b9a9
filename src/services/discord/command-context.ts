import {
  type APIApplicationCommandBasicOption,
  type APIApplicationCommandOptionChoice,
  type APIInteractionResponseCallbackData,
  ApplicationCommandOptionType,
  MessageFlags,
} from "discord-api-types/v10";
import { and, asc, eq, isNull, or, type SQL } from "drizzle-orm";
import { boards, events, gameTables, rounds, sessions, tableResults } from "../../db/schema";
import type { OrgRole } from "../access";
import type { ServiceContext } from "../context";
import { foldForSearch } from "../players";
import { getTables } from "../tables";
import { cut, type PageLinks, roundLabel } from "../webhooks";
import type { GuildLink } from "./guilds";

/** A command's answer, before it becomes an interaction response or the edit of a deferred one. */
export type Reply = Pick<APIInteractionResponseCallbackData, "content" | "embeds" | "flags">;

/** A short answer only the person who ran the command sees. */
export const say = (content: string): Reply => ({ content, flags: MessageFlags.Ephemeral });

export const noEvent = say("This server follows no event: an organiser sets one with /setup event:.");

/** Everything a command handler may use: the request's service context acts as the server's client. */
export interface CommandContext {
  ctx: ServiceContext;
  links: PageLinks;
  guildId: string;
  /** The server's link; undefined only for `/setup` (withoutLink) in a server not linked yet. */
  link: GuildLink | undefined;
  user: { id: string; username: string };
  /** The member has Manage Server (or Administrator) where they ran the command. */
  managesServer: boolean;
  staffRole: OrgRole | undefined;
  options: Map<string, string | number | boolean>;
  /** Users named by User options, by id. */
  resolvedUsers: Record<string, { username: string }>;
}

/**
 * A slash command: its definition as registered with Discord (commands.ts) and its handler.
 * Option limits repeat the API's own (a dispute reason is 3–500 characters) so Discord refuses
 * out-of-range input before it reaches this server; the server checks again.
 */
export interface CommandSpec {
  description: string;
  options?: APIApplicationCommandBasicOption[];
  /** Hidden from members without these permissions; the command checks them anyway. */
  permissions?: bigint;
  /** Everyone in the channel sees the answer; else only the person who ran the command. */
  inChannel?: boolean;
  /** Always answered through a deferred response (a ranking is built). */
  deferred?: boolean;
  /** Runs in a server that is not linked yet (`/setup`). */
  withoutLink?: boolean;
  /** Only for tournament staff: members holding a Discord role mapped to an organisation role. */
  staff?: boolean;
  run(cc: CommandContext): Promise<Reply>;
  /** Choices for the focused option while the member types. */
  complete?(cc: CommandContext, option: string, typed: string): Promise<APIApplicationCommandOptionChoice[]>;
}

/** An option of `type`; `more` holds its limits (min_length, autocomplete, …) as Discord names them. */
const option =
  (type: ApplicationCommandOptionType) =>
  (name: string, description: string, more: object = {}) =>
    ({ type, name, description, ...more }) as APIApplicationCommandBasicOption;
export const text = option(ApplicationCommandOptionType.String);
export const integer = option(ApplicationCommandOptionType.Integer);
export const role = option(ApplicationCommandOptionType.Role);
export const user = option(ApplicationCommandOptionType.User);

export const isStaff = (cc: Pick<CommandContext, "staffRole">) =>
  cc.staffRole === "owner" || cc.staffRole === "organizer" || cc.staffRole === "referee";

/** The organisation of the server's link: every command but `/setup` runs in a linked server. */
export const orgOf = (cc: CommandContext) => cc.link!.orgId;

/** A text option's value (trimmed by the text rules), undefined when it is absent or empty. */
export function stringOption(cc: CommandContext, name: string): string | undefined {
  const value = cc.options.get(name);
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** A game as members name it: `Session · Game 2`, or the round's label alone. */
export const gameName = (r: { sessionName?: string | null | undefined; kind: string; number: number }) =>
  [r.sessionName, roundLabel(r.kind, r.number)].filter(Boolean).join(" · ");

/** Case- and accent-insensitive "contains" (as players' names are searched), for what a member typed. */
export const matches = (text: string, typed: string) => foldForSearch(text).includes(foldForSearch(typed));

/**
 * Autocomplete choices: the items whose `text` contains what the member typed (all when nothing
 * is typed), named by `label` cut to Discord's 100 characters, valued by their id.
 */
export function choicesOf<T extends { id: string }>(
  items: readonly T[],
  typed: string,
  text: (item: T) => string,
  label = text,
): APIApplicationCommandOptionChoice[] {
  return items
    .filter((item) => !typed || matches(text(item), typed))
    .map((item) => ({ name: cut(label(item), 100), value: item.id }));
}

/**
 * Tables without a final result (none yet, or a pending sheet) among those `where` picks, oldest
 * game first, at most `limit`, with what names them and whether their round has a board; only
 * those the server may read are kept, each with its view.
 */
export async function openTables(cc: CommandContext, where: SQL | undefined, limit: number) {
  const rows = await cc.ctx.db
    .select({
      tableId: gameTables.id,
      roundId: rounds.id,
      eventName: events.name,
      sessionName: sessions.name,
      kind: rounds.kind,
      number: rounds.number,
      board: boards.roundId,
    })
    .from(gameTables)
    .innerJoin(rounds, eq(rounds.id, gameTables.roundId))
    .innerJoin(events, eq(events.id, rounds.eventId))
    .leftJoin(sessions, eq(sessions.id, rounds.sessionId))
    .leftJoin(tableResults, eq(tableResults.tableId, gameTables.id))
    .leftJoin(boards, eq(boards.roundId, rounds.id))
    .where(and(where, or(isNull(tableResults.status), eq(tableResults.status, "pending"))))
    .orderBy(asc(rounds.createdAt), asc(rounds.id), asc(gameTables.number))
    .limit(limit);
  if (rows.length === 0) return [];
  const ids = rows.map((t) => t.tableId);
  const views = await getTables(cc.ctx, ids);
  return rows.flatMap((t) => {
    const view = views.get(t.tableId);
    return view && !(view instanceof Error) ? [{ ...t, view }] : [];
  });
}
