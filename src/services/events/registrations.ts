import { and, asc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { orgAncestryJson } from "../../db/ancestry";
import {
  commitChecked,
  disqualificationsUnchanged,
  noExclusionUnseen,
  precondition,
  sessionNotSeated,
} from "../../db/preconditions";
import { disqualifications, eventStaff, players, registrations, rounds, seats } from "../../db/schema";
import { type Actor, canReadEvent, canReadOrg } from "../access";
import type { ServiceContext } from "../context";
import { notFound, playerGone, ServiceError } from "../errors";

import { afterCursor, MAX_PAGE_LIMIT, type PageRequest, paginate } from "../pagination";
import { gameOneSeated, registrationStatus, toAttendance } from "./attendance";
import { exclusionsInForce } from "./exclusions-in-force";
import { playersOfTree, treeRoot } from "./people";
import { loadSessionScope, sessionAudit, writableSession } from "./sessions";

/**
 * Registrations decide N (rule 1.2.2) and so the event's structure: once the semifinals or the
 * final are seated, a registration or withdrawal would change a structure already played.
 */
async function assertPlayoffsNotSeated(ctx: ServiceContext, eventId: string): Promise<void> {
  const [playoff] = await ctx.db
    .select({ kind: rounds.kind })
    .from(rounds)
    .where(and(eq(rounds.eventId, eventId), ne(rounds.kind, "prelim")))
    .limit(1);
  if (playoff) {
    throw new ServiceError(
      "conflict",
      "registration_closed",
      `Registration is closed: the event's ${playoff.kind} is already seated, and a change of its unique participants would change its structure (rules 1.1.5, 1.2.2).`,
      { rule: "1.2.2" },
    );
  }
}

/**
 * Registers players, idempotently per player. Refused for unknown or foreign players, staff of
 * the event (rule 1.3.2), disqualified players, once the session's first round is seated, and
 * once the event's playoffs are seated.
 */
export async function registerPlayers(ctx: ServiceContext, sessionId: string, playerIds: readonly string[]) {
  const { event } = await writableSession(ctx, sessionId, "registrations:write");
  const unique = [...new Set(playerIds)];
  // What the rules check of the players and the session, read together (round trips sent at once).
  const [known, staff, disqualified, seated, , excluded] = await Promise.all([
    // Players of any organisation of the event's tree may take part.
    playersOfTree(ctx, treeRoot(event), unique),
    ctx.db
      .select({ playerId: eventStaff.playerId, role: eventStaff.role })
      .from(eventStaff)
      .where(and(eq(eventStaff.eventId, event.id), inArray(eventStaff.playerId, unique))),
    ctx.db
      .select({ playerId: disqualifications.playerId })
      .from(disqualifications)
      .where(and(eq(disqualifications.eventId, event.id), inArray(disqualifications.playerId, unique))),
    gameOneSeated(ctx, sessionId),
    assertPlayoffsNotSeated(ctx, event.id),
    exclusionsInForce(ctx, event.ancestry, unique),
  ]);
  if (seated) throw lateEntry();
  assertMayPlay(playerIds, known, staff, disqualified);
  assertNotExcluded(playerIds, excluded.inForce);
  const now = ctx.clock().toISOString();
  // The registrations are read back in the same batch (the whole list is paged: GET …/players).
  const [, , , , , , rows] = await commitChecked(
    ctx.db,
    [
      // What was checked above, again at commit: a seating, a disqualification, a staff role or
      // an exclusion committed since refuses the whole batch.
      sessionNotSeated(ctx.db, sessionId),
      disqualificationsUnchanged(ctx.db, event.id, unique, 0),
      precondition(
        ctx.db,
        "playoffs not seated, no staff",
        sql`not exists (select 1 from ${rounds} where ${rounds.eventId} = ${event.id} and ${rounds.kind} <> 'prelim')
        and not exists (select 1 from ${eventStaff} where ${and(eq(eventStaff.eventId, event.id), inArray(eventStaff.playerId, unique))})`,
      ),
      noExclusionUnseen(ctx.db, unique, event.ancestry, excluded.seen),
      ctx.db
        .insert(registrations)
        .values(unique.map((playerId) => ({ sessionId, playerId, createdAt: now })))
        .onConflictDoNothing(),
      sessionAudit(ctx, event, sessionId, {
        action: "session.register",
        after: { playerIds: unique },
      }),
      registrationRows(
        ctx,
        and(eq(registrations.sessionId, sessionId), inArray(registrations.playerId, unique)),
      ),
    ],
    () => registrationRefusal(ctx, event.id, sessionId),
  );
  return { data: rows.map((row) => toRegistrationDto(row, ctx.actor)), nextCursor: null };
}

const lateEntry = () =>
  new ServiceError(
    "conflict",
    "registration_closed",
    "Registration is closed: game 1 of this session is already seated, and a late entry would miss games the others play. To add the player, remove the seated games while they have no result (DELETE /v1/rounds/{id}, last game first), register the player and seat game 1 again.",
  );

/**
 * The 409 of a registration batch whose checks no longer held (nothing was registered). A seating
 * committed meanwhile closes registration for good (the playoffs' check throws its own 409);
 * anything else is a race lost, and its code is one the idempotency layer does not store, so that
 * sending it again, key and all, runs again.
 */
async function registrationRefusal(ctx: ServiceContext, eventId: string, sessionId: string): Promise<Error> {
  const [, seated] = await Promise.all([
    assertPlayoffsNotSeated(ctx, eventId),
    gameOneSeated(ctx, sessionId),
  ]);
  if (seated) return lateEntry();
  return new ServiceError(
    "conflict",
    "concurrent_update",
    "A disqualification, a staff role or an exclusion concerning these players was committed while this registration was checked, so nothing was registered; send it again to see whether they may be.",
  );
}

/** Each player known in the event's tree, neither its staff (rule 1.3.2) nor disqualified from it. */
function assertMayPlay(
  playerIds: readonly string[],
  known: readonly { id: string }[],
  staff: readonly { playerId: string; role: string }[],
  disqualified: readonly { playerId: string }[],
): void {
  const knownIds = new Set(known.map((p) => p.id));
  const staffIds = new Map(staff.map((s) => [s.playerId, s.role]));
  const dqIds = new Set(disqualified.map((d) => d.playerId));
  const issues = playerIds.flatMap((id, index) => {
    const path = `playerIds[${index}]`;
    if (!knownIds.has(id)) return [{ path, message: `no player '${id}' in this organisation tree` }];
    if (staffIds.has(id))
      return [
        {
          path,
          message: `player '${id}' is a ${staffIds.get(id)} of this event and may not play in it (rule 1.3.2)`,
        },
      ];
    if (dqIds.has(id))
      return [{ path, message: `player '${id}' was disqualified from this event (rule 1.3.6)` }];
    return [];
  });
  if (issues.length > 0) {
    const unknown = issues.every((i) => i.message.startsWith("no player"));
    throw new ServiceError(
      unknown ? "not_found" : "invalid",
      unknown ? "player_not_found" : "registration_refused",
      issues.map((i) => i.message).join("; "),
      {
        rule: unknown ? undefined : staffIds.size > 0 ? "1.3.2" : "1.3.6",
        issues,
      },
    );
  }
}

/** A player excluded from the programme of an organisation above the event (docs/rules.md#sanctions). */
function assertNotExcluded(
  playerIds: readonly string[],
  excluded: readonly { playerId: string; until: string; orgName: string }[],
): void {
  const issues = playerIds.flatMap((id, index) => {
    const exclusion = excluded.find((e) => e.playerId === id);
    return exclusion
      ? [
          {
            path: `playerIds[${index}]`,
            message: `player '${id}' is excluded from the programme of ${exclusion.orgName} until ${exclusion.until} (the first day they may register again)`,
          },
        ]
      : [];
  });
  if (issues.length > 0) {
    throw new ServiceError(
      "invalid",
      "excluded_from_programme",
      `Registration refused: ${issues.map((i) => i.message).join("; ")}.`,
      { issues },
    );
  }
}

export async function unregisterPlayer(
  ctx: ServiceContext,
  sessionId: string,
  playerId: string,
): Promise<void> {
  const { event } = await writableSession(ctx, sessionId, "registrations:write");
  const registration = and(eq(registrations.sessionId, sessionId), eq(registrations.playerId, playerId));
  const [[seated], [registered]] = await Promise.all([
    ctx.db
      .select({ playerId: seats.playerId })
      .from(seats)
      .innerJoin(rounds, eq(rounds.id, seats.roundId))
      .where(and(eq(rounds.sessionId, sessionId), eq(seats.playerId, playerId)))
      .limit(1),
    ctx.db
      .select({ playerId: registrations.playerId, noShowAt: registrations.noShowAt })
      .from(registrations)
      .where(registration),
    assertPlayoffsNotSeated(ctx, event.id),
  ]);
  if (registered?.noShowAt) {
    throw new ServiceError(
      "conflict",
      "no_show_kept",
      "The player was recorded as a no-show when game 1 was seated; the registration is kept so the record is honest.",
    );
  }
  const alreadySeated = () =>
    new ServiceError(
      "conflict",
      "player_already_seated",
      "The player is already seated in this session; registration can only be withdrawn before seating.",
    );
  if (seated) throw alreadySeated();
  if (!registered) throw notFound("registration", playerId);
  const seatedHere = sql`exists (select 1 from ${seats} join ${rounds} on ${eq(rounds.id, seats.roundId)}
    where ${and(eq(rounds.sessionId, sessionId), eq(seats.playerId, playerId))})`;
  await commitChecked(
    ctx.db,
    [
      // A seating committed since the read above, or the player merged into their other id (the
      // delete would remove nothing), makes the whole batch fail.
      precondition(
        ctx.db,
        "player registered, not seated",
        sql`exists (select 1 from ${registrations} where ${registration}) and not ${seatedHere}`,
      ),
      ctx.db.delete(registrations).where(registration),
      sessionAudit(ctx, event, sessionId, {
        action: "session.unregister",
        before: { playerId },
      }),
    ],
    async () => {
      const [row] = await ctx.db.all<{ seated: number }>(sql`select ${seatedHere} as seated`);
      return row?.seated ? alreadySeated() : playerGone();
    },
  );
}

/** Registrations with their players, by player id (stable across pages). */
function registrationRows(ctx: ServiceContext, where: SQL | undefined) {
  return ctx.db
    .select({
      id: players.id,
      playerId: players.id,
      name: players.name,
      /** The player's organisation and its ancestors, in the same query: who may see the numbers. */
      ancestry: orgAncestryJson(players.orgId),
      externalId: players.externalId,
      eliminatedAt: registrations.eliminatedAt,
      checkedInAt: registrations.checkedInAt,
      noShowAt: registrations.noShowAt,
      droppedAfterGame: registrations.droppedAfterGame,
      registeredAt: registrations.createdAt,
    })
    .from(registrations)
    .innerJoin(players, eq(players.id, registrations.playerId))
    .where(where)
    .orderBy(asc(players.id));
}

/** A membership number goes only to readers of the player's organisation or its ancestors. */
function toRegistrationDto(r: Awaited<ReturnType<typeof registrationRows>>[number], actor: Actor) {
  const mayRead = canReadOrg(actor, JSON.parse(r.ancestry) as string[]);
  const attendance = toAttendance(r);
  return {
    player: { id: r.id, name: r.name, externalId: mayRead ? r.externalId : null },
    status: registrationStatus(attendance),
    eliminated: attendance.eliminated,
    checkedIn: attendance.checkedIn,
    noShow: attendance.noShow,
    droppedAfterGame: r.droppedAfterGame,
    registeredAt: r.registeredAt,
  };
}

/** A session's registered players, by player id (stable across pages). */
export async function listRegistrations(
  ctx: ServiceContext,
  sessionId: string,
  page: PageRequest = { limit: MAX_PAGE_LIMIT },
) {
  const { event } = await loadSessionScope(ctx, sessionId);
  if (!canReadEvent(ctx.actor, event)) throw notFound("session", sessionId);
  const inSession = eq(registrations.sessionId, sessionId);
  return paginate(
    page,
    (limit) => registrationRows(ctx, and(inSession, afterCursor(players.id, page))).limit(limit),
    (row) => toRegistrationDto(row, ctx.actor),
  );
}

/** The whole roster, every page (a session's CSV, GraphQL's list): as many as the session has players. */
export async function sessionRoster(ctx: ServiceContext, sessionId: string) {
  let page = await listRegistrations(ctx, sessionId);
  const roster = page.data;
  while (page.nextCursor) {
    page = await listRegistrations(ctx, sessionId, { limit: MAX_PAGE_LIMIT, cursor: page.nextCursor });
    roster.push(...page.data);
  }
  return roster;
}
