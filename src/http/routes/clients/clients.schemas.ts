import { z } from "@hono/zod-openapi";
import { ORG_ROLES, ROLES } from "../../../services/access";
import { MAX_RATE_LIMIT_FACTOR } from "../../../services/auth";
import { idParam, readableText } from "../../openapi/common-schemas";
import { OrgParams } from "../../openapi/path-params";
import { pageSchema } from "../../pagination";

export const ClientParamsSchema = OrgParams.extend({
  clientId: idParam("clientId", "cli", "The API client."),
});

/** The event (and session) a client or a device is limited to, as answers show it. */
export const limitSchema = (name: string) =>
  z
    .object({
      eventId: z.string().openapi({ example: "evt_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A" }),
      sessionId: z.string().optional().openapi({ example: "ses_01JDQ7B2K9W4X6Z8A0C2E4G6J8" }),
    })
    .openapi(name);

/** The limit a client or a device is made with: one event or one session, or none. */
export const limitInput = (description: string) =>
  z
    .union([
      z.object({ eventId: z.string().min(1).max(64) }).strict(),
      z.object({ sessionId: z.string().min(1).max(64) }).strict(),
    ])
    .nullish()
    .openapi({ description, example: { sessionId: "ses_01JDQ7B2K9W4X6Z8A0C2E4G6J8" } });

const ClientLimitSchema = limitSchema("ClientLimit");

export const ApiClientSchema = z
  .object({
    clientId: z.string().openapi({ example: "cli_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A" }),
    orgId: z
      .string()
      .nullable()
      .openapi({ description: "Null only for platform admins.", example: "org_01JDQ6Y0…" }),
    name: z.string().openapi({ example: "Discord bot" }),
    role: z.enum(ROLES).openapi({ example: "reporter" }),
    scope: ClientLimitSchema.nullable().openapi({
      description: "Null, or the one event (or session, with its event) this client may act on.",
    }),
    rateLimitFactor: z
      .number()
      .int()
      .openapi({
        description:
          "The client's rate limits in multiples of each policy's: 1, unless a platform admin raised it " +
          "(then the client is counted on that quota alone, not its organisation's).",
        example: 1,
      }),
    createdAt: z.string().openapi({ example: "2026-11-30T10:00:00.000Z" }),
    revokedAt: z
      .string()
      .nullable()
      .openapi({ description: "Set once revoked: no new tokens, existing tokens refused.", example: null }),
  })
  .openapi("ApiClient", { description: "An API client. Its secret is never returned after creation." });

export const ApiClientCredentialsSchema = ApiClientSchema.extend({
  clientSecret: z.string().openapi({
    description: "Shown only in this response; only a hash is stored. Keep it in a secret store.",
    example: "cs_9wQ1nq0x8…",
  }),
}).openapi("ApiClientCredentials");

export const CreateApiClientSchema = z
  .object({
    name: readableText(200).openapi({ example: "Discord bot" }),
    role: z.enum(ORG_ROLES).openapi({ example: "reporter" }),
    scope: limitInput(
      "Limit the client to one event (`{eventId}`: e.g. a bot reporting one event's results) or one session " +
        "(`{sessionId}`: e.g. a volunteer's tablet). The event must be the organisation's or have a session it " +
        "hosts; the session must be of the organisation's event or hosted by it. Fixed at creation.",
    ),
  })
  .strict()
  .openapi("CreateApiClient");

export const ApiClientPageSchema = pageSchema(ApiClientSchema, "ApiClient");

export const SetClientRateLimitSchema = z
  .object({
    factor: z
      .number()
      .int()
      .min(1)
      .max(MAX_RATE_LIMIT_FACTOR)
      .openapi({
        description: `Every rate limit of this client times this (1 to ${MAX_RATE_LIMIT_FACTOR}); 1 gives it back to its organisation's budget.`,
        example: 5,
      }),
  })
  .strict()
  .openapi("SetClientRateLimit", { example: { factor: 5 } });
