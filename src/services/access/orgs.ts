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

/**
 * Members of the organisation or of an ancestor read it, with a credential that reaches
 * organisation-wide data (not limited to one event or session, not narrowed below `org:read`:
 * 403); everyone else gets 404.
 */
export async function assertOrgReadable(ctx: ServiceContext, orgId: string): Promise<void> {
  requireClient(ctx.actor);
  const ancestry = await loadAncestry(ctx.db, orgId);
  if (!ancestry) throw notFound("organization", orgId);
  assertOrgWideRead(ctx.actor, ancestry, () => notFound("organization", orgId));
}

/**
 * Writes stay inside the organisation: an ancestor gets 403, anyone else 404, a weaker role 403.
 * Returns the organisation's ancestry (itself first, the root of its tree last).
 */
export async function assertOrgWritable(
  ctx: ServiceContext,
  orgId: string,
  permission: Permission,
  options: { walkIn?: boolean } = {},
): Promise<string[]> {
  requireClient(ctx.actor);
  const ancestry = await loadAncestry(ctx.db, orgId);
  if (!ancestry) throw notFound("organization", orgId);
  const client = assertWriteWithin(ctx.actor, orgId, ancestry, permission, {
    what: "organization",
    id: orgId,
  });
  // A narrowed credential changes nothing organisation-wide; a new player it may create (a store
  // registers walk-ins from its limited device), since players belong to no event.
  if (!options.walkIn) assertOrgWideWrite(client);
  return ancestry;
}
