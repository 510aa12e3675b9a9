// The public face of this group: other folders import only from here.

export type { InteractionDeps } from "./command-context";
export { COMMAND_DEFINITIONS, COMMAND_NAMES } from "./commands";
export { type GuildLinkDto, listGuilds, unlinkGuild } from "./guilds";
export {
  answerInteraction,
  type InteractionAnswer,
  type VerifiedInteraction,
  verifyInteraction,
} from "./interactions";
export { decideLinkRequest, type LinkRequestDto, listLinkRequests } from "./link-requests";
export {
  createSetupCode,
  type DiscordApplicationDto,
  deleteApplication,
  getApplication,
  registerApplication,
  registerCommands,
  SETUP_CODE_TTL_MS,
} from "./registration";
export { DISCORD_API_BASE, type DiscordRest, defaultDiscordRest } from "./rest";
export { MAX_SIGNATURE_AGE_SECONDS } from "./signature";
