import { notFound, ServiceError } from "../errors";

export const ROLES = ["admin", "owner", "organizer", "referee", "reporter", "reader"] as const;
export type Role = (typeof ROLES)[number];
/** Roles an organisation can give its clients; `admin` is the platform's own. */
export const ORG_ROLES = ["owner", "organizer", "referee", "reporter", "reader"] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

/** A client limited at creation to one event, or to one session (which names its event too). */
export interface ClientLimit {
  eventId: string;
  sessionId?: string;
}

export type Actor =
  | { kind: "anonymous" }
  | {
      kind: "client";
      clientId: string;
      orgId: string | null;
      role: Role;
      tokenId?: string;
      /** OAuth2 scopes granted to the token; absent: every right of the role. */
      scopes?: readonly Scope[];
      limit?: ClientLimit;
    };

export type ClientActor = Extract<Actor, { kind: "client" }>;

export const ANONYMOUS: Actor = { kind: "anonymous" };

// The roles form a chain: each one can do everything the role below it can, plus its own. The
// platform admin holds every permission there is.
const READER = ["private:read", "org:read"] as const;
const REPORTER = [...READER, "results:submit", "results:confirm"] as const;
const REFEREE = [...REPORTER, "results:finalize", "results:disqualify", "audit:read"] as const;
const ORGANIZER = [
  ...REFEREE,
  "players:write",
  "events:write",
  "registrations:write",
  "seating:write",
  "results:correct",
  "webhooks:manage",
  "devices:pair",
] as const;
const OWNER = [...ORGANIZER, "clients:manage"] as const;
const ADMIN = [...OWNER, "orgs:create"] as const;
export type Permission = (typeof ADMIN)[number];

/**
 * The permission matrix (docs/reference/authentication.md#roles). Writes are always within the client's own
 * organisation; a parent organisation only reads its descendants.
 */
const PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: ADMIN,
  owner: OWNER,
  organizer: ORGANIZER,
  referee: REFEREE,
  reporter: REPORTER,
  reader: READER,
};

/**
 * OAuth2 scopes (the token endpoint's `scope` parameter): a token may ask for fewer rights than
 * its client's role. Each scope names the permissions it unlocks; a token's rights are its
 * role's permissions within its scopes. Every token reads the private events it may see
 * (`standings:read` alone is a read-only token for them); the organisation-wide data (its
 * lists, players' membership numbers, the export and the change feed) needs `org:read`.
 */
export const SCOPES = {
  "standings:read": ["private:read"],
  "org:read": ["org:read"],
  "audit:read": ["audit:read"],
  "results:write": [
    "results:submit",
    "results:confirm",
    "results:finalize",
    "results:disqualify",
    "results:correct",
  ],
  "registrations:write": ["registrations:write"],
  "seating:write": ["seating:write"],
  "events:write": ["events:write"],
  "players:write": ["players:write"],
  "clients:manage": ["clients:manage"],
  "webhooks:manage": ["webhooks:manage"],
  "devices:pair": ["devices:pair"],
  "orgs:create": ["orgs:create"],
} as const satisfies Record<string, readonly Permission[]>;
export type Scope = keyof typeof SCOPES;
export const SCOPE_NAMES = Object.keys(SCOPES) as Scope[];

export function isScope(value: string): value is Scope {
  return Object.hasOwn(SCOPES, value);
}

const unlocks = (scope: Scope, permission: Permission) =>
  (SCOPES[scope] as readonly Permission[]).includes(permission);

/** The scopes a role can be granted: those unlocking at least one of its permissions. */
export function scopesOfRole(role: Role): Scope[] {
  return SCOPE_NAMES.filter((scope) => PERMISSIONS[role].some((p) => unlocks(scope, p)));
}

const roleGrants = (client: ClientActor, permission: Permission) =>
  PERMISSIONS[client.role].includes(permission);
const scopesGrant = (client: ClientActor, permission: Permission) =>
  client.scopes === undefined ||
  permission === "private:read" ||
  client.scopes.some((s) => unlocks(s, permission));

export function hasPermission(actor: Actor, permission: Permission): boolean {
  return actor.kind === "client" && roleGrants(actor, permission) && scopesGrant(actor, permission);
}

/** The challenge of a request that sent no token: the scheme and realm, nothing to fix in a token. */
export const BEARER_CHALLENGE = 'Bearer realm="catan"';

export function requireClient(actor: Actor): ClientActor {
  if (actor.kind !== "client") {
    throw new ServiceError("unauthorized", "token_required", "This operation needs a bearer token.", {
      // No credentials were sent: a bare challenge, no error code (RFC 6750 §3.1).
      headers: { "www-authenticate": BEARER_CHALLENGE },
    });
  }
  return actor;
}

export function requirePermission(actor: Actor, permission: Permission): ClientActor {
  const client = requireClient(actor);
  if (!roleGrants(client, permission)) {
    throw new ServiceError(
      "forbidden",
      "insufficient_role",
      `The role '${client.role}' may not do this (needs ${permission}).`,
    );
  }
  if (scopesGrant(client, permission)) return client;
  const scope = SCOPE_NAMES.find((s) => unlocks(s, permission)) ?? permission;
  throw new ServiceError(
    "forbidden",
    "insufficient_scope",
    `This token was issued for the scopes '${(client.scopes ?? []).join(" ")}'; this operation needs '${scope}' (ask POST /v1/auth/token for it).`,
    {
      headers: { "www-authenticate": `${BEARER_CHALLENGE}, error="insufficient_scope", scope="${scope}"` },
    },
  );
}

function outsideLimit(limit: ClientLimit, what: string): ServiceError {
  return new ServiceError(
    "forbidden",
    "outside_client_scope",
    limit.sessionId
      ? `This client is limited to session '${limit.sessionId}' (of event '${limit.eventId}') and may ${what}.`
      : `This client is limited to event '${limit.eventId}' and may ${what}.`,
  );
}

/**
 * A client limited to one event or session (set at creation) acts only there: anything else it
 * could otherwise reach is a 403 naming its limit. `target.eventId` undefined: the write is
 * about the organisation itself (an event, a client, a webhook), outside every limit.
 */
export function assertWithinLimit(
  client: ClientActor,
  target: { eventId?: string; sessionId?: string | null },
  what = "change nothing else",
): void {
  const limit = client.limit;
  if (!limit) return;
  if (
    target.eventId !== limit.eventId ||
    (limit.sessionId !== undefined && target.sessionId !== limit.sessionId)
  ) {
    throw outsideLimit(limit, what);
  }
}

/**
 * Membership of the tree above some data: the platform admin, the owning organisation, or one
 * of its ancestors (a federation reads its member stores). `ancestry` is the owner's ancestry
 * chain (including itself), usually loaded together with the resource. Whether the member's
 * credential reaches the data is a second question: `canReadEvent` for an event's data,
 * `canReadOrg` for the organisation-wide data.
 */
export function isMember(actor: Actor, ancestry: readonly string[]): boolean {
  if (actor.kind !== "client") return false;
  if (actor.role === "admin") return true;
  return actor.orgId !== null && ancestry.includes(actor.orgId);
}

/**
 * Read access to organisation-wide private data owned by `ownerOrgId`: a member (see
 * `isMember`) whose credential is neither limited to one event or session nor narrowed below
 * `org:read`. Everyone else gets the public view, where there is one.
 */
export function canReadOrg(actor: Actor, ancestry: readonly string[]): boolean {
  return (
    isMember(actor, ancestry) && actor.kind === "client" && !actor.limit && hasPermission(actor, "org:read")
  );
}

/**
 * Throws unless `actor` may read the organisation-wide private data of an organisation with
 * this ancestry: `hidden()` (the 404 of a missing id) for non-members, so ids cannot be probed;
 * a 403 naming the limit or the missing scope for a member's narrowed credential (it knows its
 * own organisation, so the 403 tells it nothing new).
 */
export function assertOrgWideRead(
  actor: Actor,
  ancestry: readonly string[],
  hidden: () => ServiceError,
): void {
  const client = requireClient(actor);
  if (!isMember(client, ancestry)) throw hidden();
  assertOrgWideWrite(client);
}

/**
 * Organisation-wide data (the organisation and its lists, players' membership numbers, the
 * export, the change feed, ratings and series over private events) is read, and written (its
 * events, clients, webhooks, series, exclusions, Discord, players' records and calendar links),
 * only by a credential that reaches all of it: a client limited to one event or session gets 403
 * naming its limit (RFC 6749 §3.3: a narrower grant narrows reads too), a token asked for scopes
 * without `org:read` 403 `insufficient_scope` (docs/reference/authentication.md#narrowed-credentials).
 */
export function assertOrgWideWrite(client: ClientActor): void {
  if (client.limit) throw outsideLimit(client.limit, "read or change nothing else of its organisation");
  requirePermission(client, "org:read");
}

/** The platform itself, for the bootstrap CLI and the first-start admin: never sent over HTTP. */
export const SYSTEM_ACTOR: ClientActor = { kind: "client", clientId: "system", orgId: null, role: "admin" };

interface AccessTarget {
  /** Names the 404: `event` → code `event_not_found`. */
  what?: string;
  /** The id quoted in the 404 detail. */
  id?: string;
}

/**
 * Throws unless `actor` may change data owned by `ownerOrgId` (whose ancestry, itself first, is
 * loaded) with `permission`: writes stay inside the owning organisation.
 * - no token → 401; another organisation (not an ancestor) → 404, as if the id did not exist;
 * - an ancestor organisation → 403 `read_only_ancestor` (it may read the data, not change it);
 * - the owning organisation without the permission → 403 `insufficient_role`.
 * The owning organisation and the platform admin pass when their role has the permission.
 * Returns the client actor (for audit rows).
 */
export function assertWriteWithin(
  actor: Actor,
  ownerOrgId: string,
  ancestry: readonly string[],
  permission: Permission,
  target: AccessTarget = {},
): ClientActor {
  const client = requireClient(actor);
  if (client.role !== "admin" && client.orgId !== ownerOrgId) {
    if (!isMember(client, ancestry)) throw notFound(target.what ?? "organization", target.id ?? ownerOrgId);
    throw readOnlyAncestor();
  }
  return requirePermission(client, permission);
}

export const readOnlyAncestor = () =>
  new ServiceError(
    "forbidden",
    "read_only_ancestor",
    "A parent organisation may read this organisation's data but not change it or manage its clients; use a client of the organisation itself.",
  );
