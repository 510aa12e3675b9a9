// The public face of this group: other folders import only from here.

export {
  createOrgClient,
  exchangeClientCredentials,
  getOrgClient,
  hasAnyClient,
  hashClientSecret,
  inactiveHolders,
  insertApiClient,
  isClientActive,
  listOrgClients,
  type NewClientCredentials,
  OAuthError,
  revokeOrgClient,
  type TokenHolder,
} from "./clients";
export {
  ACCESS_TOKEN_TTL_SECONDS,
  type AuthConfig,
  createAuthConfig,
  InvalidTokenError,
  verifyAccessToken,
} from "./tokens";
