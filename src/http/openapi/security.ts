/**
 * `security` of every route that needs a token: a bearer JWT, obtained with the OAuth2
 * client-credentials flow (both schemes name the same token; tools that support OAuth2 can
 * fetch it themselves). Spread into createRoute: `security: BEARER_SECURITY`.
 */
export const BEARER_SECURITY: Record<string, string[]>[] = [{ bearerAuth: [] }, { oauth2: [] }];
