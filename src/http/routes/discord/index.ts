import { createRouter } from "../../router";
import {
  approveDiscordLinkRequestHandler,
  createDiscordSetupCodeHandler,
  deleteDiscordApplicationHandler,
  getDiscordApplicationHandler,
  listDiscordGuildsHandler,
  listDiscordLinkRequestsHandler,
  receiveDiscordInteractionHandler,
  registerDiscordApplicationHandler,
  registerDiscordCommandsHandler,
  rejectDiscordLinkRequestHandler,
  unlinkDiscordGuildHandler,
} from "./discord.handlers";
import {
  approveDiscordLinkRequest,
  createDiscordSetupCode,
  deleteDiscordApplication,
  getDiscordApplication,
  listDiscordGuilds,
  listDiscordLinkRequests,
  receiveDiscordInteraction,
  registerDiscordApplication,
  registerDiscordCommands,
  rejectDiscordLinkRequest,
  unlinkDiscordGuild,
} from "./discord.routes";

export const discordRouter = createRouter()
  .openapi(registerDiscordApplication, registerDiscordApplicationHandler)
  .openapi(getDiscordApplication, getDiscordApplicationHandler)
  .openapi(deleteDiscordApplication, deleteDiscordApplicationHandler)
  .openapi(registerDiscordCommands, registerDiscordCommandsHandler)
  .openapi(createDiscordSetupCode, createDiscordSetupCodeHandler)
  .openapi(listDiscordGuilds, listDiscordGuildsHandler)
  .openapi(unlinkDiscordGuild, unlinkDiscordGuildHandler)
  .openapi(listDiscordLinkRequests, listDiscordLinkRequestsHandler)
  .openapi(approveDiscordLinkRequest, approveDiscordLinkRequestHandler)
  .openapi(rejectDiscordLinkRequest, rejectDiscordLinkRequestHandler)
  .openapi(receiveDiscordInteraction, receiveDiscordInteractionHandler);
