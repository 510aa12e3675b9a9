import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { timingSafeEqual } from "hono/utils/buffer";
import type { Database } from "../../db/client";
import { isConstraintError } from "../../db/errors";
import { newId } from "../../db/ids";
import { apiClients, auditLog, events, sessions } from "../../db/schema";
import {
  assertOrgWritable,
  type ClientActor,
  type ClientLimit,
  isScope,
  type OrgRole,
  type Role,
  type Scope,
  scopesOfRole,
} from "../access";
import { auditInsert } from "../audit";
import type { ServiceContext } from "../context";
import { notFound, ServiceError } from "../errors";
import { type PageRequest, paginateRows } from "../pagination";
import { newSecret, sha256Hex } from "../secrets";
import { type AuthConfig, issueAccessToken } from "./tokens";

type ClientRow = typeof apiClients.$inferSelect;

export function limitOf(row: Pick<ClientRow, "scopeEventId" | "scopeSessionId">): ClientLimit | null {
  if (!row.scopeEventId) return null;
  return row.scopeSessionId
    ? { eventId: row.scopeEventId, sessionId: row.scopeSessionId }
    : { eventId: row.scopeEventId };
}

function toDto(row: ClientRow) {
  return {
    clientId: row.id,
    orgId: row.orgId,
    name: row.name,
    role: row.role,
    /** Null, or the one event (or session) this client may act on. */
    scope: limitOf(row),
    /** The client's rate limits in multiples of the policies' (1 unless a platform admin raised it). */
    rateLimitFactor: row.rateLimitFactor,
    createdAt: row.createdAt,
    revokedAt: row.revokedAt,
  };
}

type ApiClientDto = ReturnType<typeof toDto>;
/** A new client, with its secret: shown once, only its SHA-256 is stored. */
export type NewClientCredentials = ApiClientDto & { clientSecret: string };

export const hashClientSecret = async (secret: string) => `sha256:${await sha256Hex(secret)}`;

interface NewClient {
  orgId: string | null;
  name: string;
  role: Role;
  limit?: ClientLimit | null;
  creationKey?: string | undefined;
}

/** A new client's row, and its secret (shown once: only its SHA-256 is stored). */
export async function newClientRow(input: NewClient, now: Date) {
  const clientSecret = newSecret("cs_");
  const row: ClientRow = {
    id: newId("cli", now.getTime()),
    orgId: input.orgId,
    name: input.name,
    role: input.role,
    secretHash: await hashClientSecret(clientSecret),
    scopeEventId: input.limit?.eventId ?? null,
    scopeSessionId: input.limit?.sessionId ?? null,
    creationKey: input.creationKey ?? null,
    rateLimitFactor: 1,
    createdAt: now.toISOString(),
    revokedAt: null,
  };
  return { row, clientSecret };
}

/**
 * Inserts a client and returns its secret once. No permission check: callers are the
 * authorised service functions below, the CLI and the first-start bootstrap.
 */
export async function insertApiClient(
  db: Database,
  input: NewClient,
  now: Date,
): Promise<NewClientCredentials> {
  const { row, clientSecret } = await newClientRow(input, now);
  await db.insert(apiClients).values(row);
  return { ...toDto(row), clientSecret };
}

export type ClientScopeInput = { eventId: string } | { sessionId: string };

/**
 * Resolves a requested limit: the event must belong to the organisation or have a session it
 * hosts; the session must belong to an event of the organisation or be hosted by it.
 */
export async function resolveLimit(
  ctx: ServiceContext,
  orgId: string,
  scope: ClientScopeInput,
): Promise<ClientLimit> {
  const refuse = (path: string, message: string) =>
    new ServiceError(
      "invalid",
      "invalid_client_scope",
      `A client of this organisation cannot be limited to it: ${message}.`,
      {
        issues: [{ path, message }],
      },
    );
  if ("sessionId" in scope) {
    const [row] = await ctx.db
      .select({ eventId: sessions.eventId, hostOrgId: sessions.hostOrgId, eventOrgId: events.orgId })
      .from(sessions)
      .innerJoin(events, eq(events.id, sessions.eventId))
      .where(eq(sessions.id, scope.sessionId));
    if (!row || (row.eventOrgId !== orgId && row.hostOrgId !== orgId)) {
      throw refuse("scope.sessionId", "no session of this organisation's events, nor hosted by it");
    }
    return { eventId: row.eventId, sessionId: scope.sessionId };
  }
  const [row] = await ctx.db
    .select({ orgId: events.orgId, hostedSession: sessions.id })
    .from(events)
    .leftJoin(sessions, and(eq(sessions.eventId, events.id), eq(sessions.hostOrgId, orgId)))
    .where(eq(events.id, scope.eventId))
    .limit(1);
  if (!row || (row.orgId !== orgId && row.hostedSession === null)) {
    throw refuse("scope.eventId", "no event of this organisation, nor one where it hosts a session");
  }
  return { eventId: scope.eventId };
}

/** POST /v1/orgs/{orgId}/clients: owners (and the admin) of the organisation itself. */
export async function createOrgClient(
  ctx: ServiceContext,
  orgId: string,
  input: { name: string; role: OrgRole; scope?: ClientScopeInput | null },
  /** `<creating client>:<Idempotency-Key>` when the request carried one. */
  creationKey?: string,
): Promise<NewClientCredentials> {
  await assertOrgWritable(ctx, orgId, "clients:manage");
  const limit = input.scope ? await resolveLimit(ctx, orgId, input.scope) : null;
  if (creationKey) await assertNotCreatedYet(ctx, creationKey);
  try {
    return await insertApiClient(
      ctx.db,
      { orgId, name: input.name, role: input.role, limit, creationKey },
      ctx.clock(),
    );
  } catch (error) {
    // A retry racing the first request: the unique creation key lets one insert win.
    if (creationKey && isConstraintError(error)) await assertNotCreatedYet(ctx, creationKey);
    throw error;
  }
}

/**
 * A retry of a client creation (same Idempotency-Key, e.g. after a crash or a lost response)
 * must not mint a second credential: the secret of the first is shown once and not stored,
 * so the answer is a 409 naming the client it created (revoke it and create a new one if the
 * secret was lost).
 */
async function assertNotCreatedYet(ctx: ServiceContext, creationKey: string): Promise<void> {
  const [existing] = await ctx.db
    .select({ id: apiClients.id, orgId: apiClients.orgId })
    .from(apiClients)
    .where(eq(apiClients.creationKey, creationKey))
    .limit(1);
  if (!existing) return;
  throw new ServiceError(
    "conflict",
    "client_already_created",
    `This Idempotency-Key already created client ${existing.id}; its secret was shown once and is not stored. ` +
      "If it was lost, revoke that client and create a new one with a new key.",
    {
      issues: [{ path: "Idempotency-Key", message: `already created client ${existing.id}` }],
      headers: { location: `/v1/orgs/${existing.orgId}/clients/${existing.id}` },
    },
  );
}

export async function listOrgClients(ctx: ServiceContext, orgId: string, page: PageRequest) {
  await assertOrgWritable(ctx, orgId, "clients:manage");
  return paginateRows(ctx.db, page, apiClients, eq(apiClients.orgId, orgId), toDto);
}

async function loadOrgClient(ctx: ServiceContext, orgId: string, clientId: string): Promise<ClientRow> {
  await assertOrgWritable(ctx, orgId, "clients:manage");
  const [row] = await ctx.db
    .select()
    .from(apiClients)
    .where(and(eq(apiClients.id, clientId), eq(apiClients.orgId, orgId)))
    .limit(1);
  if (!row) throw notFound("client", clientId);
  return row;
}

export async function getOrgClient(ctx: ServiceContext, orgId: string, clientId: string) {
  return toDto(await loadOrgClient(ctx, orgId, clientId));
}

/** Revokes a client: no new tokens, and its unexpired tokens are refused from now on. Idempotent. */
export async function revokeOrgClient(ctx: ServiceContext, orgId: string, clientId: string): Promise<void> {
  const row = await loadOrgClient(ctx, orgId, clientId);
  if (row.revokedAt) return;
  await ctx.db
    .update(apiClients)
    .set({ revokedAt: ctx.clock().toISOString() })
    .where(and(eq(apiClients.id, clientId), isNull(apiClients.revokedAt)));
}

/** The highest quota a platform admin may give one client, in multiples of each policy's limit. */
export const MAX_RATE_LIMIT_FACTOR = 20;

/**
 * PUT …/clients/{clientId}/rate-limit: a platform admin gives one client (a federation's bot)
 * `factor` times every rate limit, counted on its own quota instead of its organisation's.
 * Audited with the factor before and after.
 */
export async function setClientRateLimit(
  ctx: ServiceContext,
  orgId: string,
  clientId: string,
  factor: number,
): Promise<ApiClientDto> {
  const row = await loadOrgClient(ctx, orgId, clientId);
  if (ctx.actor.kind !== "client" || ctx.actor.role !== "admin") {
    throw new ServiceError(
      "forbidden",
      "insufficient_role",
      "Only a platform admin may change a client's rate limits: an organisation cannot raise its own.",
    );
  }
  await ctx.db.batch([
    ctx.db.update(apiClients).set({ rateLimitFactor: factor }).where(eq(apiClients.id, clientId)),
    auditInsert(ctx, {
      orgId,
      action: "client.rate-limit",
      entityType: "client",
      entityId: clientId,
      before: { rateLimitFactor: row.rateLimitFactor },
      after: { rateLimitFactor: factor },
    }),
  ]);
  return toDto({ ...row, rateLimitFactor: factor });
}

/**
 * Someone is guessing `clientId`'s secret (the rate limiter's alarm): one audit event per
 * window, on the client's organisation. Whether this call recorded it (false for an unknown
 * client id, or when this window's is already there).
 */
export async function recordTokenGuessing(
  db: Database,
  clientId: string,
  now: Date,
  window: { limit: number; windowSeconds: number },
): Promise<boolean> {
  const since = new Date(now.getTime() - window.windowSeconds * 1000).toISOString();
  const after = JSON.stringify({
    failedTokenRequests: `more than ${window.limit} in ${window.windowSeconds} s`,
  });
  const result = await db.run(sql`
    insert into ${auditLog} (id, org_id, event_id, actor_client_id, action, entity_type, entity_id, after, created_at)
    select ${newId("aud", now.getTime())}, coalesce(${apiClients.orgId}, 'platform'), null, 'anonymous',
      'client.token-guessing', 'client', ${apiClients.id}, ${after}, ${now.toISOString()}
    from ${apiClients}
    where ${apiClients.id} = ${clientId}
      and not exists (select 1 from ${auditLog} where ${auditLog.action} = 'client.token-guessing'
        and ${auditLog.entityId} = ${clientId} and ${auditLog.createdAt} > ${since})`);
  return result.rowsAffected > 0;
}

/**
 * Thrown by the token endpoint; answered as a problem carrying the OAuth 2.0 error (RFC 6749 §5.2):
 * 401 for a client that failed to authenticate, 400 for every other mistake.
 */
export class OAuthError extends Error {
  override readonly name = "OAuthError";
  constructor(
    readonly error: "invalid_request" | "invalid_client" | "unsupported_grant_type" | "invalid_scope",
    readonly description: string,
  ) {
    super(description);
  }

  get status(): 400 | 401 {
    return this.error === "invalid_client" ? 401 : 400;
  }
}

/**
 * The scopes to grant (RFC 6749 §3.3): all of the role's when none are asked for; otherwise the
 * ones asked for, each of which must exist and be within the role (else `invalid_scope`).
 */
function grantScopes(role: Role, requested: string | undefined): Scope[] {
  const available = scopesOfRole(role);
  const asked = (requested ?? "").split(" ").filter((s) => s !== "");
  if (asked.length === 0) return available;
  const unknown = asked.filter((s) => !isScope(s));
  if (unknown.length > 0) {
    throw new OAuthError(
      "invalid_scope",
      `Unknown scope: ${unknown.join(", ")}. Known: ${available.join(" ")}.`,
    );
  }
  const beyond = asked.filter((s) => !available.includes(s as Scope));
  if (beyond.length > 0) {
    throw new OAuthError(
      "invalid_scope",
      `The role '${role}' cannot be granted: ${beyond.join(", ")}. It may ask for: ${available.join(" ")}.`,
    );
  }
  return available.filter((s) => asked.includes(s));
}

/** OAuth2 client credentials: checks the secret in constant time and issues an access token. */
export async function exchangeClientCredentials(
  db: Database,
  auth: AuthConfig,
  now: Date,
  credentials: { clientId: string; clientSecret: string },
  requestedScope?: string,
) {
  const presented = await hashClientSecret(credentials.clientSecret);
  const [row] = /^cli_[0-9A-Z]{10,40}$/.test(credentials.clientId)
    ? await db.select().from(apiClients).where(eq(apiClients.id, credentials.clientId)).limit(1)
    : [];
  // Compare against a dummy hash for unknown ids too, so timing does not tell which ids exist.
  const stored = row?.secretHash ?? "sha256:".padEnd(presented.length, "0");
  const matches = await timingSafeEqual(presented, stored);
  if (!row || !matches || row.revokedAt) {
    throw new OAuthError("invalid_client", "Unknown client, wrong secret, or the client is revoked.");
  }
  const scopes = grantScopes(row.role, requestedScope);
  const token = await issueAccessToken(
    auth,
    { clientId: row.id, orgId: row.orgId, role: row.role, scopes, limit: limitOf(row) },
    now,
  );
  return { ...token, scopes };
}

/** What a token says about its client, for the revocation check of long-lived connections. */
export type TokenHolder = Pick<ClientActor, "clientId" | "orgId" | "role">;

/** A token holds while its client exists, is not revoked and keeps the token's org and role. */
const holderColumns = { orgId: apiClients.orgId, role: apiClients.role, revokedAt: apiClients.revokedAt };
type Claims = Omit<TokenHolder, "clientId">;
const stillHolds = (row: (Claims & { revokedAt: string | null }) | undefined, claims: Claims) =>
  row !== undefined && row.revokedAt === null && row.orgId === claims.orgId && row.role === claims.role;

/**
 * The revocation check of every connection that outlives its request (live feeds), for all of
 * them at once: one read, whatever their number. Says which holders are no longer active.
 */
export async function inactiveHolders<T extends TokenHolder>(
  db: Database,
  holders: readonly T[],
): Promise<T[]> {
  if (holders.length === 0) return [];
  const ids = [...new Set(holders.map((h) => h.clientId))];
  const rows = await db
    .select({ id: apiClients.id, ...holderColumns })
    .from(apiClients)
    .where(inArray(apiClients.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return holders.filter((h) => !stillHolds(byId.get(h.clientId), h));
}

/**
 * The revocation check done for every request with one of our tokens (one primary-key read): a
 * token stays valid only while its client exists, is not revoked and still has the token's org
 * and role. Null when it is no longer active, else the client's rate-limit factor (what the rate
 * limiter counts it against), read in the same query.
 */
export async function activeClientRateLimitFactor(
  db: Database,
  clientId: string,
  claims: Claims,
): Promise<number | null> {
  const [row] = await db
    .select({ ...holderColumns, rateLimitFactor: apiClients.rateLimitFactor })
    .from(apiClients)
    .where(eq(apiClients.id, clientId))
    .limit(1);
  return row && stillHolds(row, claims) ? row.rateLimitFactor : null;
}

/** Whether any client exists at all (the first start of an empty database creates an admin). */
export async function hasAnyClient(db: Database): Promise<boolean> {
  const rows = await db.select({ id: apiClients.id }).from(apiClients).limit(1);
  return rows.length > 0;
}
