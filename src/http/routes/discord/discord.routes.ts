import { createRoute, z } from "@hono/zod-openapi";
import { BEARER, jsonContent } from "../../openapi/common-schemas";
import { PaginationQuerySchema } from "../../pagination";
import {
  CreateSetupCodeSchema,
  DiscordApplicationSchema,
  DiscordGuildParamsSchema,
  DiscordParamsSchema,
  GuildLinkPageSchema,
  InteractionBodyDoc,
  InteractionResponseSchema,
  LinkRequestPageSchema,
  LinkRequestParamsSchema,
  LinkRequestSchema,
  RegisterCommandsSchema,
  RegisterDiscordApplicationSchema,
  RegisteredCommandsSchema,
  SetupCodeSchema,
} from "./discord.schemas";
import { DISCORD_INTERACTIONS_PATH } from "./path";

const TAGS = ["Discord"];
const WHO = "Owners and organisers of the organisation itself (and the platform admin).";

export const registerDiscordApplication = createRoute({
  method: "put",
  path: "/v1/orgs/{orgId}/discord",
  operationId: "registerDiscordApplication",
  tags: TAGS,
  summary: "Register the organisation's Discord application",
  description:
    "The Application ID and Public Key from Discord's developer portal (neither is secret). A new id or key must be verified again by registering the commands. " +
    `An id another organisation has verified is refused. Answer: the registration with the URL to paste as the Interactions Endpoint URL. ${WHO}`,
  security: BEARER,
  request: {
    params: DiscordParamsSchema,
    body: {
      required: true,
      description: "The application's id and public key.",
      content: {
        "application/json": {
          schema: RegisterDiscordApplicationSchema,
          example: {
            applicationId: "1234567890123456789",
            publicKey: "7f3a9c0e1b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c4e6b8d0f2a4c6e8b0d2f4a",
          },
        },
      },
    },
  },
  responses: {
    200: jsonContent(DiscordApplicationSchema, "The registration (replaced)."),
    201: jsonContent(DiscordApplicationSchema, "The registration (new)."),
  },
});

export const getDiscordApplication = createRoute({
  method: "get",
  path: "/v1/orgs/{orgId}/discord",
  operationId: "getDiscordApplication",
  tags: TAGS,
  summary: "Get the organisation's Discord application",
  description: `Its id, public key, interactions URL and whether it is verified. ${WHO}`,
  security: BEARER,
  request: { params: DiscordParamsSchema },
  responses: { 200: jsonContent(DiscordApplicationSchema, "The registration.") },
});

export const deleteDiscordApplication = createRoute({
  method: "delete",
  path: "/v1/orgs/{orgId}/discord",
  operationId: "deleteDiscordApplication",
  tags: TAGS,
  summary: "Remove the organisation's Discord application",
  description: `Interactions signed by it are refused from now on (the commands stay registered at Discord until replaced). ${WHO}`,
  security: BEARER,
  request: { params: DiscordParamsSchema },
  responses: { 204: { description: "Removed." } },
});

export const registerDiscordCommands = createRoute({
  method: "post",
  path: "/v1/orgs/{orgId}/discord/commands",
  operationId: "registerDiscordCommands",
  tags: TAGS,
  summary: "Register the slash commands with Discord",
  description:
    "Asks Discord who the bot token belongs to (it must be the registered application, with the registered key: that verifies the registration), then replaces the application's global commands. " +
    `The token is used for these two calls only: never stored, never shown again. 502 when Discord cannot be reached. ${WHO}`,
  security: BEARER,
  request: {
    params: DiscordParamsSchema,
    body: {
      required: true,
      description: "The bot token, for this request only.",
      content: {
        "application/json": {
          schema: RegisterCommandsSchema,
          example: { botToken: "MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.Gx1y2z.abcdefghijklmnopqrstuvwxyz0123456789AB" },
        },
      },
    },
  },
  responses: {
    200: jsonContent(RegisteredCommandsSchema, "The verified registration and the commands Discord now has."),
  },
});

export const createDiscordSetupCode = createRoute({
  method: "post",
  path: "/v1/orgs/{orgId}/discord/setup-codes",
  operationId: "createDiscordSetupCode",
  tags: TAGS,
  summary: "Create a setup code for /setup",
  description:
    "A one-time code, valid for an hour, that links a Discord server to the organisation when a member with Manage Server runs `/setup code:` there. Shown once; only its hash is kept. " +
    WHO,
  security: BEARER,
  request: {
    params: DiscordParamsSchema,
    body: {
      required: false,
      content: {
        "application/json": {
          schema: CreateSetupCodeSchema,
          example: { eventId: "evt_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A" },
        },
      },
    },
  },
  responses: { 201: jsonContent(SetupCodeSchema, "The code (shown once).") },
});

export const listDiscordGuilds = createRoute({
  method: "get",
  path: "/v1/orgs/{orgId}/discord/guilds",
  operationId: "listDiscordGuilds",
  tags: TAGS,
  summary: "List the linked Discord servers",
  description: `Each server's event and staff roles. ${WHO}`,
  security: BEARER,
  request: { params: DiscordParamsSchema },
  responses: { 200: jsonContent(GuildLinkPageSchema, "Every linked server (one page).") },
});

export const unlinkDiscordGuild = createRoute({
  method: "delete",
  path: "/v1/orgs/{orgId}/discord/guilds/{guildId}",
  operationId: "unlinkDiscordGuild",
  tags: TAGS,
  summary: "Unlink a Discord server",
  description: `Its commands answer "not linked" from now on; linking it again needs a new setup code. ${WHO}`,
  security: BEARER,
  request: { params: DiscordGuildParamsSchema },
  responses: { 204: { description: "Unlinked." } },
});

export const listDiscordLinkRequests = createRoute({
  method: "get",
  path: "/v1/orgs/{orgId}/discord/link-requests",
  operationId: "listDiscordLinkRequests",
  tags: TAGS,
  summary: "List players' requests to link their Discord account",
  description: "Made with `/link member-number`; oldest first. Owners and organisers (players:write).",
  security: BEARER,
  request: {
    params: DiscordParamsSchema,
    query: PaginationQuerySchema.extend({
      status: z
        .enum(["pending", "approved", "rejected"])
        .optional()
        .openapi({
          param: { name: "status", in: "query" },
          description: "Only this status.",
          example: "pending",
        }),
    }),
  },
  responses: { 200: jsonContent(LinkRequestPageSchema, "A page of requests.") },
});

export const approveDiscordLinkRequest = createRoute({
  method: "post",
  path: "/v1/orgs/{orgId}/discord/link-requests/{requestId}/approve",
  operationId: "approveDiscordLinkRequest",
  tags: TAGS,
  summary: "Approve a link request",
  description:
    "Sets the player's `discordId` to the requester (and clears it from any other player of the organisation), audited. Needs players:write on the player's organisation, as PATCH /v1/players does.",
  security: BEARER,
  request: { params: LinkRequestParamsSchema },
  responses: { 200: jsonContent(LinkRequestSchema, "The approved request.") },
});

export const rejectDiscordLinkRequest = createRoute({
  method: "post",
  path: "/v1/orgs/{orgId}/discord/link-requests/{requestId}/reject",
  operationId: "rejectDiscordLinkRequest",
  tags: TAGS,
  summary: "Reject a link request",
  description: "Closes the request without linking; audited. Owners and organisers (players:write).",
  security: BEARER,
  request: { params: LinkRequestParamsSchema },
  responses: { 200: jsonContent(LinkRequestSchema, "The rejected request.") },
});

export const receiveDiscordInteraction = createRoute({
  method: "post",
  path: DISCORD_INTERACTIONS_PATH,
  operationId: "receiveDiscordInteraction",
  tags: TAGS,
  summary: "Discord's interactions endpoint",
  description:
    "Set as the application's Interactions Endpoint URL. Discord signs each request (`X-Signature-Ed25519` over `X-Signature-Timestamp` + the raw body) with the application's key: " +
    "a bad signature, or a timestamp more than 5 minutes off, is a 401 before anything else is read. PING is answered PONG; commands within Discord's 3 s, " +
    "deferred (type 5) and completed through the interaction webhook when they take longer (rankings always).",
  security: [],
  request: {
    headers: z.object({
      "x-signature-ed25519": z
        .string()
        .optional()
        .openapi({ description: "Discord's Ed25519 signature (hex) of timestamp + body." }),
      "x-signature-timestamp": z.string().optional().openapi({ description: "Unix time of the signature." }),
    }),
    body: {
      required: true,
      content: { "application/json": { schema: InteractionBodyDoc, example: InteractionBodyDoc.example } },
    },
  },
  responses: { 200: jsonContent(InteractionResponseSchema, "The interaction response.") },
});
