import { createRouter } from "../../router";
import * as handlers from "./discord.handlers";
import * as routes from "./discord.routes";

export const discordRouter = createRouter()
  .openapi(routes.createDiscordSetupCode, handlers.createDiscordSetupCodeHandler)
  .openapi(routes.listDiscordGuilds, handlers.listDiscordGuildsHandler)
  .openapi(routes.unlinkDiscordGuild, handlers.unlinkDiscordGuildHandler)
  .openapi(routes.listDiscordLinkRequests, handlers.listDiscordLinkRequestsHandler)
  .openapi(routes.approveDiscordLinkRequest, handlers.approveDiscordLinkRequestHandler)
  .openapi(routes.rejectDiscordLinkRequest, handlers.rejectDiscordLinkRequestHandler)
  .openapi(routes.installDiscordApplication, handlers.installDiscordApplicationHandler)
  .openapi(routes.receiveDiscordInteraction, handlers.receiveDiscordInteractionHandler);
