// The public face of this group: other folders import only from here.

export { COMMAND_DEFINITIONS } from "./commands";
export { createSetupCode, listGuilds, unlinkGuild } from "./guilds";
export { answerInteraction, type InteractionDeps, verifyInteraction } from "./interactions";
export { decideLinkRequest, listLinkRequests } from "./link-requests";
export {
  assertDiscordConfigured,
  type DiscordSettings,
  installUrl,
  registerCommands,
} from "./rest";
