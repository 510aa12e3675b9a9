import { eq } from "drizzle-orm";
import { orgAncestryJson } from "../db/ancestry";
import { newId } from "../db/ids";
import { organizations } from "../db/schema";
import { assertOrgWideRead, assertOrgWritable, requireClient, requirePermission } from "./access";
import { auditInsert } from "./audit";
import type { ServiceContext } from "./context";
import { notFound, ServiceError } from "./errors";
import { type Page, type PageRequest, paginateRows } from "./pagination";

export const ORG_KINDS = ["store", "chain", "federation", "club"] as const;
export type OrgKind = (typeof ORG_KINDS)[number];

type OrgRow = typeof organizations.$inferSelect;
export type OrganizationDto = ReturnType<typeof toDto>;

const toDto = (row: OrgRow) => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  parentOrgId: row.parentOrgId,
  timeZone: row.timezone,
  createdAt: row.createdAt,
});

/** POST /v1/orgs: the platform admin creates an organisation, optionally under a parent. */
export async function createOrganization(
  ctx: ServiceContext,
  input: {
    name: string;
    kind: OrgKind;
    parentOrgId?: string | undefined;
    timeZone?: string | null | undefined;
  },
): Promise<OrganizationDto> {
  requirePermission(ctx.actor, "orgs:create");
  if (input.parentOrgId) {
    const [parent] = await ctx.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, input.parentOrgId))
      .limit(1);
    if (!parent) {
      throw new ServiceError("invalid", "parent_org_not_found", `No organisation '${input.parentOrgId}'.`, {
        issues: [{ path: "parentOrgId", message: "No such organisation." }],
      });
    }
  }
  const now = ctx.clock();
  const row: OrgRow = {
    id: newId("org", now.getTime()),
    name: input.name,
    kind: input.kind,
    parentOrgId: input.parentOrgId ?? null,
    timezone: input.timeZone ?? null,
    createdAt: now.toISOString(),
  };
  await ctx.db.insert(organizations).values(row);
  return toDto(row);
}

/** GET /v1/orgs/{orgId}: members of the organisation or of an ancestor; 404 for anyone else. */
export async function getOrganization(ctx: ServiceContext, orgId: string): Promise<OrganizationDto> {
  requireClient(ctx.actor);
  const [row] = await ctx.db
    .select({ org: organizations, ancestry: orgAncestryJson(organizations.id) })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  if (!row) throw notFound("organization", orgId);
  assertOrgWideRead(ctx.actor, JSON.parse(row.ancestry) as string[], () => notFound("organization", orgId));
  return toDto(row.org);
}

/** GET /v1/orgs/{orgId}/children: the direct children, for members of the org or an ancestor. */
export async function listChildOrganizations(
  ctx: ServiceContext,
  orgId: string,
  page: PageRequest,
): Promise<Page<OrganizationDto>> {
  await getOrganization(ctx, orgId);
  return paginateRows(ctx.db, page, organizations, eq(organizations.parentOrgId, orgId), toDto);
}

/**
 * PATCH /v1/orgs/{orgId}: the organisation's own settings, by its owners and organisers (a parent
 * only reads its descendants). Today its time zone, in which its calendar days are read.
 */
export async function updateOrganization(
  ctx: ServiceContext,
  orgId: string,
  patch: { timeZone?: string | null | undefined },
): Promise<OrganizationDto> {
  await assertOrgWritable(ctx, orgId, "events:write");
  const [before] = await ctx.db.select().from(organizations).where(eq(organizations.id, orgId));
  if (!before) throw notFound("organization", orgId);
  if (patch.timeZone === undefined || patch.timeZone === before.timezone) return toDto(before);
  await ctx.db.batch([
    ctx.db.update(organizations).set({ timezone: patch.timeZone }).where(eq(organizations.id, orgId)),
    auditInsert(ctx, {
      orgId,
      action: "org.update",
      entityType: "organization",
      entityId: orgId,
      before: { timeZone: before.timezone },
      after: { timeZone: patch.timeZone },
    }),
  ]);
  return toDto({ ...before, timezone: patch.timeZone });
}
