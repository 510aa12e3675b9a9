/**
 * The slash commands, as registered with Discord (bulk overwrite of the application's global
 * commands). Guild-only: every command acts for the organisation the server is linked to.
 * Option limits repeat the API's own (a dispute reason is 3–500 characters) so Discord refuses
 * out-of-range input before it reaches this server; the server checks again.
 */
import {
  type APIApplicationCommandBasicOption,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  InteractionContextType,
  PermissionFlagsBits,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  type RESTPutAPIApplicationCommandsJSONBody,
} from "discord-api-types/v10";

export const REASON_LENGTH = { min: 3, max: 500 } as const;

/** An option of `type`; `more` holds its limits (min_length, autocomplete, …) as Discord names them. */
const option =
  (type: ApplicationCommandOptionType) =>
  (name: string, description: string, more: object = {}) =>
    ({ type, name, description, ...more }) as APIApplicationCommandBasicOption;
const text = option(ApplicationCommandOptionType.String);
const integer = option(ApplicationCommandOptionType.Integer);
const role = option(ApplicationCommandOptionType.Role);
const user = option(ApplicationCommandOptionType.User);
const seatCode = text("code", "The code next to your name on the result sheet.", {
  required: true,
  min_length: 4,
  max_length: 12,
});

/** A chat command of a server (guild-only install and context). */
const command = <Name extends string>(
  name: Name,
  description: string,
  options?: APIApplicationCommandBasicOption[],
  more: Partial<RESTPostAPIChatInputApplicationCommandsJSONBody> = {},
) => ({
  type: ApplicationCommandType.ChatInput as const,
  contexts: [InteractionContextType.Guild],
  integration_types: [ApplicationIntegrationType.GuildInstall],
  name,
  description,
  ...(options ? { options } : {}),
  ...more,
});

export const COMMAND_DEFINITIONS = [
  command(
    "setup",
    "Link this server to the tournament organisation (needs Manage Server).",
    [
      text("code", "The setup code from the organisation (first link only).", {
        min_length: 6,
        max_length: 32,
      }),
      text("event", "The event this server follows ('none' to stop following one).", {
        autocomplete: true,
        max_length: 64,
      }),
      role("organizer-role", "Members with this role act as organisers (approve links)."),
      role("referee-role", "Members with this role act as referees (seating, open results)."),
    ],
    // Hidden from members without Manage Server; the server checks the permission anyway.
    { default_member_permissions: String(PermissionFlagsBits.ManageGuild) },
  ),
  command("standings", "A session's ranking.", [
    text("session", "The session (default: the latest of the server's event).", {
      autocomplete: true,
      max_length: 100,
    }),
  ]),
  command("qualification", "The event's qualification ranking (each player's best session).", [
    integer("top", "How many rows (default 16).", { min_value: 1, max_value: 50 }),
  ]),
  command("mytable", "Where you play now or next: table, turn order, opponents."),
  command("link", "Ask to link your Discord account to your player record.", [
    text("member-number", "Your membership number.", { required: true, min_length: 1, max_length: 64 }),
  ]),
  command("approve", "Approve a member's request to link their account (organisers).", [
    user("member", "The member who asked with /link.", { required: true }),
  ]),
  command("confirm", "Confirm your table's pending result with your seat code.", [seatCode]),
  command("dispute", "Dispute your table's pending result with your seat code.", [
    seatCode,
    text("reason", "What is wrong on the sheet.", {
      required: true,
      min_length: REASON_LENGTH.min,
      max_length: REASON_LENGTH.max,
    }),
  ]),
  command("seat", "Post a game's seating to this channel (referees and organisers).", [
    text("game", "The game (default: the latest seated).", { autocomplete: true, max_length: 100 }),
  ]),
  command("results", "Tables still without a final result (referees and organisers)."),
] satisfies RESTPutAPIApplicationCommandsJSONBody;
