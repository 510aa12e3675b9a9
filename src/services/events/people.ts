import { and, asc, eq, inArray } from "drizzle-orm";
import { avoidPairs, eventStaff, players, registrations, sessions } from "../../db/schema";
import { orgSubtree, readableEvent, writableEvent } from "../access";
import { auditInsert } from "../audit";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";

async function assertPlayersInTree(
  ctx: ServiceContext,
  treeRoot: string,
  ids: readonly string[],
  path: (i: number) => string,
) {
  const tree = new Set(await orgSubtree(ctx.db, treeRoot));
  const found = await ctx.db
    .select({ id: players.id, orgId: players.orgId })
    .from(players)
    .where(inArray(players.id, [...ids]));
  const ok = new Set(found.filter((p) => tree.has(p.orgId)).map((p) => p.id));
  const issues = ids.flatMap((id, i) =>
    ok.has(id) ? [] : [{ path: path(i), message: `no player '${id}' in this organisation tree` }],
  );
  if (issues.length > 0)
    throw new ServiceError("not_found", "player_not_found", issues.map((i) => i.message).join("; "), {
      issues,
    });
}

/** Rule 1.3.2: referees and organisers may not play in the event they supervise, and players may not become its staff. */
export async function addStaff(
  ctx: ServiceContext,
  eventId: string,
  input: { playerId: string; role: "referee" | "organizer" },
) {
  const { event } = await writableEvent(ctx, eventId, "events:write");
  await assertPlayersInTree(ctx, event.ancestry.at(-1) ?? event.orgId, [input.playerId], () => "playerId");
  const [registered] = await ctx.db
    .select({ sessionId: registrations.sessionId })
    .from(registrations)
    .innerJoin(sessions, eq(sessions.id, registrations.sessionId))
    .where(and(eq(sessions.eventId, eventId), eq(registrations.playerId, input.playerId)))
    .limit(1);
  if (registered) {
    throw new ServiceError(
      "invalid",
      "player_cannot_be_staff",
      `Player '${input.playerId}' is registered to play in this event (session ${registered.sessionId}) and cannot be its ${input.role} (rule 1.3.2).`,
      {
        rule: "1.3.2",
        issues: [{ path: "playerId", message: "registered as a player of this event" }],
      },
    );
  }
  const now = ctx.clock().toISOString();
  await ctx.db.batch([
    ctx.db
      .insert(eventStaff)
      .values({ eventId, playerId: input.playerId, role: input.role, createdAt: now })
      .onConflictDoUpdate({ target: [eventStaff.eventId, eventStaff.playerId], set: { role: input.role } }),
    auditInsert(ctx, {
      orgId: event.orgId,
      eventId,
      action: "staff.add",
      entityType: "event",
      entityId: eventId,
      after: input,
    }),
  ]);
  return listStaff(ctx, eventId);
}

export async function listStaff(ctx: ServiceContext, eventId: string) {
  await readableEvent(ctx, eventId);
  const rows = await ctx.db
    .select({ id: players.id, name: players.name, role: eventStaff.role })
    .from(eventStaff)
    .innerJoin(players, eq(players.id, eventStaff.playerId))
    .where(eq(eventStaff.eventId, eventId))
    .orderBy(asc(players.name));
  return { data: rows.map((r) => ({ player: { id: r.id, name: r.name }, role: r.role })), nextCursor: null };
}

/** Friends and family to keep apart (rule 1.1.6, third priority); stored once per unordered pair. */
export async function addAvoidPair(
  ctx: ServiceContext,
  eventId: string,
  input: { playerIds: [string, string]; reason?: string | null },
) {
  const { event } = await writableEvent(ctx, eventId, "events:write");
  const [a, b] = [...input.playerIds].sort() as [string, string];
  if (a === b) {
    throw new ServiceError(
      "invalid",
      "avoid_pair_same_player",
      "An avoid pair needs two different players.",
      {
        issues: [{ path: "playerIds", message: "the two ids are the same" }],
      },
    );
  }
  await assertPlayersInTree(
    ctx,
    event.ancestry.at(-1) ?? event.orgId,
    input.playerIds,
    (i) => `playerIds[${i}]`,
  );
  await ctx.db.batch([
    ctx.db
      .insert(avoidPairs)
      .values({
        eventId,
        playerA: a,
        playerB: b,
        reason: input.reason ?? null,
        createdAt: ctx.clock().toISOString(),
      })
      .onConflictDoUpdate({
        target: [avoidPairs.eventId, avoidPairs.playerA, avoidPairs.playerB],
        set: { reason: input.reason ?? null },
      }),
    auditInsert(ctx, {
      orgId: event.orgId,
      eventId,
      action: "avoid-pair.add",
      entityType: "event",
      entityId: eventId,
      after: { playerIds: [a, b] },
    }),
  ]);
  return listAvoidPairs(ctx, eventId);
}

export async function listAvoidPairs(ctx: ServiceContext, eventId: string) {
  await writableEvent(ctx, eventId, "events:write");
  const rows = await ctx.db
    .select()
    .from(avoidPairs)
    .where(eq(avoidPairs.eventId, eventId))
    .orderBy(asc(avoidPairs.createdAt));
  return {
    data: rows.map((r) => ({ playerIds: [r.playerA, r.playerB] as [string, string], reason: r.reason })),
    nextCursor: null,
  };
}
