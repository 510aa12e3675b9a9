import * as devices from "../../../services/auth";
import { serviceContext } from "../../context";
import { clearedDeviceCookie, deviceCookie } from "../../middleware/device-session";
import { publicOrigin } from "../../origin";
import { createRouter } from "../../router";
import { jsonPage, logInfo } from "../handler";
import * as r from "./devices.routes";

export const devicesRouter = createRouter();

devicesRouter.openapi(r.createPairing, async (c) => {
  const { orgId } = c.req.valid("param");
  const pairing = await devices.createPairing(serviceContext(c), orgId, c.req.valid("json"));
  // The code goes to the caller only: log the id, never the answer.
  logInfo(c, "device pairing created", { orgId, id: pairing.id });
  return c.json({ ...pairing, url: devices.pairingUrl(publicOrigin(c), pairing.code) }, 201, {
    "cache-control": "no-store",
  });
});

devicesRouter.openapi(r.redeemPairing, async (c) => {
  const { session, secret } = await devices.redeemPairing(serviceContext(c), c.req.valid("json").code, {
    userAgent: c.req.header("user-agent"),
  });
  logInfo(c, "device paired", { orgId: session.orgId, deviceSessionId: session.id });
  return c.json(session, 201, {
    "set-cookie": await deviceCookie(c, secret, session.expiresAt),
    "cache-control": "no-store",
  });
});

devicesRouter.openapi(r.getCurrentDeviceSession, async (c) =>
  c.json(await devices.getOwnDeviceSession(serviceContext(c), c.get("deviceSession")?.id), 200, {
    "cache-control": "no-store",
  }),
);

devicesRouter.openapi(r.endCurrentDeviceSession, async (c) => {
  await devices.endOwnDeviceSession(serviceContext(c), c.get("deviceSession")?.id);
  return c.body(null, 204, { "set-cookie": clearedDeviceCookie(c) });
});

devicesRouter.openapi(r.listDeviceSessions, async (c) => {
  const { orgId } = c.req.valid("param");
  return jsonPage(c, await devices.listDeviceSessions(serviceContext(c), orgId, c.req.valid("query")));
});

devicesRouter.openapi(r.revokeDeviceSession, async (c) => {
  const { orgId, deviceSessionId } = c.req.valid("param");
  await devices.revokeDeviceSession(serviceContext(c), orgId, deviceSessionId);
  logInfo(c, "device session revoked", { orgId, deviceSessionId });
  return c.body(null, 204);
});
