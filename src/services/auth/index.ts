// The public face of this group: other folders import only from here.

export {
  activeClientRateLimitFactor,
  createOrgClient,
  exchangeClientCredentials,
  getOrgClient,
  hasAnyClient,
  hashClientSecret,
  inactiveHolders,
  insertApiClient,
  listOrgClients,
  MAX_RATE_LIMIT_FACTOR,
  type NewClientCredentials,
  OAuthError,
  recordTokenGuessing,
  revokeOrgClient,
  setClientRateLimit,
  type TokenHolder,
} from "./clients";
export {
  createPairing,
  DEVICE_SESSION_HOURS,
  type DeviceSessionDto,
  deviceSessionOf,
  type EndedSession,
  endOwnDeviceSession,
  getOwnDeviceSession,
  listDeviceSessions,
  PAIRING_MINUTES,
  pairingUrl,
  redeemPairing,
  revokeDeviceSession,
} from "./devices";
export {
  ACCESS_TOKEN_TTL_SECONDS,
  type AuthConfig,
  createAuthConfig,
  InvalidTokenError,
  verifyAccessToken,
} from "./tokens";
