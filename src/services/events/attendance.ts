/**
 * Who actually plays: check-in at the venue, no-shows, and players who drop out.
 * Registrations stay as the record of who signed up; these columns say who came and for how
 * long, and every seating and ranking reads them through the functions below.
 */
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Batch } from "../../db/client";
import { commitChecked, precondition, sessionNotSeated } from "../../db/preconditions";
import { events, players, registrations, rounds } from "../../db/schema";
import type { ScopedEvent } from "../access";
import type { ServiceContext } from "../context";
import { playerGone, ServiceError } from "../errors";
import { standingsChangedStatements } from "../outbox";
import { sessionAudit, writableSession } from "./sessions";

export type RegistrationStatus = "registered" | "checked-in" | "no-show" | "dropped" | "eliminated";

export function registrationStatus(a: Omit<Attendance, "playerId">): RegistrationStatus {
  if (a.noShow) return "no-show";
  if (a.droppedAfterGame !== null) return "dropped";
  if (a.eliminated) return "eliminated";
  return a.checkedIn ? "checked-in" : "registered";
}

export async function loadAttendance(ctx: ServiceContext, sessionId: string): Promise<Attendance[]> {
  const rows = await ctx.db
    .select({
      playerId: registrations.playerId,
      checkedInAt: registrations.checkedInAt,
      noShowAt: registrations.noShowAt,
      droppedAfterGame: registrations.droppedAfterGame,
      eliminatedAt: registrations.eliminatedAt,
    })
    .from(registrations)
    .where(eq(registrations.sessionId, sessionId));
  return rows.map(toAttendance);
}

type AttendanceColumns = "playerId" | "checkedInAt" | "noShowAt" | "droppedAfterGame" | "eliminatedAt";

export function toAttendance(r: Pick<typeof registrations.$inferSelect, AttendanceColumns>) {
  return {
    playerId: r.playerId,
    checkedIn: r.checkedInAt !== null,
    noShow: r.noShowAt !== null,
    droppedAfterGame: r.droppedAfterGame,
    eliminated: r.eliminatedAt !== null,
  };
}
export type Attendance = ReturnType<typeof toAttendance>;

/** A session uses check-in as soon as one player is checked in (decision: no separate switch). */
export function usesCheckIn(attendance: readonly Attendance[]): boolean {
  return attendance.some((a) => a.checkedIn);
}

/**
 * The players of game `number`: no no-shows, nobody who dropped before it, nobody
 * disqualified; game 1 of a session using check-in seats only checked-in players.
 */
export function playersOfGame(
  attendance: readonly Attendance[],
  number: number,
  disqualified: ReadonlySet<string> = new Set(),
): string[] {
  const checkIn = number === 1 && usesCheckIn(attendance);
  return attendance
    .filter(
      (a) =>
        !a.noShow &&
        !(checkIn && !a.checkedIn) &&
        !(a.droppedAfterGame !== null && a.droppedAfterGame < number) &&
        !disqualified.has(a.playerId),
    )
    .map((a) => a.playerId);
}

/**
 * Bumped with every attendance change a ranking shows (drops, no-shows): the rankings' ETags
 * follow, and the version is announced (`standings.changed`) in the same batch, after the bump.
 */
export function bumpRankingsVersion(
  ctx: ServiceContext,
  event: Pick<ScopedEvent, "id" | "orgId" | "ancestry">,
  sessionId: string | null,
) {
  return [bumpResultsVersion(ctx, event.id), ...standingsChangedStatements(ctx, event, sessionId)] as const;
}

/** Every change that can move a ranking bumps the event's results version: its ETags follow. */
export function bumpResultsVersion(ctx: ServiceContext, eventId: string) {
  return ctx.db
    .update(events)
    .set({ resultsVersion: sql`${events.resultsVersion} + 1` })
    .where(eq(events.id, eventId));
}

/**
 * Game 1 of a session using check-in: everyone registered but not checked in is recorded as a
 * no-show (kept, so the record is honest), in the same batch as the seating.
 */
export function noShowStatements(
  ctx: ServiceContext,
  event: Pick<ScopedEvent, "id" | "orgId" | "ancestry">,
  sessionId: string,
  attendance: readonly Attendance[],
) {
  const noShows = attendance.filter((a) => !a.checkedIn && !a.noShow).map((a) => a.playerId);
  if (noShows.length === 0) return [];
  return [
    ctx.db
      .update(registrations)
      .set({ noShowAt: ctx.clock().toISOString() })
      .where(and(eq(registrations.sessionId, sessionId), inArray(registrations.playerId, noShows))),
    ...bumpRankingsVersion(ctx, event, sessionId),
    sessionAudit(ctx, event, sessionId, {
      action: "session.no-shows",
      after: { playerIds: noShows },
    }),
  ];
}

const checkInClosed = () =>
  new ServiceError(
    "conflict",
    "check_in_closed",
    "Game 1 is already seated, so check-in is closed: its no-shows are recorded. To let a late arrival play, remove game 1 while it has no result (DELETE /v1/rounds/{id}), check the player in and seat game 1 again.",
  );

/** Whether the session's first game is seated: registration and check-in close then. */
export async function gameOneSeated(ctx: ServiceContext, sessionId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(rounds)
    .where(and(eq(rounds.sessionId, sessionId), eq(rounds.kind, "prelim")));
  return (row?.n ?? 0) > 0;
}

async function assertGameOneNotSeated(ctx: ServiceContext, sessionId: string): Promise<void> {
  if (await gameOneSeated(ctx, sessionId)) throw checkInClosed();
}

/**
 * A check-in batch, refused whole if game 1 was seated since the checks above, or if a player it
 * names is no longer registered here (merged into their other id, or withdrawn): its update
 * would change nothing and answer as if it had.
 */
function commitCheckIn<T extends Batch>(
  ctx: ServiceContext,
  sessionId: string,
  playerIds: readonly string[],
  statements: T,
) {
  return commitChecked(
    ctx.db,
    [
      sessionNotSeated(ctx.db, sessionId),
      precondition(
        ctx.db,
        `players registered in session ${sessionId}`,
        sql`(select count(*) from ${registrations} where ${and(eq(registrations.sessionId, sessionId), inArray(registrations.playerId, [...playerIds]))}) = ${playerIds.length}`,
      ),
      ...statements,
    ] as const,
    async () => ((await gameOneSeated(ctx, sessionId)) ? checkInClosed() : playerGone()),
  );
}

/** POST /v1/sessions/{id}/check-ins: idempotent per player; only before game 1 is seated. */
export async function checkIn(ctx: ServiceContext, sessionId: string, playerIds: readonly string[]) {
  const { event } = await writableSession(ctx, sessionId, "registrations:write");
  const unique = [...new Set(playerIds)];
  const [registered] = await Promise.all([
    ctx.db
      .select({ playerId: registrations.playerId })
      .from(registrations)
      .where(and(eq(registrations.sessionId, sessionId), inArray(registrations.playerId, unique))),
    assertGameOneNotSeated(ctx, sessionId),
  ]);
  const known = new Set(registered.map((r) => r.playerId));
  const issues = playerIds.flatMap((id, i) =>
    known.has(id)
      ? []
      : [{ path: `playerIds[${i}]`, message: `player '${id}' is not registered for this session` }],
  );
  if (issues.length > 0) {
    throw new ServiceError("invalid", "not_registered", issues.map((i) => i.message).join("; "), { issues });
  }
  const now = ctx.clock().toISOString();
  // The roster is read back in the same batch as the write.
  const [, , , , rows] = await commitCheckIn(ctx, sessionId, unique, [
    ctx.db
      .update(registrations)
      .set({ checkedInAt: now })
      .where(
        and(
          eq(registrations.sessionId, sessionId),
          inArray(registrations.playerId, unique),
          sql`${registrations.checkedInAt} is null`,
        ),
      ),
    sessionAudit(ctx, event, sessionId, {
      action: "session.check-in",
      after: { playerIds: unique },
    }),
    ctx.db
      .select({ id: players.id, name: players.name, checkedInAt: registrations.checkedInAt })
      .from(registrations)
      .innerJoin(players, eq(players.id, registrations.playerId))
      .where(eq(registrations.sessionId, sessionId)),
  ]);
  const checkedIn = rows.filter((r) => r.checkedInAt !== null);
  return {
    sessionId,
    checkedIn: checkedIn.map((r) => ({ id: r.id, name: r.name })),
    notCheckedIn: rows.filter((r) => r.checkedInAt === null).map((r) => ({ id: r.id, name: r.name })),
  };
}

/** DELETE /v1/sessions/{id}/check-ins/{playerId}: undo, only before game 1 is seated. */
export async function undoCheckIn(ctx: ServiceContext, sessionId: string, playerId: string): Promise<void> {
  const { event } = await writableSession(ctx, sessionId, "registrations:write");
  const where = and(eq(registrations.sessionId, sessionId), eq(registrations.playerId, playerId));
  const [[row]] = await Promise.all([
    ctx.db.select({ checkedInAt: registrations.checkedInAt }).from(registrations).where(where),
    assertGameOneNotSeated(ctx, sessionId),
  ]);
  if (!row?.checkedInAt) {
    throw new ServiceError(
      "not_found",
      "check_in_not_found",
      `Player '${playerId}' is not checked in to this session.`,
    );
  }
  await commitCheckIn(
    ctx,
    sessionId,
    [playerId],
    [
      ctx.db.update(registrations).set({ checkedInAt: null }).where(where),
      sessionAudit(ctx, event, sessionId, {
        action: "session.check-in.undo",
        before: { playerId },
      }),
    ],
  );
}
