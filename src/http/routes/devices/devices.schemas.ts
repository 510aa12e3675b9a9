import { z } from "@hono/zod-openapi";
import { ORG_ROLES } from "../../../services/access";
import { DEVICE_SESSION_HOURS, PAIRING_MINUTES } from "../../../services/auth";
import { idParam, readableText } from "../../openapi/common-schemas";
import { OrgParams } from "../../openapi/path-params";
import { pageSchema } from "../../pagination";
import { limitInput, limitSchema } from "../clients/clients.schemas";

const DeviceLimitSchema = limitSchema("DeviceLimit");

export const CreatePairingSchema = z
  .object({
    name: readableText(200).openapi({
      description: "What the device is called in the list of devices and of clients.",
      example: "Phone 1",
    }),
    role: z.enum(ORG_ROLES).openapi({
      description: "The device's role: at most the caller's own.",
      example: "reporter",
    }),
    scope: limitInput(
      "Limit the device to one event or one session, as a client's `scope`. A caller limited itself pairs " +
        "devices limited within its own limit.",
    ),
    expiresInMinutes: z
      .number()
      .int()
      .min(1)
      .max(PAIRING_MINUTES.max)
      .optional()
      .openapi({
        description: `How long the code waits for its device (default ${PAIRING_MINUTES.default}).`,
        example: 10,
      }),
    sessionHours: z
      .number()
      .int()
      .min(1)
      .max(DEVICE_SESSION_HOURS.max)
      .optional()
      .openapi({
        description: `How long the device stays signed in once paired (default ${DEVICE_SESSION_HOURS.default}).`,
        example: 16,
      }),
  })
  .strict()
  .openapi("CreatePairing");

export const PairingSchema = z
  .object({
    id: z.string().openapi({ example: "dpr_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A" }),
    orgId: z.string().openapi({ example: "org_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A" }),
    name: z.string().openapi({ example: "Phone 1" }),
    role: z.enum(ORG_ROLES).openapi({ example: "reporter" }),
    scope: DeviceLimitSchema.nullable(),
    code: z.string().openapi({
      description: "The one-time code, shown only in this answer (only its hash is stored).",
      example: "7K3M-Q9XD-2B4R",
    }),
    url: z.string().openapi({
      description: "The console's page that redeems the code: what the QR code shows.",
      example: "https://catan.example/console/pair?code=7K3M-Q9XD-2B4R",
    }),
    expiresAt: z.string().openapi({ example: "2026-12-05T09:10:00.000Z" }),
    sessionHours: z.number().int().openapi({ example: 16 }),
    createdAt: z.string().openapi({ example: "2026-12-05T09:00:00.000Z" }),
  })
  .openapi("Pairing");

export const RedeemPairingSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(4)
      .max(40)
      .openapi({ description: "The pairing code, with or without its dashes.", example: "7K3M-Q9XD-2B4R" }),
  })
  .strict()
  .openapi("RedeemPairing");

export const DeviceSessionSchema = z
  .object({
    id: z.string().openapi({ example: "dvs_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A" }),
    clientId: z.string().openapi({
      description: "The device's own client: revoking it ends the session at once.",
      example: "cli_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A",
    }),
    orgId: z.string().openapi({ example: "org_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A" }),
    name: z.string().openapi({ example: "Phone 1" }),
    role: z.enum(ORG_ROLES).openapi({ example: "reporter" }),
    scope: DeviceLimitSchema.nullable(),
    userAgent: z.string().nullable().openapi({ example: "Mozilla/5.0 (iPhone; …)" }),
    pairedBy: z.string().openapi({
      description: "The client that made the pairing code (`system`: the CLI).",
      example: "cli_01JDQ6Z8G4ZK3V1D6Y2N5C7B9A",
    }),
    createdAt: z.string().openapi({ example: "2026-12-05T09:01:00.000Z" }),
    expiresAt: z.string().openapi({ example: "2026-12-06T01:01:00.000Z" }),
    revokedAt: z.string().nullable().openapi({
      description: "When the session or its client was revoked (then it signs nobody in).",
      example: null,
    }),
  })
  .openapi("DeviceSession");

export const DeviceSessionPageSchema = pageSchema(DeviceSessionSchema, "DeviceSession");

export const DeviceSessionParamsSchema = OrgParams.extend({
  deviceSessionId: idParam("deviceSessionId", "dvs", "The device session."),
});
