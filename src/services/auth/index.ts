// The public face of this group: other folders import only from here.

export {
  createOrgClient,
  exchangeClientCredentials,
  hasAnyClient,
  hashClientSecret,
  insertApiClient,
  isClientActive,
  type NewClientCredentials,
  OAuthError,
} from "./clients";
export { type AuthConfig, createAuthConfig, InvalidTokenError, verifyAccessToken } from "./tokens";
