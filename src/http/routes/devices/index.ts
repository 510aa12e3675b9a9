import { createRouter } from "../../router";
import {
  createPairingHandler,
  endCurrentDeviceSessionHandler,
  getCurrentDeviceSessionHandler,
  listDeviceSessionsHandler,
  redeemPairingHandler,
  revokeDeviceSessionHandler,
} from "./devices.handlers";
import {
  createPairing,
  endCurrentDeviceSession,
  getCurrentDeviceSession,
  listDeviceSessions,
  redeemPairing,
  revokeDeviceSession,
} from "./devices.routes";

export const devicesRouter = createRouter()
  .openapi(createPairing, createPairingHandler)
  .openapi(redeemPairing, redeemPairingHandler)
  .openapi(getCurrentDeviceSession, getCurrentDeviceSessionHandler)
  .openapi(endCurrentDeviceSession, endCurrentDeviceSessionHandler)
  .openapi(listDeviceSessions, listDeviceSessionsHandler)
  .openapi(revokeDeviceSession, revokeDeviceSessionHandler);
