/**
 * The slash commands, as registered with Discord (bulk overwrite of the application's global
 * commands). Guild-only: every command acts for the organisation the server is linked to.
 * Option limits repeat the API's own (a dispute reason is 3–500 characters) so Discord refuses
 * out-of-range input before it reaches this server; the server checks again.
 */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  InteractionContextType,
  PermissionFlagsBits,
  type RESTPutAPIApplicationCommandsJSONBody,
} from "discord-api-types/v10";

export const REASON_LENGTH = { min: 3, max: 500 } as const;

const guildOnly = {
  type: ApplicationCommandType.ChatInput as const,
  contexts: [InteractionContextType.Guild],
  integration_types: [ApplicationIntegrationType.GuildInstall],
};

export const COMMAND_DEFINITIONS = [
  {
    ...guildOnly,
    name: "setup",
    description: "Link this server to the tournament organisation (needs Manage Server).",
    // Hidden from members without Manage Server; the server checks the permission anyway.
    default_member_permissions: String(PermissionFlagsBits.ManageGuild),
    options: [
      {
        type: ApplicationCommandOptionType.String,
        name: "code",
        description: "The setup code from the organisation (first link only).",
        min_length: 6,
        max_length: 32,
      },
      {
        type: ApplicationCommandOptionType.String,
        name: "event",
        description: "The event this server follows ('none' to stop following one).",
        autocomplete: true,
        max_length: 64,
      },
      {
        type: ApplicationCommandOptionType.Role,
        name: "organizer-role",
        description: "Members with this role act as organisers (approve links).",
      },
      {
        type: ApplicationCommandOptionType.Role,
        name: "referee-role",
        description: "Members with this role act as referees (seating, open results).",
      },
    ],
  },
  {
    ...guildOnly,
    name: "standings",
    description: "A session's ranking.",
    options: [
      {
        type: ApplicationCommandOptionType.String,
        name: "session",
        description: "The session (default: the latest of the server's event).",
        autocomplete: true,
        max_length: 100,
      },
    ],
  },
  {
    ...guildOnly,
    name: "qualification",
    description: "The event's qualification ranking (each player's best session).",
    options: [
      {
        type: ApplicationCommandOptionType.Integer,
        name: "top",
        description: "How many rows (default 16).",
        min_value: 1,
        max_value: 50,
      },
    ],
  },
  {
    ...guildOnly,
    name: "mytable",
    description: "Where you play now or next: table, turn order, opponents.",
  },
  {
    ...guildOnly,
    name: "link",
    description: "Ask to link your Discord account to your player record.",
    options: [
      {
        type: ApplicationCommandOptionType.String,
        name: "member-number",
        description: "Your membership number.",
        required: true,
        min_length: 1,
        max_length: 64,
      },
    ],
  },
  {
    ...guildOnly,
    name: "approve",
    description: "Approve a member's request to link their account (organisers).",
    options: [
      {
        type: ApplicationCommandOptionType.User,
        name: "member",
        description: "The member who asked with /link.",
        required: true,
      },
    ],
  },
  {
    ...guildOnly,
    name: "confirm",
    description: "Confirm your table's pending result with your seat code.",
    options: [
      {
        type: ApplicationCommandOptionType.String,
        name: "code",
        description: "The code next to your name on the result sheet.",
        required: true,
        min_length: 4,
        max_length: 12,
      },
    ],
  },
  {
    ...guildOnly,
    name: "dispute",
    description: "Dispute your table's pending result with your seat code.",
    options: [
      {
        type: ApplicationCommandOptionType.String,
        name: "code",
        description: "The code next to your name on the result sheet.",
        required: true,
        min_length: 4,
        max_length: 12,
      },
      {
        type: ApplicationCommandOptionType.String,
        name: "reason",
        description: "What is wrong on the sheet.",
        required: true,
        min_length: REASON_LENGTH.min,
        max_length: REASON_LENGTH.max,
      },
    ],
  },
  {
    ...guildOnly,
    name: "seat",
    description: "Post a game's seating to this channel (referees and organisers).",
    options: [
      {
        type: ApplicationCommandOptionType.String,
        name: "game",
        description: "The game (default: the latest seated).",
        autocomplete: true,
        max_length: 100,
      },
    ],
  },
  {
    ...guildOnly,
    name: "results",
    description: "Tables still without a final result (referees and organisers).",
  },
] satisfies RESTPutAPIApplicationCommandsJSONBody;

export type CommandName = (typeof COMMAND_DEFINITIONS)[number]["name"];
export const COMMAND_NAMES = COMMAND_DEFINITIONS.map((c) => c.name) as CommandName[];
