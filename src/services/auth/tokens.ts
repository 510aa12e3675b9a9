import {
  createRemoteJWKSet,
  decodeJwt,
  type JWTPayload,
  type JWTVerifyGetKey,
  errors as joseErrors,
  jwtVerify,
  SignJWT,
} from "jose";
import { z } from "zod";
import { type Actor, type ClientLimit, isScope, ORG_ROLES, ROLES, type Role, type Scope } from "../access";

/** Lifetime of our own access tokens (seconds); clients fetch a new one rather than refreshing. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Tolerated clock difference between the issuer and this server for exp/nbf (seconds). */
const CLOCK_SKEW_SECONDS = 60;
/** Issuer and audience of our own tokens. */
const OWN_TOKEN_PARTY = "catan-tournament-api";
/** RFC 9068 header type of our access tokens: a token of another kind signed with the same key is refused. */
const ACCESS_TOKEN_TYPE = "at+jwt";
const MIN_SECRET_BYTES = 32;

/** Tokens of an external identity provider, accepted next to our own (optional). */
export interface ExternalIssuer {
  issuer: string;
  audience: string;
  /** The provider's key set, usually `createRemoteJWKSet(new URL(JWKS_URL))`. */
  keys: JWTVerifyGetKey;
  /** Asymmetric algorithms accepted from the provider. */
  algorithms: string[];
}

/** Everything the app needs to issue and verify access tokens; built by the entry point. */
export interface AuthConfig {
  /** HS256 key of our own tokens (JWT_SECRET; at least 32 bytes). */
  secret: Uint8Array;
  /** Signs the console's device cookies: the secret under a label, so no cookie signs a token. */
  cookieKey: Uint8Array<ArrayBuffer>;
  issuer: string;
  audience: string;
  external?: ExternalIssuer;
}

/** The key (JWT_SECRET, or one generated for a local database) and the external provider's settings. */
interface AuthConfigOptions {
  secret: string | Uint8Array;
  JWKS_URL?: string | undefined;
  JWT_ISSUER?: string | undefined;
  JWT_AUDIENCE?: string | undefined;
}

export function createAuthConfig(options: AuthConfigOptions): AuthConfig {
  const secret =
    typeof options.secret === "string" ? new TextEncoder().encode(options.secret) : options.secret;
  if (secret.byteLength < MIN_SECRET_BYTES) {
    throw new Error(`JWT_SECRET must be at least ${MIN_SECRET_BYTES} bytes (HS256 needs a 256-bit key).`);
  }
  const cookieKey = new Uint8Array([...new TextEncoder().encode("device-cookie:"), ...secret]);
  const config: AuthConfig = { secret, cookieKey, issuer: OWN_TOKEN_PARTY, audience: OWN_TOKEN_PARTY };
  const { JWKS_URL: jwksUrl, JWT_ISSUER: issuer, JWT_AUDIENCE: audience } = options;
  if (jwksUrl) {
    if (!issuer || !audience) throw new Error("JWKS_URL needs JWT_ISSUER and JWT_AUDIENCE as well.");
    if (issuer === config.issuer) throw new Error("JWT_ISSUER must differ from this API's own token issuer.");
    config.external = {
      issuer,
      audience,
      keys: createRemoteJWKSet(new URL(jwksUrl)),
      algorithms: ["RS256", "PS256", "ES256", "EdDSA"],
    };
  }
  return config;
}

interface AccessTokenSubject {
  clientId: string;
  orgId: string | null;
  role: Role;
  /** The granted OAuth2 scopes, written to the `scope` claim (RFC 9068 §2.2.3). */
  scopes: readonly Scope[];
  /** The client's event or session limit, written to the `lim` claim. */
  limit: ClientLimit | null;
}

export async function issueAccessToken(config: AuthConfig, subject: AccessTokenSubject, now: Date) {
  const tokenId = crypto.randomUUID();
  const iat = Math.floor(now.getTime() / 1000);
  const claims = {
    org: subject.orgId,
    role: subject.role,
    scope: subject.scopes.join(" "),
    ...(subject.limit ? { lim: subject.limit } : {}),
  };
  const accessToken = await new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: ACCESS_TOKEN_TYPE })
    .setIssuer(config.issuer)
    .setAudience(config.audience)
    .setSubject(subject.clientId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .setJti(tokenId)
    .sign(config.secret);
  return { accessToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS, tokenId };
}

/** Why a bearer token was refused; `reason` goes into the problem detail (never the token itself). */
export class InvalidTokenError extends Error {
  override readonly name = "InvalidTokenError";
}

type VerifiedActor = Extract<Actor, { kind: "client" }> & {
  source: "local" | "external";
  /** The token's `exp`, in epoch seconds: long-lived answers (a change feed) end there. */
  expiresAt: number;
};

/**
 * Verifies a bearer token: our own HS256 tokens, or (when configured) tokens of the external
 * identity provider. The algorithm is pinned per issuer, issuer/audience/expiry are checked
 * with a 60 s skew, and exp, iat and sub must be present. Revocation is checked by the caller.
 */
export async function verifyAccessToken(
  config: AuthConfig,
  token: string,
  now: Date,
): Promise<VerifiedActor> {
  let unverified: JWTPayload;
  try {
    unverified = decodeJwt(token);
  } catch {
    throw new InvalidTokenError("The bearer token is not a well-formed JWT.");
  }
  const external = config.external;
  const isExternal = external !== undefined && unverified.iss === external.issuer;
  const skew = { clockTolerance: CLOCK_SKEW_SECONDS, currentDate: now };
  try {
    const { payload } = isExternal
      ? await jwtVerify(token, external.keys, {
          ...skew,
          algorithms: external.algorithms,
          issuer: external.issuer,
          audience: external.audience,
          requiredClaims: ["exp", "sub"],
        })
      : await jwtVerify(token, config.secret, {
          ...skew,
          algorithms: ["HS256"],
          typ: ACCESS_TOKEN_TYPE,
          issuer: config.issuer,
          audience: config.audience,
          requiredClaims: ["exp", "iat", "sub", "jti"],
        });
    return actorFromClaims(payload, isExternal ? "external" : "local");
  } catch (error) {
    throw new InvalidTokenError(describeJoseError(error));
  }
}

function actorFromClaims(payload: JWTPayload, source: "local" | "external"): VerifiedActor {
  const role = payload.role;
  const org = payload.org ?? null;
  // External providers grant organisation roles only; the platform admin role is ours to give.
  const allowedRoles: readonly string[] = source === "external" ? ORG_ROLES : ROLES;
  if (typeof role !== "string" || !allowedRoles.includes(role)) {
    throw new InvalidTokenError("The bearer token carries no valid role claim.");
  }
  if (org !== null && typeof org !== "string") throw new InvalidTokenError("The org claim is not a string.");
  if (role !== "admin" && org === null) throw new InvalidTokenError("The bearer token carries no org claim.");
  const limit = limitFromClaim(payload.lim);
  return {
    kind: "client",
    clientId: payload.sub as string,
    orgId: role === "admin" ? null : org,
    role: role as Role,
    ...(payload.jti ? { tokenId: payload.jti } : {}),
    // A token without a scope claim (an external provider's) keeps every right of its role.
    ...(typeof payload.scope === "string" ? { scopes: payload.scope.split(" ").filter(isScope) } : {}),
    ...(limit ? { limit } : {}),
    source,
    expiresAt: payload.exp as number,
  };
}

/** The `lim` claim: the event, and the session within it, a limited client's token acts on. */
const LimitClaim = z.object({ eventId: z.string(), sessionId: z.string().optional() });

function limitFromClaim(claim: unknown): ClientLimit | undefined {
  if (claim === undefined) return undefined;
  const lim = LimitClaim.safeParse(claim);
  if (!lim.success) throw new InvalidTokenError("The bearer token's lim claim is malformed.");
  const { eventId, sessionId } = lim.data;
  return sessionId ? { eventId, sessionId } : { eventId };
}

function describeJoseError(error: unknown): string {
  if (error instanceof InvalidTokenError) return error.message;
  if (error instanceof joseErrors.JWTExpired) return "The bearer token has expired.";
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    return `The bearer token's '${error.claim}' claim is not acceptable (${error.reason}).`;
  }
  if (error instanceof joseErrors.JWSSignatureVerificationFailed)
    return "The bearer token's signature is invalid.";
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return "The bearer token's algorithm is not accepted.";
  if (error instanceof joseErrors.JWKSNoMatchingKey)
    return "No key of the identity provider matches the token.";
  return "The bearer token is not valid.";
}
