import { z } from "@hono/zod-openapi";
import { ORG_KINDS } from "../../../services/orgs";
import { readableText, TimeZoneSchema } from "../../openapi/common-schemas";
import { pageSchema } from "../../pagination";

const OrgTimeZoneSchema = TimeZoneSchema.nullable().openapi({
  description: "The IANA time zone its calendar days are read in; null (the default): UTC.",
  example: "Europe/Vilnius",
});

export const OrganizationSchema = z
  .object({
    id: z.string().openapi({ example: "org_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A" }),
    name: z.string().openapi({ example: "Brettspielcafé Würfelglück" }),
    kind: z.enum(ORG_KINDS).openapi({ example: "store" }),
    parentOrgId: z
      .string()
      .nullable()
      .openapi({ description: "The chain or federation above, if any.", example: "org_01JDQ6Y0…" }),
    timeZone: z.string().nullable().openapi({
      description:
        "The IANA time zone its calendar days are read in (the end of a programme exclusion, docs/rules.md#sanctions); null: UTC.",
      example: "Europe/Vilnius",
    }),
    createdAt: z.string().openapi({ example: "2026-11-30T10:00:00.000Z" }),
  })
  .openapi("Organization");

export const CreateOrganizationSchema = z
  .object({
    name: readableText(200).openapi({ example: "Brettspielcafé Würfelglück" }),
    kind: z.enum(ORG_KINDS).openapi({ example: "store" }),
    parentOrgId: z.string().min(1).max(64).optional().openapi({
      description: "Put the new organisation under a chain or federation.",
      example: "org_01JDQ6Y0…",
    }),
    timeZone: OrgTimeZoneSchema.optional(),
  })
  .strict()
  .openapi("CreateOrganization");

export const UpdateOrganizationSchema = z
  .object({ timeZone: OrgTimeZoneSchema.optional() })
  .strict()
  .openapi("UpdateOrganization", { example: { timeZone: "Europe/Vilnius" } });

export const OrganizationPageSchema = pageSchema(OrganizationSchema, "Organization");
