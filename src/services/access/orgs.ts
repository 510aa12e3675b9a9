import { eq, sql } from "drizzle-orm";
import { orgAncestryJson } from "../../db/ancestry";
import type { Database } from "../../db/client";
import { organizations } from "../../db/schema";
import type { ServiceContext } from "../context";
import { notFound } from "../errors";
import {
  assertOrgWideRead,
  assertOrgWideWrite,
  assertWriteWithin,
  type Permission,
  requireClient,
} from "./permissions";

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

/**
 * The organisation and its ancestors, itself first (whoever belongs to one of them may read its
 * data), for a caller with a token; 404 for an unknown organisation.
 */
async function ancestryOf(ctx: ServiceContext, orgId: string): Promise<string[]> {
  requireClient(ctx.actor);
  const [row] = await ctx.db
    .select({ ancestry: orgAncestryJson(organizations.id) })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  if (!row) throw notFound("organization", orgId);
  return JSON.parse(row.ancestry) as string[];
}

/**
 * Members of the organisation or of an ancestor read it, with a credential that reaches
 * organisation-wide data (not limited to one event or session, not narrowed below `org:read`:
 * 403); everyone else gets 404.
 */
export async function assertOrgReadable(ctx: ServiceContext, orgId: string): Promise<void> {
  assertOrgWideRead(ctx.actor, await ancestryOf(ctx, orgId), () => notFound("organization", orgId));
}

/**
 * Writes stay inside the organisation: an ancestor gets 403, anyone else 404, a weaker role 403.
 * The writing client and the organisation's ancestry (itself first, the root of its tree last).
 * A narrowed credential passes: what it may reach is for the caller to check.
 */
export async function orgWriteAccess(ctx: ServiceContext, orgId: string, permission: Permission) {
  const ancestry = await ancestryOf(ctx, orgId);
  return { ancestry, client: assertWriteWithin(ctx.actor, orgId, ancestry, permission) };
}

/** `orgWriteAccess` for organisation-wide writes, which a narrowed credential may not make. */
export async function assertOrgWritable(
  ctx: ServiceContext,
  orgId: string,
  permission: Permission,
  options: { walkIn?: boolean } = {},
): Promise<string[]> {
  const { ancestry, client } = await orgWriteAccess(ctx, orgId, permission);
  // A new player it may create (a store registers walk-ins from its limited device), since
  // players belong to no event.
  if (!options.walkIn) assertOrgWideWrite(client);
  return ancestry;
}
