/**
 * Drops (docs/rules.md#drops): a player leaves a session after game N. The games played stay
 * (and count in the standings, where the player is shown as `dropped`); later games already
 * seated but without results are re-seated for the remaining players in the same batch as the
 * drop. A disqualification re-seats the session's later games the same way
 * (docs/rules.md#disqualification): `reseatWithoutPlayer` is shared.
 */
import { and, eq, inArray } from "drizzle-orm";
import { newId } from "../../db/ids";
import { gameTables, registrations, rounds, seats } from "../../db/schema";
import { reseatGames } from "../../domain/reseat";
import type { AvoidPair, Round } from "../../domain/schedule";
import { sessionGameCount } from "../../domain/structure";
import { splitTables, TableSplitError } from "../../domain/tables";
import type { ScopedEvent } from "../access";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import {
  type Attendance,
  bumpRankingsVersion,
  loadAttendance,
  playersOfGame,
  sessionAudit,
  writableSession,
} from "../events";
import { eventDisqualified } from "./ranking";
import {
  type LoadedRound,
  loadAvoidPairs,
  loadRounds,
  type RoundDto,
  type Statements,
  sessionRoundDtos,
  toIdRound,
} from "./read";
import { newSeatCode } from "./seat-codes";
import { commitSeating, roundSeatedStatements } from "./write";

interface DropInput {
  playerId: string;
  /** The last game the player plays (0: leaves before game 1 is played). */
  afterGame: number;
}

interface DropDto {
  sessionId: string;
  playerId: string;
  afterGame: number;
  /** Games of this session the player has a final result in. */
  gamesPlayed: number;
  /** Later games re-seated without the player, with the quality of their new seating. */
  reseated: RoundDto[];
}

const refuse = (kind: "conflict" | "invalid", code: string, message: string, extra = {}) =>
  new ServiceError(kind, code, message, extra);

/** What a drop, a disqualification or an exclusion re-seats from: the session as it stands. */
export interface SessionState {
  attendance: Attendance[];
  disqualified: Set<string>;
  /** The session's prelim rounds, by number. */
  loaded: LoadedRound[];
  avoidPairs: AvoidPair[];
}

export async function loadSessionState(
  ctx: ServiceContext,
  eventId: string,
  sessionId: string,
): Promise<SessionState> {
  const [attendance, disqualified, loaded, avoidPairs] = await Promise.all([
    loadAttendance(ctx, sessionId),
    eventDisqualified(ctx, eventId),
    loadRounds(ctx, and(eq(rounds.sessionId, sessionId), eq(rounds.kind, "prelim"))),
    loadAvoidPairs(ctx, eventId),
  ]);
  return { attendance, disqualified: new Set(disqualified), loaded, avoidPairs };
}

/** POST /v1/sessions/{id}/drops. */
export async function dropPlayer(ctx: ServiceContext, sessionId: string, input: DropInput): Promise<DropDto> {
  const { event } = await writableSession(ctx, sessionId, "registrations:write");
  const state = await loadSessionState(ctx, event.id, sessionId);
  const { playerId, afterGame } = input;
  const gamesPlanned = checkDrop(state, event, input);
  const after = state.attendance.map((a) =>
    a.playerId === playerId ? { ...a, droppedAfterGame: afterGame } : a,
  );
  const playersOf = (game: number) => playersOfGame(after, game, state.disqualified);
  assertSplittableAfterDrop(playersOf, afterGame, Math.min(gamesPlanned, 3));
  const reseat = reseatWithoutPlayer(ctx, event, sessionId, state, { playerId, afterGame, playersOf });
  const now = ctx.clock().toISOString();
  await commitSeating(ctx, [
    ctx.db
      .update(registrations)
      .set({ droppedAfterGame: afterGame, droppedAt: now })
      .where(and(eq(registrations.sessionId, sessionId), eq(registrations.playerId, playerId))),
    ...reseat.statements,
    ...bumpRankingsVersion(ctx, event, sessionId),
    sessionAudit(ctx, event, sessionId, {
      action: "session.drop",
      after: { playerId, afterGame, reseatedRounds: reseat.roundIds },
    }),
  ]);
  const rounds_ = await sessionRoundDtos(ctx, event.id, sessionId);
  const gamesPlayed = state.loaded.filter((l) =>
    l.tables.some((t) => t.result?.status === "final" && t.seats.some((s) => s.playerId === playerId)),
  ).length;
  return {
    sessionId,
    playerId,
    afterGame,
    gamesPlayed,
    reseated: rounds_.filter((r) => reseat.roundIds.includes(r.id)),
  };
}

/** The drop's refusals (who cannot drop, and when); returns the session's planned game count. */
function checkDrop(state: SessionState, event: ScopedEvent, { playerId, afterGame }: DropInput): number {
  const me = state.attendance.find((a) => a.playerId === playerId);
  if (!me) {
    throw refuse("invalid", "not_registered", `Player '${playerId}' is not registered for this session.`, {
      issues: [{ path: "playerId", message: "not registered for this session" }],
    });
  }
  if (me.noShow)
    throw refuse("conflict", "no_show", `Player '${playerId}' is a no-show: there is nothing to drop.`);
  if (me.droppedAfterGame !== null) {
    throw refuse(
      "conflict",
      "already_dropped",
      `Player '${playerId}' already dropped after game ${me.droppedAfterGame}.`,
    );
  }
  if (state.disqualified.has(playerId)) {
    throw refuse(
      "conflict",
      "already_disqualified",
      `Player '${playerId}' is disqualified from this event (rule 1.3.6).`,
    );
  }
  const gamesPlanned = sessionGameCount(state.attendance.filter((a) => !a.noShow).length, event.ruleset);
  if (afterGame >= gamesPlanned) {
    throw refuse(
      "invalid",
      "drop_after_last_game",
      `The session plays ${gamesPlanned} games: a drop after game ${afterGame} changes nothing.`,
      { issues: [{ path: "afterGame", message: `must be below ${gamesPlanned}` }] },
    );
  }
  const playedLater = state.loaded.filter(
    (l) =>
      l.round.number > afterGame &&
      l.tables.some(
        (t) => t.seats.some((s) => s.playerId === playerId) && (t.result || t.disqualified.length),
      ),
  );
  if (playedLater.length > 0) {
    const game = playedLater.at(-1)!.round.number;
    throw refuse(
      "conflict",
      "played_after_drop",
      `Player '${playerId}' has a result in game ${game}: record the drop after game ${game} or later.`,
      { issues: [{ path: "afterGame", message: `must be at least ${game}` }] },
    );
  }
  return gamesPlanned;
}

/** Every later game still to be played must seat the players left (rule 1.1.7). */
function assertSplittableAfterDrop(
  playersOf: (game: number) => string[],
  afterGame: number,
  lastGame: number,
) {
  for (let game = afterGame + 1; game <= lastGame; game++) {
    const left = playersOf(game).length;
    try {
      splitTables(left);
    } catch (error) {
      if (!(error instanceof TableSplitError)) throw error;
      throw refuse(
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
}

interface Leaving {
  playerId: string;
  /** Games after this one that seat the player are re-seated. */
  afterGame: number;
  /** Who plays game n once the player is gone. */
  playersOf: (game: number) => string[];
  /** Says what is refused in the messages: "the drop" or "the disqualification". */
  change?: string;
}

/**
 * Statements that re-seat the session's later games where the player sits (games with no
 * result), all planned together (docs/rules.md#drops), and announce each new seating.
 */
function reseatWithoutPlayer(
  ctx: ServiceContext,
  event: ScopedEvent,
  sessionId: string,
  state: Pick<SessionState, "loaded" | "avoidPairs">,
  leaving: Leaving,
): { statements: Statements[number][]; roundIds: string[] } {
  const targets = state.loaded.filter(
    (l) =>
      l.round.number > leaving.afterGame &&
      l.tables.some((t) => t.seats.some((s) => s.playerId === leaving.playerId)),
  );
  for (const l of targets) assertReseatable(l, leaving.change ?? "the drop");
  return reseatRounds(ctx, event, sessionId, state, targets, leaving.playersOf);
}

/**
 * Statements that re-seat these rounds of the session (none has a result) for `playersOf` each
 * game, planned together, and announce each new seating in the same batch.
 */
export function reseatRounds(
  ctx: ServiceContext,
  event: ScopedEvent,
  sessionId: string,
  state: Pick<SessionState, "loaded" | "avoidPairs">,
  targets: readonly LoadedRound[],
  playersOf: (game: number) => string[],
): { statements: Statements[number][]; roundIds: string[] } {
  if (targets.length === 0) return { statements: [], roundIds: [] };
  const seated = reseatGames({
    games: targets.map(toIdRound),
    playerIds: targets.map((l) => playersOf(l.round.number)),
    history: state.loaded.filter((l) => !targets.includes(l)).map(toIdRound),
    avoidPairs: state.avoidPairs,
  });
  const statements = targets.flatMap((l, k) => {
    const round = seated[k]!;
    const reseat = reseatStatements(ctx, l, round);
    // The new seating is announced in the same batch as it is written.
    return [
      ...reseat.statements,
      ...roundSeatedStatements(ctx, event, {
        sessionId,
        roundId: l.round.id,
        kind: l.round.kind,
        number: l.round.number,
        method: l.round.method,
        tables: round.map((playerIds, t) => ({ tableId: reseat.tableIds[t]!, playerIds })),
      }),
    ];
  });
  return { statements, roundIds: targets.map((l) => l.round.id) };
}

/** A game with results, or one snake-seated by rank, cannot be re-seated without the player. */
function assertReseatable(l: LoadedRound, change: string): void {
  const { number, id } = l.round;
  if (l.tables.some((t) => t.result !== null || t.disqualified.length > 0)) {
    throw refuse(
      "conflict",
      "round_in_play",
      change === "the drop"
        ? `Game ${number} already has results at some tables, so it cannot be re-seated without the player. Record the drop after game ${number}.`
        : `Game ${number} already has results at some tables, so it cannot be re-seated without the player; ${change} is not recorded. Record it at the player's table of game ${number} instead (its result is not final): only the games after it are re-seated.`,
    );
  }
  if (l.round.method === "snake") {
    throw refuse(
      "conflict",
      "snake_round_seated",
      `Game ${number} is snake-seated by rank: remove it (DELETE /v1/rounds/${id}), record ${change}, and seat it again.`,
    );
  }
}

/** Replaces a round's tables and seats: tables keep their ids by number; extra ones go. */
function reseatStatements(ctx: ServiceContext, loaded: LoadedRound, round: Round) {
  const roundId = loaded.round.id;
  const now = ctx.clock();
  const tableIds = round.map(
    (_, t) => loaded.tables.find((x) => x.number === t + 1)?.id ?? newId("tbl", now.getTime()),
  );
  const fresh = round.map((_, t) => !loaded.tables.some((x) => x.number === t + 1));
  const gone = loaded.tables.filter((t) => t.number > round.length).map((t) => t.id);
  const statements = [
    ctx.db.delete(seats).where(eq(seats.roundId, roundId)),
    ...(gone.length > 0 ? [ctx.db.delete(gameTables).where(inArray(gameTables.id, gone))] : []),
    ...round.flatMap((_, t) =>
      fresh[t]
        ? [
            ctx.db
              .insert(gameTables)
              .values({ id: tableIds[t]!, roundId, number: t + 1, createdAt: now.toISOString() }),
          ]
        : [],
    ),
    ctx.db.insert(seats).values(
      round.flatMap((table, t) =>
        table.map((playerId, p) => ({
          tableId: tableIds[t]!,
          roundId,
          playerId,
          position: p + 1,
          seedRank: null,
          confirmationCode: newSeatCode(),
        })),
      ),
    ),
  ];
  return { statements, tableIds };
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
): Promise<{ statements: Statements[number][]; roundIds: string[] }> {
  const state = await loadSessionState(ctx, event.id, sessionId);
  const out = new Set([...state.disqualified, playerId]);
  const playersOf = (n: number) => playersOfGame(state.attendance, n, out);
  try {
    return reseatWithoutPlayer(ctx, event, sessionId, state, {
      playerId,
      afterGame: game,
      playersOf,
      change: "the disqualification",
    });
  } catch (error) {
    if (!(error instanceof TableSplitError)) throw error;
    const late = state.loaded.filter(
      (l) => l.round.number > game && !splits(playersOf(l.round.number).length),
    );
    const number = late[0]?.round.number ?? game + 1;
    const left = playersOf(number).length;
    const removal = late
      .map((l) => `DELETE /v1/rounds/${l.round.id}`)
      .reverse()
      .join(", then ");
    throw refuse(
      "invalid",
      "disqualification_leaves_unsplittable",
      `Without the player ${left} player${left === 1 ? "" : "s"} would remain for game ${number}, which is already seated: tables of 3 and 4 cannot seat them (rule 1.1.7), so the disqualification is not recorded. Remove the later seated games while they have no result (${removal}), then record it; no further game can be seated for ${left} players.`,
      { rule: "1.1.7", issues: [{ path: "playerId", message: `leaves ${left} players for game ${number}` }] },
    );
  }
}

export function splits(count: number): boolean {
  try {
    splitTables(count);
    return true;
  } catch {
    return false;
  }
}
