/**
 * Secret calendar addresses for one player (docs/rules.md#sessions-in-time): staff of the
 * player's organisation tree make one, hand it out (it is shown once) and revoke it; each
 * step is in the audit trail of the organisation that made it.
 */
import { and, asc, eq } from "drizzle-orm";
import { orgAncestryJson } from "../../db/ancestry";
import { newId } from "../../db/ids";
import { calendarLinks, organizations, players } from "../../db/schema";
import { assertOrgWideWrite, requireClient, requirePermission } from "../access";
import { auditInsert } from "../audit";
import { actorClientId, type ServiceContext } from "../context";
import { notFound } from "../errors";
import { newSecret, sha256Hex } from "../secrets";

type LinkRow = typeof calendarLinks.$inferSelect;

function toCalendarLinkDto(row: LinkRow) {
  return {
    id: row.id,
    playerId: row.playerId,
    orgId: row.orgId,
    createdAt: row.createdAt,
    revokedAt: row.revokedAt,
  };
}

/** Staff (players:write) not limited to one event: links are organisation-wide. */
function staffClient(ctx: ServiceContext) {
  const client = requirePermission(requireClient(ctx.actor), "players:write");
  assertOrgWideWrite(client);
  return client;
}

/**
 * Staff (players:write) of an organisation in the player's tree, not limited to one event: the
 * organisation whose reads the link will carry. The platform admin acts for the player's own.
 */
async function linkingOrg(ctx: ServiceContext, playerId: string) {
  const client = staffClient(ctx);
  const [[player], [caller]] = await ctx.db.batch([
    ctx.db
      .select({ orgId: players.orgId, root: players.rootOrgId })
      .from(players)
      .where(eq(players.id, playerId)),
    ctx.db
      .select({ ancestry: orgAncestryJson(organizations.id) })
      .from(organizations)
      .where(eq(organizations.id, client.orgId ?? "")),
  ]);
  if (!player) throw notFound("player", playerId);
  if (client.role === "admin" && client.orgId === null) return { client, orgId: player.orgId };
  const callerRoot = caller ? (JSON.parse(caller.ancestry) as string[]).at(-1) : undefined;
  if (callerRoot !== player.root) throw notFound("player", playerId);
  return { client, orgId: client.orgId! };
}

export async function createCalendarLink(ctx: ServiceContext, playerId: string) {
  const { orgId } = await linkingOrg(ctx, playerId);
  const secret = newSecret();
  const now = ctx.clock();
  const row: LinkRow = {
    id: newId("cal", now.getTime()),
    playerId,
    orgId,
    secretHash: await sha256Hex(secret),
    actorClientId: actorClientId(ctx),
    createdAt: now.toISOString(),
    revokedAt: null,
  };
  await ctx.db.batch([
    ctx.db.insert(calendarLinks).values(row),
    auditInsert(ctx, {
      orgId,
      action: "calendar-link.create",
      entityType: "player",
      entityId: playerId,
      after: toCalendarLinkDto(row),
    }),
  ]);
  // The feed's path for the secret: what calendar apps subscribe to.
  return { ...toCalendarLinkDto(row), path: `/v1/calendars/${secret}.ics` };
}

/** The player's links made by the caller's organisation (all of them for the admin), oldest first. */
export async function listCalendarLinks(ctx: ServiceContext, playerId: string) {
  const { client, orgId } = await linkingOrg(ctx, playerId);
  const rows = await ctx.db
    .select()
    .from(calendarLinks)
    .where(
      and(
        eq(calendarLinks.playerId, playerId),
        client.role === "admin" ? undefined : eq(calendarLinks.orgId, orgId),
      ),
    )
    .orderBy(asc(calendarLinks.createdAt), asc(calendarLinks.id));
  return { data: rows.map(toCalendarLinkDto), nextCursor: null };
}

/** DELETE /v1/calendar-links/{id}: the feed answers 404 from now on. Idempotent. */
export async function revokeCalendarLink(ctx: ServiceContext, linkId: string): Promise<void> {
  const client = staffClient(ctx);
  const [row] = await ctx.db.select().from(calendarLinks).where(eq(calendarLinks.id, linkId));
  if (!row || (client.role !== "admin" && row.orgId !== client.orgId))
    throw notFound("calendar_link", linkId);
  if (row.revokedAt) return;
  const now = ctx.clock().toISOString();
  await ctx.db.batch([
    ctx.db.update(calendarLinks).set({ revokedAt: now }).where(eq(calendarLinks.id, linkId)),
    auditInsert(ctx, {
      orgId: row.orgId,
      action: "calendar-link.revoke",
      entityType: "player",
      entityId: row.playerId,
      before: toCalendarLinkDto(row),
      after: toCalendarLinkDto({ ...row, revokedAt: now }),
    }),
  ]);
}
