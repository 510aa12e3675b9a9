/**
 * Drops (docs/rules.md#drops): a player leaves a session after game N. The games played stay
 * (and count in the standings, where the player is shown as `dropped`); later games already
 * seated but without results are re-seated for the remaining players in the same batch as the
 * drop. A disqualification re-seats the session's later games the same way
 * (docs/rules.md#disqualification), and so may an exclusion (`leaveForExclusion`): `reseatRounds` is shared.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Batch } from "../../db/client";
import { newId } from "../../db/ids";
import { rankingInputsUnchanged } from "../../db/preconditions";
import { gameTables, registrations, rounds, seats } from "../../db/schema";
import { reseatGames } from "../../domain/reseat";
import { sessionGameCount } from "../../domain/structure";
import { canSplit } from "../../domain/tables";
import type { ScopedEvent } from "../access";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { bumpRankingsVersion, loadAttendance, playersOfGame, sessionAudit, writableSession } from "../events";
import {
  eventDisqualifications,
  type LoadedRound,
  loadAvoidPairs,
  loadRounds,
  sessionRoundDtos,
  toIdRound,
} from "./read";
import { commitSeating, roundSeatedStatements, seatRows } from "./write";

interface DropInput {
  playerId: string;
  /** The last game the player plays (0: leaves before game 1 is played). */
  afterGame: number;
}

/**
 * What a drop, a disqualification or an exclusion re-seats from: the session as it stands (its
 * prelim rounds `loaded` by number).
 */
export async function loadSessionState(ctx: ServiceContext, eventId: string, sessionId: string) {
  const [attendance, disqualified, loaded, avoidPairs] = await Promise.all([
    loadAttendance(ctx, sessionId),
    eventDisqualifications(ctx, eventId),
    loadRounds(ctx, and(eq(rounds.sessionId, sessionId), eq(rounds.kind, "prelim"))),
    loadAvoidPairs(ctx, eventId),
  ]);
  return { attendance, disqualified: new Set(disqualified.keys()), loaded, avoidPairs };
}
export type SessionState = Awaited<ReturnType<typeof loadSessionState>>;

/** The session's planned game count (rule 1.1.5): no-shows do not count. */
const plannedGames = (state: SessionState, event: ScopedEvent) =>
  sessionGameCount(state.attendance.filter((a) => !a.noShow).length, event.ruleset);

/**
 * The player leaving the session after game `afterGame` (a drop, or the one an exclusion brings):
 * who plays each game then, and the registration's update for the batch that records it.
 */
function leaveAfter(
  ctx: ServiceContext,
  state: SessionState,
  sessionId: string,
  playerId: string,
  afterGame: number,
) {
  const attendance = state.attendance.map((a) =>
    a.playerId === playerId ? { ...a, droppedAfterGame: afterGame } : a,
  );
  return {
    playersOf: (game: number) => playersOfGame(attendance, game, state.disqualified),
    statement: ctx.db
      .update(registrations)
      .set({ droppedAfterGame: afterGame, droppedAt: ctx.clock().toISOString() })
      .where(and(eq(registrations.sessionId, sessionId), eq(registrations.playerId, playerId))),
  };
}

/** The player's table in this game, if it seats them (one table at most). */
const tableOf = (l: LoadedRound, playerId: string) =>
  l.tables.find((t) => t.seats.some((s) => s.playerId === playerId));

/** Whether a table has a result or a disqualification. */
const played = (t: LoadedRound["tables"][number]) => t.result !== null || t.disqualified.length > 0;

/** The session's games after `afterGame` that seat the player. */
function laterGamesOf(state: SessionState, playerId: string, afterGame: number): LoadedRound[] {
  return state.loaded.filter((l) => l.round.number > afterGame && tableOf(l, playerId));
}

/** POST /v1/sessions/{id}/drops. */
export async function dropPlayer(ctx: ServiceContext, sessionId: string, input: DropInput) {
  const { event } = await writableSession(ctx, sessionId, "registrations:write");
  const state = await loadSessionState(ctx, event.id, sessionId);
  const { playerId, afterGame } = input;
  const gamesPlanned = checkDrop(state, event, input);
  const { playersOf, statement } = leaveAfter(ctx, state, sessionId, playerId, afterGame);
  // Every later game still to be played must seat the players left (rule 1.1.7).
  for (let game = afterGame + 1; game <= Math.min(gamesPlanned, 3); game++) {
    const left = playersOf(game).length;
    if (!canSplit(left)) {
      throw new ServiceError(
        "invalid",
        "drop_leaves_unsplittable",
        `After this drop ${left} player${left === 1 ? "" : "s"} would remain for game ${game}: tables of 3 and 4 cannot seat them (rule 1.1.7). The drop is not recorded. Record it after a later game (the player plays game ${game}), or record another player's drop at the same time so the count splits (3, 4, 6, 7, 8 and more do).`,
        {
          rule: "1.1.7",
          issues: [{ path: "afterGame", message: `leaves ${left} players for game ${game}` }],
        },
      );
    }
  }
  const later = laterGamesOf(state, playerId, afterGame);
  for (const l of later) assertReseatable(l, "the drop");
  const reseat = reseatRounds(ctx, event, state, later, playersOf);
  // The drop was checked against the results and seatings read after the event: a sheet or
  // another drop committed since would make it, or its re-seat, wrong.
  await commitSeating(ctx, [
    rankingInputsUnchanged(ctx.db, event),
    statement,
    ...reseat.statements,
    ...bumpRankingsVersion(ctx, event, sessionId),
    sessionAudit(ctx, event, sessionId, {
      action: "session.drop",
      after: { playerId, afterGame, reseatedRounds: reseat.roundIds },
    }),
  ]);
  const rounds_ = await sessionRoundDtos(ctx, event.id, sessionId);
  return {
    sessionId,
    playerId,
    afterGame,
    /** Games of this session the player has a final result in. */
    gamesPlayed: state.loaded.filter((l) => tableOf(l, playerId)?.result?.status === "final").length,
    /** Later games re-seated without the player, with the quality of their new seating. */
    reseated: rounds_.filter((r) => reseat.roundIds.includes(r.id)),
  };
}

/** The drop's refusals (who cannot drop, and when); returns the session's planned game count. */
function checkDrop(state: SessionState, event: ScopedEvent, { playerId, afterGame }: DropInput): number {
  const me = state.attendance.find((a) => a.playerId === playerId);
  if (!me) {
    throw new ServiceError(
      "invalid",
      "not_registered",
      `Player '${playerId}' is not registered for this session.`,
      {
        issues: [{ path: "playerId", message: "not registered for this session" }],
      },
    );
  }
  if (me.noShow)
    throw new ServiceError(
      "conflict",
      "no_show",
      `Player '${playerId}' is a no-show: there is nothing to drop.`,
    );
  if (me.droppedAfterGame !== null) {
    throw new ServiceError(
      "conflict",
      "already_dropped",
      `Player '${playerId}' already dropped after game ${me.droppedAfterGame}.`,
    );
  }
  if (state.disqualified.has(playerId)) {
    throw new ServiceError(
      "conflict",
      "already_disqualified",
      `Player '${playerId}' is disqualified from this event (rule 1.3.6).`,
    );
  }
  const gamesPlanned = plannedGames(state, event);
  if (afterGame >= gamesPlanned) {
    throw new ServiceError(
      "invalid",
      "drop_after_last_game",
      `The session plays ${gamesPlanned} games: a drop after game ${afterGame} changes nothing.`,
      { issues: [{ path: "afterGame", message: `must be below ${gamesPlanned}` }] },
    );
  }
  const playedLater = laterGamesOf(state, playerId, afterGame).filter((l) => played(tableOf(l, playerId)!));
  if (playedLater.length > 0) {
    const game = playedLater.at(-1)!.round.number;
    throw new ServiceError(
      "conflict",
      "played_after_drop",
      `Player '${playerId}' has a result in game ${game}: record the drop after game ${game} or later.`,
      { issues: [{ path: "afterGame", message: `must be at least ${game}` }] },
    );
  }
  return gamesPlanned;
}

/**
 * Statements that re-seat these rounds of the session (none has a result) for `playersOf` each
 * game, planned together, and announce each new seating in the same batch.
 */
function reseatRounds(
  ctx: ServiceContext,
  event: ScopedEvent,
  state: Pick<SessionState, "loaded" | "avoidPairs">,
  targets: readonly LoadedRound[],
  playersOf: (game: number) => string[],
): { statements: Batch[number][]; roundIds: string[] } {
  if (targets.length === 0) return { statements: [], roundIds: [] };
  const seated = reseatGames({
    games: targets.map(toIdRound),
    playerIds: targets.map((l) => playersOf(l.round.number)),
    history: state.loaded.filter((l) => !targets.includes(l)).map(toIdRound),
    avoidPairs: state.avoidPairs,
  });
  const now = ctx.clock();
  // Each round keeps its tables' ids by number; tables past the new count go, missing ones come.
  const statements = targets.flatMap((l, k) => {
    const round = seated[k]!;
    const roundId = l.round.id;
    const kept = new Map(l.tables.map((t) => [t.number, t.id]));
    const tableIds = round.map((_, t) => kept.get(t + 1) ?? newId("tbl", now.getTime()));
    const gone = l.tables.filter((t) => t.number > round.length).map((t) => t.id);
    const newSeats = round.map((table) => table.map((playerId) => ({ playerId, seedRank: null })));
    return [
      ctx.db.delete(seats).where(eq(seats.roundId, roundId)),
      ...(gone.length > 0 ? [ctx.db.delete(gameTables).where(inArray(gameTables.id, gone))] : []),
      ...tableIds.flatMap((id, t) =>
        kept.has(t + 1)
          ? []
          : [ctx.db.insert(gameTables).values({ id, roundId, number: t + 1, createdAt: now.toISOString() })],
      ),
      ctx.db.insert(seats).values(seatRows(roundId, tableIds, newSeats)),
      // The new seating is announced in the same batch as it is written.
      ...roundSeatedStatements(ctx, event, l.round, tableIds, round),
    ];
  });
  return { statements, roundIds: targets.map((l) => l.round.id) };
}

/** A game with results, or one snake-seated by rank, cannot be re-seated without the player. */
function assertReseatable(l: LoadedRound, change: string): void {
  const { number, id } = l.round;
  if (l.tables.some(played)) {
    throw new ServiceError(
      "conflict",
      "round_in_play",
      change === "the drop"
        ? `Game ${number} already has results at some tables, so it cannot be re-seated without the player. Record the drop after game ${number}.`
        : `Game ${number} already has results at some tables, so it cannot be re-seated without the player; ${change} is not recorded. Record it at the player's table of game ${number} instead (its result is not final): only the games after it are re-seated.`,
    );
  }
  if (l.round.method === "snake") {
    throw new ServiceError(
      "conflict",
      "snake_round_seated",
      `Game ${number} is snake-seated by rank: remove it (DELETE /v1/rounds/${id}), record ${change}, and seat it again.`,
    );
  }
}

/**
 * The re-seat a disqualification recorded at a prelim table brings (docs/rules.md#disqualification):
 * the session's later games that seat the player, without them, as a drop would. Throws 409
 * when such a game is in play, 422 when its players left cannot be split into tables.
 */
export async function reseatAfterDisqualification(
  ctx: ServiceContext,
  event: ScopedEvent,
  sessionId: string,
  playerId: string,
  game: number,
) {
  const state = await loadSessionState(ctx, event.id, sessionId);
  const out = new Set([...state.disqualified, playerId]);
  const playersOf = (n: number) => playersOfGame(state.attendance, n, out);
  const later = laterGamesOf(state, playerId, game);
  for (const l of later) assertReseatable(l, "the disqualification");
  if (later.every((l) => canSplit(playersOf(l.round.number).length))) {
    return reseatRounds(ctx, event, state, later, playersOf);
  }
  const late = state.loaded.filter(
    (l) => l.round.number > game && !canSplit(playersOf(l.round.number).length),
  );
  const number = late[0]?.round.number ?? game + 1;
  const left = playersOf(number).length;
  const removal = late
    .map((l) => `DELETE /v1/rounds/${l.round.id}`)
    .reverse()
    .join(", then ");
  throw new ServiceError(
    "invalid",
    "disqualification_leaves_unsplittable",
    `Without the player ${left} player${left === 1 ? "" : "s"} would remain for game ${number}, which is already seated: tables of 3 and 4 cannot seat them (rule 1.1.7), so the disqualification is not recorded. Remove the later seated games while they have no result (${removal}), then record it; no further game can be seated for ${left} players.`,
    { rule: "1.1.7", issues: [{ path: "playerId", message: `leaves ${left} players for game ${number}` }] },
  );
}

/**
 * What a programme exclusion does to one session of the tree at once (docs/rules.md#sanctions):
 * a registration whose games have not started is withdrawn; otherwise the player leaves after
 * the last game they have a result in, as for a drop, and the later seated games without a result
 * are re-seated without them (docs/rules.md#drops). A game that cannot be re-seated (in play at
 * other tables, snake-seated by rank, or too few players left to split) keeps its seating; a
 * sheet that scores the player there is refused (the tables service). Played games keep their
 * results. Returns the statements it brings to that session.
 */
export async function leaveForExclusion(
  ctx: ServiceContext,
  event: ScopedEvent,
  sessionId: string,
  playerId: string,
  exclusionId: string,
) {
  const state = await loadSessionState(ctx, event.id, sessionId);
  const me = state.attendance.find((a) => a.playerId === playerId);
  // A no-show never played; a player who left or was disqualified is already out of later games.
  if (!me || me.noShow || me.droppedAfterGame !== null || state.disqualified.has(playerId))
    return { kind: "none" as const };
  const audit = (action: string, after: Record<string, unknown>) =>
    sessionAudit(ctx, event, sessionId, { action, after: { playerId, exclusionId, ...after } });
  if (state.loaded.length === 0) {
    return {
      kind: "withdrawn" as const,
      sessionId,
      statements: [
        ctx.db
          .delete(registrations)
          .where(and(eq(registrations.sessionId, sessionId), eq(registrations.playerId, playerId))),
        audit("session.unregister", {}),
      ],
    };
  }
  const withResult = state.loaded.filter((l) => tableOf(l, playerId)?.result);
  const afterGame = Math.max(0, ...withResult.map((l) => l.round.number));
  if (afterGame >= plannedGames(state, event)) return { kind: "none" as const };

  const { playersOf, statement } = leaveAfter(ctx, state, sessionId, playerId, afterGame);
  const later = laterGamesOf(state, playerId, afterGame);
  const reseatable = later.filter(
    (l) => !l.tables.some(played) && l.round.method !== "snake" && canSplit(playersOf(l.round.number).length),
  );
  const reseat = reseatRounds(ctx, event, state, reseatable, playersOf);
  const stillSeatedAt = later
    .filter((l) => !reseatable.includes(l))
    .map((l) => tableOf(l, playerId)!)
    .filter((t) => t.result === null)
    .map((t) => t.id);
  return {
    kind: "left" as const,
    sessionId,
    /** The player leaves after this game (0: before playing game 1). */
    droppedAfterGame: afterGame,
    /** Seated games re-seated without the player. */
    reseatedRounds: reseat.roundIds,
    /** Tables of seated games that still seat the player: a sheet scoring them there is refused. */
    stillSeatedAt,
    statements: [
      statement,
      ...reseat.statements,
      ...bumpRankingsVersion(ctx, event, sessionId),
      audit("session.drop", { afterGame, reseatedRounds: reseat.roundIds, stillSeatedAt }),
    ],
  };
}
