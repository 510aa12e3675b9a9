import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { commitChecked, precondition } from "../../db/preconditions";
import { avoidPairs, eventStaff, players, registrations, sessions } from "../../db/schema";
import { readableEvent, writableEvent } from "../access";
import { auditInsert } from "../audit";
import type { ServiceContext } from "../context";
import { notFound, playerGone, ServiceError } from "../errors";

/** Players carry the root of their organisation tree, so membership of the tree is one indexed read. */
export function playersOfTree(ctx: ServiceContext, treeRoot: string, ids: readonly string[]) {
  return ctx.db
    .select({ id: players.id })
    .from(players)
    .where(and(inArray(players.id, [...ids]), eq(players.rootOrgId, treeRoot)));
}

function assertAllFound(
  found: readonly { id: string }[],
  ids: readonly string[],
  path: (i: number) => string,
) {
  const ok = new Set(found.map((p) => p.id));
  const issues = ids.flatMap((id, i) =>
    ok.has(id) ? [] : [{ path: path(i), message: `no player '${id}' in this organisation tree` }],
  );
  if (issues.length > 0)
    throw new ServiceError("not_found", "player_not_found", issues.map((i) => i.message).join("; "), {
      issues,
    });
}

export function treeRoot(event: { ancestry: readonly string[]; orgId: string }): string {
  return event.ancestry.at(-1) ?? event.orgId;
}

/** Rule 1.3.2: referees and organisers may not play in the event they supervise, and players may not become its staff. */
export async function addStaff(
  ctx: ServiceContext,
  eventId: string,
  input: { playerId: string; role: "referee" | "organizer" },
) {
  const { event } = await writableEvent(ctx, eventId, "events:write");
  const [found, [registered]] = await Promise.all([
    playersOfTree(ctx, treeRoot(event), [input.playerId]),
    ctx.db
      .select({ sessionId: registrations.sessionId })
      .from(registrations)
      .innerJoin(sessions, eq(sessions.id, registrations.sessionId))
      .where(and(eq(sessions.eventId, eventId), eq(registrations.playerId, input.playerId)))
      .limit(1),
  ]);
  assertAllFound(found, [input.playerId], () => "playerId");
  const plays = (where: string) =>
    new ServiceError(
      "invalid",
      "player_cannot_be_staff",
      `Player '${input.playerId}' is registered to play in this event (${where}) and cannot be its ${input.role} (rule 1.3.2).`,
      { rule: "1.3.2", issues: [{ path: "playerId", message: "registered as a player of this event" }] },
    );
  if (registered) throw plays(`session ${registered.sessionId}`);
  return changeStaff(
    ctx,
    event.orgId,
    eventId,
    ctx.db
      .insert(eventStaff)
      .values({ eventId, playerId: input.playerId, role: input.role, createdAt: ctx.clock().toISOString() })
      .onConflictDoUpdate({ target: [eventStaff.eventId, eventStaff.playerId], set: { role: input.role } }),
    { action: "staff.add", after: input },
    {
      // Registered since the check above: the batch is refused whole.
      holds: precondition(
        ctx.db,
        "not registered",
        sql`not exists (select 1 from ${registrations} join ${sessions} on ${eq(sessions.id, registrations.sessionId)}
          where ${and(eq(sessions.eventId, eventId), eq(registrations.playerId, input.playerId))})`,
      ),
      refused: () => plays("registered meanwhile"),
    },
  );
}

/** DELETE …/staff/{playerId}: the player is no longer the event's referee or organiser. */
export async function removeStaff(ctx: ServiceContext, eventId: string, playerId: string) {
  const { event } = await writableEvent(ctx, eventId, "events:write");
  const where = and(eq(eventStaff.eventId, eventId), eq(eventStaff.playerId, playerId));
  const [named] = await ctx.db.select({ role: eventStaff.role }).from(eventStaff).where(where);
  if (!named) throw notFound("staff", playerId);
  return changeStaff(
    ctx,
    event.orgId,
    eventId,
    ctx.db.delete(eventStaff).where(where),
    { action: "staff.remove", before: { playerId, role: named.role } },
    // Merged into their other id since the read: the delete would remove nothing.
    {
      holds: precondition(ctx.db, "staff named", sql`exists (select 1 from ${eventStaff} where ${where})`),
      refused: playerGone,
    },
  );
}

/** A change of the event's staff with its audit row, and the staff read back in the same batch. */
async function changeStaff(
  ctx: ServiceContext,
  orgId: string,
  eventId: string,
  write: BatchItem<"sqlite">,
  audit: { action: string; before?: unknown; after?: unknown },
  guard: { holds: BatchItem<"sqlite">; refused: () => Error },
) {
  // The guard re-checks at commit what the change was decided from; first, before the write.
  const [, , , rows] = await commitChecked(
    ctx.db,
    [
      guard.holds,
      write,
      auditInsert(ctx, { orgId, eventId, entityType: "event", entityId: eventId, ...audit }),
      staffQuery(ctx, eventId),
    ],
    guard.refused,
  );
  return { data: rows, nextCursor: null };
}

/** The event's staff as the list sends them, by name. */
function staffQuery(ctx: ServiceContext, eventId: string) {
  return ctx.db
    .select({ player: { id: players.id, name: players.name }, role: eventStaff.role })
    .from(eventStaff)
    .innerJoin(players, eq(players.id, eventStaff.playerId))
    .where(eq(eventStaff.eventId, eventId))
    .orderBy(asc(players.name));
}

export async function listStaff(ctx: ServiceContext, eventId: string) {
  await readableEvent(ctx, eventId);
  return { data: await staffQuery(ctx, eventId), nextCursor: null };
}

/** Friends and family to keep apart (rule 1.1.6, third priority); stored once per unordered pair. */
export async function addAvoidPair(
  ctx: ServiceContext,
  eventId: string,
  input: { playerIds: readonly string[]; reason?: string | null },
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
  assertAllFound(
    await playersOfTree(ctx, treeRoot(event), input.playerIds),
    input.playerIds,
    (i) => `playerIds[${i}]`,
  );
  const [, , rows] = await ctx.db.batch([
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
    avoidPairsQuery(ctx, eventId),
  ]);
  return toAvoidPairList(rows);
}

function avoidPairsQuery(ctx: ServiceContext, eventId: string) {
  return ctx.db
    .select()
    .from(avoidPairs)
    .where(eq(avoidPairs.eventId, eventId))
    .orderBy(asc(avoidPairs.createdAt));
}

export async function listAvoidPairs(ctx: ServiceContext, eventId: string) {
  await writableEvent(ctx, eventId, "events:write");
  return toAvoidPairList(await avoidPairsQuery(ctx, eventId));
}

function toAvoidPairList(rows: readonly (typeof avoidPairs.$inferSelect)[]) {
  return {
    data: rows.map((r) => ({ playerIds: [r.playerA, r.playerB] as [string, string], reason: r.reason })),
    nextCursor: null,
  };
}
