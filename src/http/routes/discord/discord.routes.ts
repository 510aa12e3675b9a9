import { z } from "@hono/zod-openapi";
import { jsonBody, jsonContent, optionalJsonBody } from "../../openapi/common-schemas";
import { OrgParams } from "../../openapi/path-params";
import { routeDefinitions } from "../../openapi/route-definitions";
import { PaginationQuerySchema } from "../../pagination";
import {
  CreateSetupCodeSchema,
  DiscordGuildParamsSchema,
  GuildLinkPageSchema,
  InstallLinkSchema,
  InteractionResponseSchema,
  LinkRequestPageSchema,
  LinkRequestParamsSchema,
  LinkRequestSchema,
  SetupCodeSchema,
} from "./discord.schemas";
import { DISCORD_INTERACTIONS_PATH } from "./path";

const WHO = "Owners and organisers of the organisation itself (and the platform admin).";

const route = routeDefinitions(["Discord"]);

export const createDiscordSetupCode = route.post("/v1/orgs/{orgId}/discord/setup-codes", {
  operationId: "createDiscordSetupCode",
  summary: "Create a setup code for /setup",
  description:
    "A one-time code, valid for an hour, that links a Discord server to the organisation when a member with Manage Server adds the deployment's Discord application to it (`installUrl`) and runs `/setup code:` there. Shown once; only its hash is kept. " +
    `404 \`discord_not_configured\` when the deployment has no Discord application. ${WHO}`,
  request: {
    params: OrgParams,
    body: optionalJsonBody(CreateSetupCodeSchema, undefined, { eventId: "evt_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A" }),
  },
  responses: { 201: jsonContent(SetupCodeSchema, "The code (shown once).") },
});

export const listDiscordGuilds = route.get("/v1/orgs/{orgId}/discord/guilds", {
  operationId: "listDiscordGuilds",
  summary: "List the linked Discord servers",
  description: `Each server's event and staff roles. ${WHO}`,
  request: { params: OrgParams },
  responses: { 200: jsonContent(GuildLinkPageSchema, "Every linked server (one page).") },
});

export const unlinkDiscordGuild = route.delete("/v1/orgs/{orgId}/discord/guilds/{guildId}", {
  operationId: "unlinkDiscordGuild",
  summary: "Unlink a Discord server",
  description: `Its commands answer "not linked" from now on; linking it again needs a new setup code. ${WHO}`,
  request: { params: DiscordGuildParamsSchema },
  responses: { 204: { description: "Unlinked." } },
});

export const listDiscordLinkRequests = route.get("/v1/orgs/{orgId}/discord/link-requests", {
  operationId: "listDiscordLinkRequests",
  summary: "List players' requests to link their Discord account",
  description: "Made with `/link member-number`; oldest first. Owners and organisers (players:write).",
  request: {
    params: OrgParams,
    query: PaginationQuerySchema.extend({
      status: LinkRequestSchema.shape.status.optional().openapi({
        param: { name: "status", in: "query" },
        description: "Only this status.",
        example: "pending",
      }),
    }),
  },
  responses: { 200: jsonContent(LinkRequestPageSchema, "A page of requests.") },
});

export const approveDiscordLinkRequest = route.post(
  "/v1/orgs/{orgId}/discord/link-requests/{requestId}/approve",
  {
    operationId: "approveDiscordLinkRequest",
    summary: "Approve a link request",
    description:
      "Sets the player's `discordId` to the requester (and clears it from any other player of the organisation), audited. Needs players:write on the player's organisation, as PATCH /v1/players does.",
    request: { params: LinkRequestParamsSchema },
    responses: { 200: jsonContent(LinkRequestSchema, "The approved request.") },
  },
);

export const rejectDiscordLinkRequest = route.post(
  "/v1/orgs/{orgId}/discord/link-requests/{requestId}/reject",
  {
    operationId: "rejectDiscordLinkRequest",
    summary: "Reject a link request",
    description: "Closes the request without linking; audited. Owners and organisers (players:write).",
    request: { params: LinkRequestParamsSchema },
    responses: { 200: jsonContent(LinkRequestSchema, "The rejected request.") },
  },
);

export const receiveDiscordInteraction = route.post(DISCORD_INTERACTIONS_PATH, {
  operationId: "receiveDiscordInteraction",
  summary: "Discord's interactions endpoint",
  description:
    "Set as the Interactions Endpoint URL of the deployment's Discord application. Discord signs each request (`X-Signature-Ed25519` over `X-Signature-Timestamp` + the raw body) with the application's key (DISCORD_PUBLIC_KEY): " +
    "a bad signature, or a timestamp more than 5 minutes off, is a 401 before anything else is read; without a configured application, a 404. PING is answered PONG; commands within Discord's 3 s, " +
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
    // A reference, not the zod schema: that would parse the body before the signature over its bytes is checked.
    body: jsonBody({ $ref: "#/components/schemas/DiscordInteraction" }),
  },
  responses: { 200: jsonContent(InteractionResponseSchema, "The interaction response.") },
});

export const installDiscordApplication = route.get("/discord/install", {
  operationId: "installDiscordApplication",
  summary: "Add the Discord application to a server",
  description:
    "The link a store follows to add the deployment's application to a Discord server it manages (scope `applications.commands`: no bot user, no permissions); " +
    "then `/setup code:` with a setup code of the organisation links the server. A browser is redirected to Discord's page; a client that accepts only JSON gets its URL. " +
    "404 when the deployment has no Discord application.",
  security: [],
  responses: {
    200: jsonContent(
      InstallLinkSchema,
      "Discord's install page for the application (`Accept: application/json`).",
    ),
    302: {
      description: "To Discord's install page.",
      headers: {
        location: { schema: { type: "string" }, description: "Discord's install URL for the application." },
      },
    },
  },
});
