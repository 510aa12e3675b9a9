import { z } from "@hono/zod-openapi";
import { ORG_ROLES, ROLES } from "../../../services/access";
import { pageSchema } from "../../pagination";
import { OrgIdSchema } from "../orgs/orgs.schemas";

export const ClientParamsSchema = z.object({
  orgId: OrgIdSchema,
  clientId: z
    .string()
    .min(1)
    .max(64)
    .openapi({
      param: { name: "clientId", in: "path" },
      description: "The API client.",
      example: "cli_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A",
    }),
});

export const ApiClientSchema = z
  .object({
    clientId: z.string().openapi({ example: "cli_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A" }),
    orgId: z
      .string()
      .nullable()
      .openapi({ description: "Null only for platform admins.", example: "org_01JDQ6Y0…" }),
    name: z.string().openapi({ example: "Discord bot" }),
    role: z.enum(ROLES).openapi({ example: "reporter" }),
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
    name: z.string().trim().min(1).max(200).openapi({ example: "Discord bot" }),
    role: z.enum(ORG_ROLES).openapi({ example: "reporter" }),
  })
  .strict()
  .openapi("CreateApiClient");

export const ApiClientPageSchema = pageSchema(ApiClientSchema, "ApiClient");
