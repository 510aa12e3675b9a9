import { createRouter } from "../../router";
import {
  approveDiscordLinkRequestHandler,
  createDiscordSetupCodeHandler,
  installDiscordApplicationHandler,
  listDiscordGuildsHandler,
  listDiscordLinkRequestsHandler,
  receiveDiscordInteractionHandler,
  rejectDiscordLinkRequestHandler,
  unlinkDiscordGuildHandler,
} from "./discord.handlers";
import {
  approveDiscordLinkRequest,
  createDiscordSetupCode,
  installDiscordApplication,
  listDiscordGuilds,
  listDiscordLinkRequests,
  receiveDiscordInteraction,
  rejectDiscordLinkRequest,
  unlinkDiscordGuild,
} from "./discord.routes";

export const discordRouter = createRouter()
  .openapi(createDiscordSetupCode, createDiscordSetupCodeHandler)
  .openapi(listDiscordGuilds, listDiscordGuildsHandler)
  .openapi(unlinkDiscordGuild, unlinkDiscordGuildHandler)
  .openapi(listDiscordLinkRequests, listDiscordLinkRequestsHandler)
  .openapi(approveDiscordLinkRequest, approveDiscordLinkRequestHandler)
  .openapi(rejectDiscordLinkRequest, rejectDiscordLinkRequestHandler)
  .openapi(installDiscordApplication, installDiscordApplicationHandler)
  .openapi(receiveDiscordInteraction, receiveDiscordInteractionHandler);
