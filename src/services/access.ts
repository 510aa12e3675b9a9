import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { ServiceError } from "./errors";

export const ROLES = ["admin", "owner", "organizer", "referee", "reporter", "reader"] as const;
export type Role = (typeof ROLES)[number];
/** Roles an organisation can give its clients; `admin` is the platform's own. */
export const ORG_ROLES = ["owner", "organizer", "referee", "reporter", "reader"] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

export type Actor =
  | { kind: "anonymous" }
  | { kind: "client"; clientId: string; orgId: string | null; role: Role; tokenId?: string };

export const ANONYMOUS: Actor = { kind: "anonymous" };

export type Permission =
  | "orgs:create"
  | "clients:manage"
  | "players:write"
  | "events:write"
  | "results:submit"
  | "results:confirm"
  | "results:finalize"
  | "results:disqualify"
  | "results:correct"
  | "audit:read"
  | "private:read";

/**
 * The permission matrix (README "Roles"). Writes are always within the client's own
 * organisation; a parent organisation only reads its descendants.
 */
export const PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: [
    "orgs:create",
    "clients:manage",
    "players:write",
    "events:write",
    "results:submit",
    "results:confirm",
    "results:finalize",
    "results:disqualify",
    "results:correct",
    "audit:read",
    "private:read",
  ],
  owner: [
    "clients:manage",
    "players:write",
    "events:write",
    "results:submit",
    "results:confirm",
    "results:finalize",
    "results:disqualify",
    "results:correct",
    "audit:read",
    "private:read",
  ],
  organizer: [
    "players:write",
    "events:write",
    "results:submit",
    "results:confirm",
    "results:finalize",
    "results:disqualify",
    "results:correct",
    "audit:read",
    "private:read",
  ],
  referee: ["results:submit", "results:confirm", "results:finalize", "results:disqualify", "audit:read", "private:read"],
  reporter: ["results:submit", "results:confirm", "private:read"],
  reader: ["private:read"],
};

export function hasPermission(actor: Actor, permission: Permission): boolean {
  return actor.kind === "client" && PERMISSIONS[actor.role].includes(permission);
}

export function requireClient(actor: Actor): Extract<Actor, { kind: "client" }> {
  if (actor.kind !== "client") {
    throw new ServiceError("unauthorized", "token_required", "This operation needs a bearer token.", {
      headers: { "www-authenticate": 'Bearer realm="catan", error="invalid_token"' },
    });
  }
  return actor;
}

export function requirePermission(actor: Actor, permission: Permission): Extract<Actor, { kind: "client" }> {
  const client = requireClient(actor);
  if (!hasPermission(client, permission)) {
    throw new ServiceError("forbidden", "insufficient_role", `The role '${client.role}' may not do this (needs ${permission}).`);
  }
  return client;
}

/** The organisation and all its descendants, in one recursive query. */
export async function orgSubtree(db: Database, orgId: string): Promise<string[]> {
  const rows = await db.all<{ id: string }>(sql`
    with recursive tree(id) as (
      select id from organizations where id = ${orgId}
      union
      select o.id from organizations o join tree t on o.parent_org_id = t.id
    )
    select id from tree`);
  return rows.map((r) => r.id);
}

/** The organisation and its ancestors: whoever belongs to one of them may read this org's data. */
export async function orgAncestry(db: Database, orgId: string): Promise<string[]> {
  const rows = await db.all<{ id: string }>(sql`
    with recursive chain(id, parent) as (
      select id, parent_org_id from organizations where id = ${orgId}
      union
      select o.id, o.parent_org_id from organizations o join chain c on o.id = c.parent
    )
    select id from chain`);
  return rows.map((r) => r.id);
}

/**
 * Read access to data owned by `ownerOrgId`: the platform admin, the owning organisation, or
 * one of its ancestors (a federation reads its member stores). `ancestry` is the owner's
 * ancestry chain (including itself), usually loaded together with the resource.
 */
export function canReadOrg(actor: Actor, ancestry: readonly string[]): boolean {
  if (actor.kind !== "client") return false;
  if (actor.role === "admin") return true;
  return actor.orgId !== null && ancestry.includes(actor.orgId);
}

/** Writes stay inside the owning organisation (or the platform admin). */
export function canWriteOrg(actor: Actor, ownerOrgId: string): boolean {
  if (actor.kind !== "client") return false;
  return actor.role === "admin" || actor.orgId === ownerOrgId;
}
