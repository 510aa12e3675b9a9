import { createRoute } from "@hono/zod-openapi";
import { jsonBody, jsonContent, NO_STORE_HEADER, scopedBearer } from "../../openapi/common-schemas";
import { PaginationQuerySchema } from "../../pagination";
import { OrgParamsSchema } from "../orgs/orgs.schemas";
import {
  CreatePairingSchema,
  DeviceSessionPageSchema,
  DeviceSessionParamsSchema,
  DeviceSessionSchema,
  PairingSchema,
  RedeemPairingSchema,
} from "./devices.schemas";

const MANAGERS =
  "Owners and organisers of the organisation (`devices:pair`), for devices up to their own role and within " +
  "their own limit; a parent organisation gets 403.";
/** The console's own requests carry the device cookie; tokens work everywhere else. */
const DEVICE_OR_BEARER = [...scopedBearer("devices:pair"), { deviceSession: [] }];
const DEVICE = [{ deviceSession: [] }];
const COOKIE_HEADER = {
  "Set-Cookie": {
    schema: { type: "string" as const },
    description: "The session cookie (`catan-device`, `__Host-catan-device` over HTTPS).",
  },
};

export const createPairing = createRoute({
  method: "post",
  path: "/v1/orgs/{orgId}/pairings",
  operationId: "createDevicePairing",
  tags: ["Devices"],
  summary: "Make a one-time pairing code for a device",
  description:
    "A code (and the console's URL that redeems it, for a QR code) that signs one device in, once, within " +
    "`expiresInMinutes`. The device gets a session bound to a new client of its own with the role and limit " +
    `chosen here. The code is in this answer only. ${MANAGERS} The CLI makes the organisation's first one ` +
    "(`console-link`).",
  security: DEVICE_OR_BEARER,
  request: {
    params: OrgParamsSchema,
    body: jsonBody(CreatePairingSchema, "The device's name, role and limit.", {
      name: "Phone 1",
      role: "reporter",
      scope: { sessionId: "ses_01JDQ7B2K9W4X6Z8A0C2E4G6J8" },
    }),
  },
  responses: { 201: jsonContent(PairingSchema, "The code, shown once.", NO_STORE_HEADER) },
});

export const redeemPairing = createRoute({
  method: "post",
  path: "/v1/auth/device-sessions",
  operationId: "redeemPairingCode",
  tags: ["Devices"],
  summary: "Sign this device in with a pairing code",
  description:
    "Spends the code (once; 404 unknown, 410 expired or used) and answers the new device session with its " +
    "cookie: HttpOnly, SameSite=Lax, Secure over HTTPS. Browsers on this site keep it; it then authenticates " +
    "every request like a token of the device's client. No token needed; a cookie already present is ignored.",
  security: [],
  request: { body: jsonBody(RedeemPairingSchema, "The code.", { code: "7K3M-Q9XD-2B4R" }) },
  responses: { 201: jsonContent(DeviceSessionSchema, "Signed in.", COOKIE_HEADER) },
});

export const getCurrentDeviceSession = createRoute({
  method: "get",
  path: "/v1/auth/device-sessions/current",
  operationId: "getCurrentDeviceSession",
  tags: ["Devices"],
  summary: "This device's session",
  description: "Who the device cookie signs in: role, limit, expiry. 404 for a bearer token.",
  security: DEVICE,
  responses: { 200: jsonContent(DeviceSessionSchema, "The session.") },
});

export const endCurrentDeviceSession = createRoute({
  method: "delete",
  path: "/v1/auth/device-sessions/current",
  operationId: "endCurrentDeviceSession",
  tags: ["Devices"],
  summary: "Sign this device out",
  description: "Revokes the session and the device's client, and clears the cookie.",
  security: DEVICE,
  responses: { 204: { description: "Signed out.", headers: COOKIE_HEADER } },
});

export const listDeviceSessions = createRoute({
  method: "get",
  path: "/v1/orgs/{orgId}/device-sessions",
  operationId: "listDeviceSessions",
  tags: ["Devices"],
  summary: "List the organisation's device sessions",
  description: `Expired and revoked ones included, oldest first. ${MANAGERS}`,
  security: DEVICE_OR_BEARER,
  request: { params: OrgParamsSchema, query: PaginationQuerySchema },
  responses: { 200: jsonContent(DeviceSessionPageSchema, "A page of device sessions.") },
});

export const revokeDeviceSession = createRoute({
  method: "delete",
  path: "/v1/orgs/{orgId}/device-sessions/{deviceSessionId}",
  operationId: "revokeDeviceSession",
  tags: ["Devices"],
  summary: "Sign a device out",
  description:
    "Revokes the session and the device's client: the device is signed out at its next request, and its open " +
    `change feeds end. Idempotent. ${MANAGERS}`,
  security: DEVICE_OR_BEARER,
  request: { params: DeviceSessionParamsSchema },
  responses: { 204: { description: "Revoked (or already revoked)." } },
});
