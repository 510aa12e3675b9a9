import { z } from "@hono/zod-openapi";
import { idParam } from "../../openapi/common-schemas";
import { OrgParams } from "../../openapi/path-params";
import { pageSchema } from "../../pagination";

const APPLICATION_ID = "1234567890123456789";
const INSTALL_URL = `https://discord.com/api/v10/oauth2/authorize?client_id=${APPLICATION_ID}&scope=applications.commands&integration_type=0`;

export const DiscordGuildParamsSchema = OrgParams.extend({
  guildId: z
    .string()
    .regex(/^\d{15,21}$/, "a Discord id: 15 to 21 digits")
    .openapi({
      param: { name: "guildId", in: "path" },
      description: "The Discord server.",
      example: "987654321098765432",
    }),
});

export const LinkRequestParamsSchema = OrgParams.extend({
  requestId: idParam("requestId", "dlr", "The link request."),
});

export const CreateSetupCodeSchema = z
  .object({
    eventId: z.string().min(1).max(64).nullable().optional().openapi({
      description: "The event the server follows once linked (it can change it later with /setup event:).",
      example: "evt_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A",
    }),
  })
  .strict()
  .openapi("CreateDiscordSetupCode");

export const SetupCodeSchema = z
  .object({
    code: z.string().openapi({
      description: "Shown once: a member with Manage Server runs `/setup code:` with it within the hour.",
      example: "7K2M-Q9XT-4HBN",
    }),
    expiresAt: z.string().openapi({ example: "2026-11-30T11:00:00.000Z" }),
    eventId: z.string().nullable().openapi({ example: "evt_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A" }),
    installUrl: z.string().openapi({
      description:
        "Where a member with Manage Server adds the deployment's Discord application to the server first.",
      example: INSTALL_URL,
    }),
  })
  .openapi("DiscordSetupCode");

export const InstallLinkSchema = z
  .object({ installUrl: z.string().openapi({ example: INSTALL_URL }) })
  .openapi("DiscordInstallLink");

const GuildLinkSchema = z
  .object({
    guildId: z.string().openapi({ example: "987654321098765432" }),
    eventId: z.string().nullable().openapi({ example: "evt_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A" }),
    staffRoles: z.record(z.string(), z.string()).openapi({
      description: "Discord role id → the organisation role its members act with in the staff commands.",
      example: { "112233445566778899": "organizer", "223344556677889900": "referee" },
    }),
    linkedBy: z
      .string()
      .openapi({ description: "The Discord user who ran /setup last.", example: "111111111111111111" }),
    createdAt: z.string().openapi({ example: "2026-11-30T10:10:00.000Z" }),
    updatedAt: z.string().openapi({ example: "2026-11-30T10:10:00.000Z" }),
  })
  .openapi("DiscordGuildLink");

export const GuildLinkPageSchema = pageSchema(GuildLinkSchema, "DiscordGuildLink");

export const LinkRequestSchema = z
  .object({
    id: z.string().openapi({ example: "dlr_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A" }),
    guildId: z.string().openapi({ example: "987654321098765432" }),
    discordUserId: z.string().openapi({ example: "111111111111111111" }),
    discordUsername: z.string().openapi({ example: "ruta_plays" }),
    player: z.object({
      id: z.string().openapi({ example: "ply_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A" }),
      name: z.string().openapi({ example: "Rūta Kazlauskienė" }),
      externalId: z.string().nullable().openapi({ example: "LT-0042" }),
      discordId: z.string().nullable().openapi({ example: null }),
    }),
    status: z.enum(["pending", "approved", "rejected"]),
    decidedBy: z.string().nullable().openapi({ example: null }),
    decidedAt: z.string().nullable().openapi({ example: null }),
    createdAt: z.string().openapi({ example: "2026-11-30T10:20:00.000Z" }),
  })
  .openapi("DiscordLinkRequest");

export const LinkRequestPageSchema = pageSchema(LinkRequestSchema, "DiscordLinkRequest");

export const InteractionResponseSchema = z
  .object({
    type: z.number().int().openapi({
      description:
        "1 PONG, 4 a message, 5 a deferred message (the answer follows by editing it), 8 autocomplete choices.",
    }),
    data: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi("DiscordInteractionResponse", {
    example: { type: 4, data: { content: "No result is waiting for your confirmation.", flags: 64 } },
  });

/**
 * The fields of an interaction the commands read (discord-api-types `APIInteraction`): the body's
 * documentation, checked only after the signature. Discord sends these shapes, so anything else is a malformed request (400), never a command that
 * fails halfway. The commands have no subcommands: nested options are not read.
 */
const Snowflake = z.string().regex(/^\d{1,20}$/, "a Discord id (digits)");
const InteractionUser = z.looseObject({
  id: Snowflake,
  username: z.string().min(1).max(64),
  global_name: z.string().max(64).nullable().optional(),
});
export const InteractionSchema = z
  .looseObject({
    id: z.string().min(1).max(32),
    application_id: Snowflake,
    type: z.number().int().min(1).max(5),
    token: z.string().min(1).max(500),
    guild_id: Snowflake.optional(),
    member: z
      .looseObject({
        user: InteractionUser,
        roles: z.array(Snowflake).max(250),
        permissions: z.string().regex(/^\d+$/, "a permission bitfield (digits)").optional(),
      })
      .optional(),
    data: z
      .looseObject({
        name: z.string().min(1).max(32),
        type: z.number().int().min(1).max(5),
        options: z
          .array(
            z.looseObject({
              name: z.string().min(1).max(32),
              type: z.number().int().min(1).max(11),
              value: z.union([z.string().max(6000), z.number(), z.boolean()]).optional(),
              focused: z.boolean().optional(),
            }),
          )
          .max(25)
          .optional(),
        resolved: z.looseObject({ users: z.record(Snowflake, InteractionUser).optional() }).optional(),
      })
      .optional(),
  })
  .refine((i) => i.type === 1 || i.type === 3 || i.type === 5 || i.data !== undefined, {
    message: "a command or an autocomplete has data",
    path: ["data"],
  })
  .openapi("DiscordInteraction", {
    description:
      "A Discord interaction (discord-api-types `APIInteraction`), signed by Discord: PING (type 1), a slash command (2) or an autocomplete (4).",
    example: { id: "1300000000000000000", application_id: APPLICATION_ID, type: 1, token: "…", version: 1 },
  });
