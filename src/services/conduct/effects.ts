/**
 * An exclusion takes effect at once (docs/rules.md#sanctions): every registration of the player
 * in an event of the excluding organisation's tree is visited, in the same batch as the
 * exclusion. What each session gets is the rounds service's (withdrawal, or a drop and re-seat).
 */
import { and, asc, eq } from "drizzle-orm";
import { events, registrations, sessions } from "../../db/schema";
import { inOrgTree } from "../../db/tree";
import { scopedEventColumns, toScopedEvent } from "../access";
import type { ServiceContext } from "../context";
import { leaveForExclusion } from "../rounds";
import type { ExclusionEffectsDto } from "./exclusions";

/**
 * The player's registrations in the events of `orgId`'s tree (the organisation and every one
 * below it), each with its event's scope: a query for the batch that reads the exclusion's inputs.
 */
export function treeRegistrationsQuery(ctx: ServiceContext, orgId: string, playerId: string) {
  return ctx.db
    .select({ sessionId: registrations.sessionId, ...scopedEventColumns })
    .from(registrations)
    .innerJoin(sessions, eq(sessions.id, registrations.sessionId))
    .innerJoin(events, eq(events.id, sessions.eventId))
    .where(and(eq(registrations.playerId, playerId), inOrgTree(events.orgId, orgId)))
    .orderBy(asc(registrations.sessionId));
}

type TreeRegistration = Awaited<ReturnType<typeof treeRegistrationsQuery>>[number];

/** What the exclusion does to each of these registrations, as statements for its batch. */
export async function exclusionStatements(
  ctx: ServiceContext,
  rows: readonly TreeRegistration[],
  playerId: string,
  exclusionId: string,
) {
  const visited = await Promise.all(
    rows.map((row) => leaveForExclusion(ctx, toScopedEvent(row), row.sessionId, playerId, exclusionId)),
  );
  const effects: ExclusionEffectsDto = { withdrawnFrom: [], sessions: [] };
  for (const effect of visited) {
    if (effect.kind === "withdrawn") effects.withdrawnFrom.push(effect.sessionId);
    if (effect.kind === "left") {
      const { sessionId, droppedAfterGame, reseatedRounds, stillSeatedAt } = effect;
      effects.sessions.push({ sessionId, droppedAfterGame, reseatedRounds, stillSeatedAt });
    }
  }
  const statements = visited.flatMap((effect) => (effect.kind === "none" ? [] : effect.statements));
  return { statements, effects };
}
