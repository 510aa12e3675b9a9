/**
 * The slash commands, as registered with Discord (bulk overwrite of the application's global
 * commands). Guild-only: every command acts for the organisation the server is linked to.
 */
import {
  ApplicationCommandType,
  ApplicationIntegrationType,
  InteractionContextType,
  type RESTPutAPIApplicationCommandsJSONBody,
} from "discord-api-types/v10";
import type { CommandSpec } from "./command-context";
import { approve, link } from "./link-requests";
import { confirm, dispute, mytable } from "./player-commands";
import { qualification, standings } from "./ranking-commands";
import { results, seat, setup } from "./staff-commands";

// A Map: a command named like an Object method (`constructor`) is simply unknown.
export const COMMANDS = new Map<string, CommandSpec>(
  Object.entries({
    setup,
    standings,
    qualification,
    mytable,
    link,
    approve,
    confirm,
    dispute,
    seat,
    results,
  }),
);

export const COMMAND_DEFINITIONS = [...COMMANDS].map(([name, spec]) => ({
  type: ApplicationCommandType.ChatInput as const,
  contexts: [InteractionContextType.Guild],
  integration_types: [ApplicationIntegrationType.GuildInstall],
  name,
  description: spec.description,
  ...(spec.options ? { options: spec.options } : {}),
  ...(spec.permissions ? { default_member_permissions: String(spec.permissions) } : {}),
})) satisfies RESTPutAPIApplicationCommandsJSONBody;
