/**
 * Devices of the staff console: an owner or organiser makes a one-time pairing code (role and
 * limit chosen, valid for minutes); the browser that redeems it gets a device session bound to a
 * new client of its own, so the session acts exactly as that client's tokens would, and revoking
 * the client (or the session) ends it at the next request. Only hashes of the code and of the
 * session's cookie secret are stored.
 */

import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { newId } from "../../db/ids";
import { commitChecked, precondition } from "../../db/preconditions";
import { apiClients, devicePairings, deviceSessions } from "../../db/schema";
import {
  assertWithinLimit,
  type ClientActor,
  type ClientLimit,
  type OrgRole,
  orgWriteAccess,
  ROLES,
  requireClient,
} from "../access";
import { auditInsert } from "../audit";
import { actorClientId, type ServiceContext } from "../context";
import { notFound, ServiceError } from "../errors";
import { afterCursor, type PageRequest, paginate } from "../pagination";
import { newSecret, newTypedCode, sha256Hex } from "../secrets";
import { type ClientScopeInput, limitOf, newClientRow, resolveLimit } from "./clients";

/** How long a pairing code may wait, in minutes: default and most. */
export const PAIRING_MINUTES = { default: 10, max: 60 } as const;
/** How long a device session lasts, in hours: default (a tournament day) and most. */
export const DEVICE_SESSION_HOURS = { default: 16, max: 72 } as const;

interface PairingInput {
  name: string;
  role: OrgRole;
  scope?: ClientScopeInput | null | undefined;
  expiresInMinutes?: number | undefined;
  sessionHours?: number | undefined;
}

/** The console's page that redeems a code (what the pairing QR code opens), on `origin`. */
export const pairingUrl = (origin: string, code: string) =>
  `${origin.replace(/\/+$/, "")}/console/pair?code=${encodeURIComponent(code)}`;

/** Typed codes lose their dashes and case; O, I and L read as 0, 1 and 1 (Crockford). */
async function hashPairingCode(code: string): Promise<string> {
  const normalized = code.replace(/[\s-]/g, "").toUpperCase().replace(/O/g, "0").replace(/[IL]/g, "1");
  return sha256Hex(`pairing:${normalized}`);
}

const hashSessionSecret = (secret: string) => sha256Hex(`device-session:${secret}`);

const rank = (role: string) => ROLES.indexOf(role as (typeof ROLES)[number]);

/**
 * Nobody hands out more than they hold: a device's role is at most the caller's, and a caller
 * limited to one event or session pairs devices limited within it.
 */
function assertWithinCaller(client: ClientActor, role: string, limit: ClientLimit | null, what: string) {
  if (rank(role) < rank(client.role)) {
    throw new ServiceError(
      "forbidden",
      "insufficient_role",
      `The role '${client.role}' may not ${what} a device with the higher role '${role}'.`,
      { issues: [{ path: "role", message: `higher than the caller's role '${client.role}'` }] },
    );
  }
  assertWithinLimit(client, limit ?? {}, `${what} only devices limited to it`);
}

/**
 * POST /v1/orgs/{orgId}/pairings: a one-time code for a device of the organisation (owners and
 * organisers, and the CLI as the platform).
 */
export async function createPairing(ctx: ServiceContext, orgId: string, input: PairingInput) {
  const { client } = await orgWriteAccess(ctx, orgId, "devices:pair");
  const limit = input.scope ? await resolveLimit(ctx, orgId, input.scope) : null;
  assertWithinCaller(client, input.role, limit, "pair");
  const now = ctx.clock();
  const code = newTypedCode();
  const minutes = input.expiresInMinutes ?? PAIRING_MINUTES.default;
  const row = {
    id: newId("dpr", now.getTime()),
    codeHash: await hashPairingCode(code),
    orgId,
    name: input.name,
    role: input.role,
    scopeEventId: limit?.eventId ?? null,
    scopeSessionId: limit?.sessionId ?? null,
    sessionHours: input.sessionHours ?? DEVICE_SESSION_HOURS.default,
    createdBy: actorClientId(ctx),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + minutes * 60_000).toISOString(),
  };
  await ctx.db.batch([
    ctx.db.insert(devicePairings).values(row),
    auditInsert(ctx, {
      orgId,
      eventId: limit?.eventId ?? null,
      action: "device.pairing-created",
      entityType: "device_pairing",
      entityId: row.id,
      after: { name: row.name, role: row.role, scope: limit, expiresAt: row.expiresAt },
    }),
  ]);
  return {
    id: row.id,
    orgId,
    name: input.name,
    role: input.role,
    scope: limit,
    /** Shown once: only its hash is stored. */
    code,
    expiresAt: row.expiresAt,
    sessionHours: row.sessionHours,
    createdAt: row.createdAt,
  };
}

const codeRefused = (code: "pairing_code_not_found" | "pairing_code_expired" | "pairing_code_used") => {
  const why = {
    pairing_code_not_found: ["not_found", "No pairing code matches: check the code, or make a new one."],
    pairing_code_expired: ["gone", "This pairing code has expired: make a new one."],
    pairing_code_used: [
      "gone",
      "This pairing code was already used by a device: a code signs in one device once; make a new one.",
    ],
  } as const;
  const [kind, detail] = why[code];
  return new ServiceError(kind, code, detail, { issues: [{ path: "code", message: detail }] });
};

/**
 * POST /v1/auth/device-sessions: spends a pairing code once, in one batch: the code marked used,
 * the device's own client (role and limit of the code; its secret is drawn and forgotten, the
 * cookie is its only credential), the session and the audit entry. Returns the cookie's secret.
 */
export async function redeemPairing(
  ctx: ServiceContext,
  code: string,
  meta: { userAgent?: string | undefined } = {},
): Promise<{ session: DeviceSessionDto; secret: string }> {
  const codeHash = await hashPairingCode(code);
  const [pairing] = await ctx.db.select().from(devicePairings).where(eq(devicePairings.codeHash, codeHash));
  const now = ctx.clock();
  const at = now.toISOString();
  if (!pairing) throw codeRefused("pairing_code_not_found");
  if (pairing.redeemedAt !== null) throw codeRefused("pairing_code_used");
  if (pairing.expiresAt <= at) throw codeRefused("pairing_code_expired");
  const { row: client } = await newClientRow(
    { orgId: pairing.orgId, name: pairing.name, role: pairing.role, limit: limitOf(pairing) },
    now,
  );
  const clientId = client.id;
  const secret = newSecret("ds_");
  const session = {
    id: newId("dvs", now.getTime()),
    tokenHash: await hashSessionSecret(secret),
    clientId,
    orgId: pairing.orgId,
    pairingId: pairing.id,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    createdAt: at,
    expiresAt: new Date(now.getTime() + pairing.sessionHours * 3_600_000).toISOString(),
    revokedAt: null,
  };
  const actorCtx: ServiceContext = {
    ...ctx,
    actor: { kind: "client", clientId, orgId: pairing.orgId, role: pairing.role },
  };
  await commitChecked(
    ctx.db,
    [
      // Two devices racing with one code: the second batch fails whole.
      precondition(
        ctx.db,
        "pairing code unused and unexpired",
        sql`exists (select 1 from ${devicePairings} where ${and(eq(devicePairings.id, pairing.id), isNull(devicePairings.redeemedAt), gt(devicePairings.expiresAt, at))})`,
      ),
      ctx.db
        .update(devicePairings)
        .set({ redeemedAt: at, clientId })
        .where(eq(devicePairings.id, pairing.id)),
      ctx.db.insert(apiClients).values(client),
      ctx.db.insert(deviceSessions).values(session),
      auditInsert(actorCtx, {
        orgId: pairing.orgId,
        eventId: pairing.scopeEventId,
        action: "device.paired",
        entityType: "device_session",
        entityId: session.id,
        after: { clientId, name: pairing.name, role: pairing.role, pairingId: pairing.id },
      }),
    ],
    () => codeRefused("pairing_code_used"),
  );
  const { name, role, scopeEventId, scopeSessionId, createdBy: pairedBy } = pairing;
  const revoked = { sessionRevokedAt: null, clientRevokedAt: null };
  const dto = toSessionDto({ ...session, name, role, scopeEventId, scopeSessionId, pairedBy, ...revoked });
  return { secret, session: dto };
}

const sessionColumns = {
  id: deviceSessions.id,
  clientId: deviceSessions.clientId,
  orgId: deviceSessions.orgId,
  userAgent: deviceSessions.userAgent,
  createdAt: deviceSessions.createdAt,
  expiresAt: deviceSessions.expiresAt,
  sessionRevokedAt: deviceSessions.revokedAt,
  name: apiClients.name,
  role: apiClients.role,
  clientOrgId: apiClients.orgId,
  scopeEventId: apiClients.scopeEventId,
  scopeSessionId: apiClients.scopeSessionId,
  clientRevokedAt: apiClients.revokedAt,
  rateLimitFactor: apiClients.rateLimitFactor,
  pairedBy: devicePairings.createdBy,
};

function selectSessions(db: Database) {
  return db
    .select(sessionColumns)
    .from(deviceSessions)
    .innerJoin(apiClients, eq(apiClients.id, deviceSessions.clientId))
    .leftJoin(devicePairings, eq(devicePairings.id, deviceSessions.pairingId));
}

type SessionRow = Awaited<ReturnType<typeof selectSessions>>[number];

function toSessionDto(row: Omit<SessionRow, "clientOrgId" | "rateLimitFactor">) {
  return {
    id: row.id,
    clientId: row.clientId,
    orgId: row.orgId,
    name: row.name,
    role: row.role as OrgRole,
    scope: limitOf(row),
    userAgent: row.userAgent,
    /** The client that made the pairing code ("system": the CLI). */
    pairedBy: row.pairedBy ?? "unknown",
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    /** When the session, or its client, was revoked. */
    revokedAt: row.sessionRevokedAt ?? row.clientRevokedAt,
  };
}

export type DeviceSessionDto = ReturnType<typeof toSessionDto>;

/** Why a session cookie no longer signs anyone in. */
export type EndedSession = "unknown" | "expired" | "revoked";

/**
 * The check of every request that carries a device session cookie: one read by the secret's
 * hash, joined with the session's client. Active while neither is revoked, the session has not
 * expired, and the client keeps its organisation.
 */
export async function deviceSessionOf(db: Database, secret: string, now: Date) {
  const ended = (why: EndedSession) => ({ ended: why });
  if (!/^ds_[A-Za-z0-9_-]{20,80}$/.test(secret)) return ended("unknown");
  const [row] = await selectSessions(db).where(eq(deviceSessions.tokenHash, await hashSessionSecret(secret)));
  if (!row) return ended("unknown");
  if (row.sessionRevokedAt !== null || row.clientRevokedAt !== null || row.clientOrgId !== row.orgId) {
    return ended("revoked");
  }
  if (row.expiresAt <= now.toISOString()) return ended("expired");
  const limit = limitOf(row);
  const actor: ClientActor = {
    kind: "client",
    clientId: row.clientId,
    orgId: row.orgId,
    role: row.role as OrgRole,
    ...(limit ? { limit } : {}),
  };
  const session = { id: row.id, name: row.name, expiresAt: row.expiresAt };
  return { actor, session, rateLimitFactor: row.rateLimitFactor };
}

/**
 * GET /v1/orgs/{orgId}/device-sessions: the organisation's device sessions, revoked and expired
 * ones included, oldest first. A caller limited to an event or session sees the devices limited
 * within it.
 */
export async function listDeviceSessions(ctx: ServiceContext, orgId: string, page: PageRequest) {
  const { client } = await orgWriteAccess(ctx, orgId, "devices:pair");
  const limit = client.limit;
  return paginate(
    page,
    (n) =>
      selectSessions(ctx.db)
        .where(
          and(
            eq(deviceSessions.orgId, orgId),
            afterCursor(deviceSessions.id, page),
            limit ? eq(apiClients.scopeEventId, limit.eventId) : undefined,
            limit?.sessionId ? eq(apiClients.scopeSessionId, limit.sessionId) : undefined,
          ),
        )
        .orderBy(asc(deviceSessions.id))
        .limit(n),
    toSessionDto,
  );
}

async function loadSession(ctx: ServiceContext, orgId: string, sessionId: string): Promise<SessionRow> {
  const [row] = await selectSessions(ctx.db).where(
    and(eq(deviceSessions.id, sessionId), eq(deviceSessions.orgId, orgId)),
  );
  if (!row) throw notFound("device_session", sessionId);
  return row;
}

/** Ends a session and its client in one batch, audited. Idempotent. */
async function endSession(ctx: ServiceContext, row: SessionRow, action: string): Promise<void> {
  if (row.sessionRevokedAt !== null && row.clientRevokedAt !== null) return;
  const at = ctx.clock().toISOString();
  await ctx.db.batch([
    ctx.db
      .update(deviceSessions)
      .set({ revokedAt: at })
      .where(and(eq(deviceSessions.id, row.id), isNull(deviceSessions.revokedAt))),
    ctx.db
      .update(apiClients)
      .set({ revokedAt: at })
      .where(and(eq(apiClients.id, row.clientId), isNull(apiClients.revokedAt))),
    auditInsert(ctx, {
      orgId: row.orgId,
      eventId: row.scopeEventId,
      action,
      entityType: "device_session",
      entityId: row.id,
      before: { clientId: row.clientId, name: row.name, role: row.role },
    }),
  ]);
}

/**
 * DELETE /v1/orgs/{orgId}/device-sessions/{id}: the device is signed out at its next request
 * (its session and its client are revoked). Only devices up to the caller's role and within its
 * limit. Idempotent.
 */
export async function revokeDeviceSession(ctx: ServiceContext, orgId: string, sessionId: string) {
  const { client } = await orgWriteAccess(ctx, orgId, "devices:pair");
  const row = await loadSession(ctx, orgId, sessionId);
  assertWithinCaller(client, row.role, limitOf(row), "revoke");
  await endSession(ctx, row, "device.revoked");
}

/** GET /v1/auth/device-sessions/current: the caller's own device session. */
export async function getOwnDeviceSession(ctx: ServiceContext, sessionId: string | undefined) {
  const client = requireClient(ctx.actor);
  if (!sessionId || !client.orgId) throw notFound("device_session", "current");
  return toSessionDto(await loadSession(ctx, client.orgId, sessionId));
}

/** DELETE /v1/auth/device-sessions/current: signing out ends the device's session and client. */
export async function endOwnDeviceSession(ctx: ServiceContext, sessionId: string | undefined) {
  const client = requireClient(ctx.actor);
  if (!sessionId || !client.orgId) throw notFound("device_session", "current");
  await endSession(ctx, await loadSession(ctx, client.orgId, sessionId), "device.signed-out");
}
