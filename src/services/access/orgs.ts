import type { ServiceContext } from "../context";
import { notFound } from "../errors";
import {
  assertOrgWideRead,
  assertOrgWideWrite,
  assertWriteWithin,
  loadAncestry,
  type Permission,
  requireClient,
} from "./permissions";

/** The organisation's ancestry (itself first) for a caller with a token; 404 for an unknown organisation. */
async function ancestryOf(ctx: ServiceContext, orgId: string): Promise<string[]> {
  requireClient(ctx.actor);
  const ancestry = await loadAncestry(ctx.db, orgId);
  if (!ancestry) throw notFound("organization", orgId);
  return ancestry;
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
