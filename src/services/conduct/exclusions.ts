/**
 * Programme exclusion (docs/rules.md#sanctions): an organisation with member organisations (a
 * federation) excludes a player from its whole programme until a date, a calendar day in its
 * time zone. It takes effect at once: the player is withdrawn from the tree's registrations whose
 * games have not started and leaves the sessions under way as for a drop (the rounds service);
 * registration in any event of the tree is refused until then; played games keep their results.
 * Lifting keeps the row.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { orgAncestryJson } from "../../db/ancestry";
import { newId } from "../../db/ids";
import { commitChecked, precondition, rankingInputsUnchanged } from "../../db/preconditions";
import {
  events,
  organizations,
  players,
  programmeExclusions,
  registrations,
  sessions,
} from "../../db/schema";
import { inOrgTree } from "../../db/tree";
import { calendarDayIn } from "../../domain/local-time";
import {
  assertOrgReadable,
  assertOrgWritable,
  requirePermission,
  scopedEventColumns,
  toScopedEvent,
} from "../access";
import { auditInsert } from "../audit";
import { actorClientId, type ServiceContext } from "../context";
import { notFound, ServiceError } from "../errors";
import { bumpResultsVersion } from "../events";
import { afterCursor, type PageRequest, paginate } from "../pagination";
import { leaveForExclusion, rankingInputsChanged } from "../rounds";

type ExclusionRow = typeof programmeExclusions.$inferSelect;

function toExclusionDto(row: ExclusionRow, name: string) {
  return {
    id: row.id,
    orgId: row.orgId,
    player: { id: row.playerId, name },
    until: row.until,
    reason: row.reason,
    recordedBy: row.actorClientId,
    createdAt: row.createdAt,
    liftedAt: row.liftedAt,
  };
}

/** POST /v1/orgs/{orgId}/exclusions: owners and organisers of the federation itself. */
export async function createExclusion(
  ctx: ServiceContext,
  orgId: string,
  input: { playerId: string; until: string; reason: string },
) {
  await assertOrgWritable(ctx, orgId, "events:write");
  const [[player], [member], [org], registered] = await ctx.db.batch([
    ctx.db
      .select({ name: players.name, ancestry: orgAncestryJson(players.orgId) })
      .from(players)
      .where(eq(players.id, input.playerId)),
    ctx.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.parentOrgId, orgId))
      .limit(1),
    ctx.db
      .select({ timezone: organizations.timezone })
      .from(organizations)
      .where(eq(organizations.id, orgId)),
    // The player's registrations in the events of the tree (the organisation and every one below it).
    ctx.db
      .select({ sessionId: registrations.sessionId, ...scopedEventColumns })
      .from(registrations)
      .innerJoin(sessions, eq(sessions.id, registrations.sessionId))
      .innerJoin(events, eq(events.id, sessions.eventId))
      .where(and(eq(registrations.playerId, input.playerId), inOrgTree(events.orgId, orgId)))
      .orderBy(asc(registrations.sessionId)),
  ]);
  if (!player || !(JSON.parse(player.ancestry) as string[]).includes(orgId)) {
    throw new ServiceError(
      "not_found",
      "player_not_found",
      `No player '${input.playerId}' in this organisation's tree.`,
      { issues: [{ path: "playerId", message: "not a player of this organisation or its members" }] },
    );
  }
  if (!member) {
    throw new ServiceError(
      "invalid",
      "exclusion_needs_members",
      "Only an organisation with member organisations (a federation) runs a programme to exclude a player from; a store refuses a registration itself.",
      { issues: [{ path: "orgId", message: "an organisation with member organisations" }] },
    );
  }
  const now = ctx.clock();
  // The end is a calendar day where the organisation is (docs/rules.md#sanctions).
  const timezone = org?.timezone ?? null;
  const today = calendarDayIn(now, timezone);
  if (input.until <= today) {
    throw new ServiceError(
      "invalid",
      "exclusion_ends_too_soon",
      `An exclusion ends on a day after today, ${today} in the organisation's time zone (${timezone ?? "UTC"}).`,
      { issues: [{ path: "until", message: `a day after ${today} (${timezone ?? "UTC"})` }] },
    );
  }
  const row: ExclusionRow = {
    id: newId("exc", now.getTime()),
    orgId,
    playerId: input.playerId,
    until: input.until,
    reason: input.reason,
    actorClientId: actorClientId(ctx),
    createdAt: now.toISOString(),
    liftedAt: null,
  };
  // Every registration is visited in the exclusion's batch; what each session gets is the rounds
  // service's (a withdrawal, or a drop and a re-seat).
  const visited = await Promise.all(
    registered.map((r) => leaveForExclusion(ctx, toScopedEvent(r), r.sessionId, input.playerId, row.id)),
  );
  /** What the exclusion did at once, in its answer and its audit entry. */
  const effects = {
    /** Sessions whose games had not started: the registration is withdrawn. */
    withdrawnFrom: visited.flatMap((e) => (e.kind === "withdrawn" ? [e.sessionId] : [])),
    /** Sessions under way: the player leaves as for a drop. */
    sessions: visited.flatMap((e) => {
      if (e.kind !== "left") return [];
      const { sessionId, droppedAfterGame, reseatedRounds, stillSeatedAt } = e;
      return [{ sessionId, droppedAfterGame, reseatedRounds, stillSeatedAt }];
    }),
  };
  // The effects were computed from each event as read, and an exclusion is an input of the
  // playoffs' seating (an excluded qualifier is passed over): of it and a change to one of those
  // events, or a seating computed without it, the one committed second is a 409.
  const touched = [...new Map(registered.map((r) => [r.event.id, r.event])).values()];
  await commitChecked(
    ctx.db,
    [
      ctx.db.insert(programmeExclusions).values(row),
      // A registration committed since the read would escape the withdrawals computed here.
      precondition(
        ctx.db,
        `registrations of ${input.playerId}`,
        sql`(select count(*) from ${registrations} join ${sessions} on ${eq(sessions.id, registrations.sessionId)}
          join ${events} on ${eq(events.id, sessions.eventId)}
          where ${and(eq(registrations.playerId, input.playerId), inOrgTree(events.orgId, orgId))}) = ${registered.length}`,
      ),
      // Checked before the bumps below change what they compare.
      ...touched.map((event) => rankingInputsUnchanged(ctx.db, event)),
      ...touched.map((event) => bumpResultsVersion(ctx, event.id)),
      ...visited.flatMap((e) => (e.kind === "none" ? [] : e.statements)),
      auditInsert(ctx, {
        orgId,
        action: "exclusion.add",
        entityType: "exclusion",
        entityId: row.id,
        after: { playerId: input.playerId, until: input.until, ...effects },
        reason: input.reason,
      }),
    ],
    rankingInputsChanged,
  );

  return { ...toExclusionDto(row, player.name), effects };
}

function exclusionsQuery(ctx: ServiceContext) {
  return ctx.db
    .select({ id: programmeExclusions.id, exclusion: programmeExclusions, name: players.name })
    .from(programmeExclusions)
    .innerJoin(players, eq(players.id, programmeExclusions.playerId));
}

/** GET /v1/orgs/{orgId}/exclusions: the organisation's staff (and those above it), oldest first. */
export async function listExclusions(ctx: ServiceContext, orgId: string, page: PageRequest) {
  await assertOrgReadable(ctx, orgId);
  requirePermission(ctx.actor, "audit:read");
  return paginate(
    page,
    (limit) =>
      exclusionsQuery(ctx)
        .where(and(eq(programmeExclusions.orgId, orgId), afterCursor(programmeExclusions.id, page)))
        .orderBy(asc(programmeExclusions.id))
        .limit(limit),
    (r) => toExclusionDto(r.exclusion, r.name),
  );
}

/** DELETE /v1/orgs/{orgId}/exclusions/{id}: ends it now; the row and its history stay. */
export async function liftExclusion(ctx: ServiceContext, orgId: string, exclusionId: string) {
  await assertOrgWritable(ctx, orgId, "events:write");
  const where = and(eq(programmeExclusions.id, exclusionId), eq(programmeExclusions.orgId, orgId));
  const [found] = await exclusionsQuery(ctx).where(where);
  if (!found) throw notFound("exclusion", exclusionId);
  if (found.exclusion.liftedAt) return toExclusionDto(found.exclusion, found.name);
  const liftedAt = ctx.clock().toISOString();
  await ctx.db.batch([
    ctx.db.update(programmeExclusions).set({ liftedAt }).where(where),
    auditInsert(ctx, {
      orgId,
      action: "exclusion.lift",
      entityType: "exclusion",
      entityId: exclusionId,
      before: { liftedAt: null },
      after: { liftedAt },
    }),
  ]);
  return toExclusionDto({ ...found.exclusion, liftedAt }, found.name);
}
