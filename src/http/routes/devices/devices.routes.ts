import { jsonBody, jsonContent, NO_STORE_HEADER, scopedBearer } from "../../openapi/common-schemas";
import { OrgParams } from "../../openapi/path-params";
import { routeDefinitions } from "../../openapi/route-definitions";
import { PaginationQuerySchema } from "../../pagination";
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
const route = routeDefinitions(["Devices"], DEVICE_OR_BEARER);
const COOKIE_HEADER = {
  "Set-Cookie": {
    schema: { type: "string" as const },
    description: "The session cookie (`catan-device`, `__Host-catan-device` over HTTPS).",
  },
};

export const createPairing = route.post("/v1/orgs/{orgId}/pairings", {
  operationId: "createDevicePairing",
  summary: "Make a one-time pairing code for a device",
  description:
    "A code (and the console's URL that redeems it, for a QR code) that signs one device in, once, within " +
    "`expiresInMinutes`. The device gets a session bound to a new client of its own with the role and limit " +
    `chosen here. The code is in this answer only. ${MANAGERS} The CLI makes the organisation's first one ` +
    "(`console-link`).",
  request: {
    params: OrgParams,
    body: jsonBody(CreatePairingSchema, "The device's name, role and limit.", {
      name: "Phone 1",
      role: "reporter",
      scope: { sessionId: "ses_01JDQ7B2K9W4X6Z8A0C2E4G6J8" },
    }),
  },
  responses: { 201: jsonContent(PairingSchema, "The code, shown once.", NO_STORE_HEADER) },
});

export const redeemPairing = route.post("/v1/auth/device-sessions", {
  operationId: "redeemPairingCode",
  summary: "Sign this device in with a pairing code",
  description:
    "Spends the code (once; 404 unknown, 410 expired or used) and answers the new device session with its " +
    "cookie: HttpOnly, SameSite=Lax, Secure over HTTPS. Browsers on this site keep it; it then authenticates " +
    "every request like a token of the device's client. No token needed; a cookie already present is ignored.",
  security: [],
  request: { body: jsonBody(RedeemPairingSchema, "The code.", { code: "7K3M-Q9XD-2B4R" }) },
  responses: { 201: jsonContent(DeviceSessionSchema, "Signed in.", COOKIE_HEADER) },
});

export const getCurrentDeviceSession = route.get("/v1/auth/device-sessions/current", {
  operationId: "getCurrentDeviceSession",
  summary: "This device's session",
  description: "Who the device cookie signs in: role, limit, expiry. 404 for a bearer token.",
  security: DEVICE,
  responses: { 200: jsonContent(DeviceSessionSchema, "The session.") },
});

export const endCurrentDeviceSession = route.delete("/v1/auth/device-sessions/current", {
  operationId: "endCurrentDeviceSession",
  summary: "Sign this device out",
  description: "Revokes the session and the device's client, and clears the cookie.",
  security: DEVICE,
  responses: { 204: { description: "Signed out.", headers: COOKIE_HEADER } },
});

export const listDeviceSessions = route.get("/v1/orgs/{orgId}/device-sessions", {
  operationId: "listDeviceSessions",
  summary: "List the organisation's device sessions",
  description: `Expired and revoked ones included, oldest first. ${MANAGERS}`,
  request: { params: OrgParams, query: PaginationQuerySchema },
  responses: { 200: jsonContent(DeviceSessionPageSchema, "A page of device sessions.") },
});

export const revokeDeviceSession = route.delete("/v1/orgs/{orgId}/device-sessions/{deviceSessionId}", {
  operationId: "revokeDeviceSession",
  summary: "Sign a device out",
  description:
    "Revokes the session and the device's client: the device is signed out at its next request, and its open " +
    `change feeds end. Idempotent. ${MANAGERS}`,
  request: { params: DeviceSessionParamsSchema },
  responses: { 204: { description: "Revoked (or already revoked)." } },
});
