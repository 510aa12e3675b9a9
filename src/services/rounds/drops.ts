/**
 * Drops: a player leaves a session after game N. The games played stay (and count
 * in the standings, where the player is shown as `dropped`); later games already seated but
 * without results are re-seated for the remaining players, keeping as much of the seating as
 * rule 1.1.7's table sizes allow, in the same batch as the drop.
 */
import { and, eq, inArray } from "drizzle-orm";
import { newId } from "../../db/ids";
import { gameTables, registrations, rounds, seats } from "../../db/schema";
import { reseatRound } from "../../domain/reseat";
import type { Round } from "../../domain/schedule";
import { sessionGameCount } from "../../domain/structure";
import { splitTables, TableSplitError } from "../../domain/tables";
import { auditInsert } from "../audit";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { bumpRankingsVersion, loadAttendance, playersOfGame, writableSession } from "../events";
import { eventDisqualified } from "./ranking";
import {
  type LoadedRound,
  loadAvoidPairs,
  loadRounds,
  type RoundDto,
  sessionRoundDtos,
  toIdRound,
} from "./read";
import { newSeatCodes } from "./seat-codes";
import { commitSeating, roundSeatedStatements } from "./write";

export interface DropInput {
  playerId: string;
  /** The last game the player plays (0: leaves before game 1 is played). */
  afterGame: number;
}

export interface DropDto {
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

function inPlay(loaded: LoadedRound): boolean {
  return loaded.tables.some((t) => t.result !== null || t.disqualified.length > 0);
}

/** POST /v1/sessions/{id}/drops. */
export async function dropPlayer(ctx: ServiceContext, sessionId: string, input: DropInput): Promise<DropDto> {
  const { event } = await writableSession(ctx, sessionId, "registrations:write");
  const [attendance, disqualified, loaded, avoidPairs] = await Promise.all([
    loadAttendance(ctx, sessionId),
    eventDisqualified(ctx, event.id),
    loadRounds(ctx, and(eq(rounds.sessionId, sessionId), eq(rounds.kind, "prelim"))),
    loadAvoidPairs(ctx, event.id),
  ]);
  const { playerId, afterGame } = input;
  const me = attendance.find((a) => a.playerId === playerId);
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
  const dq = new Set(disqualified);
  if (dq.has(playerId)) {
    throw refuse(
      "conflict",
      "already_disqualified",
      `Player '${playerId}' is disqualified from this event (rule 1.3.6).`,
    );
  }
  const gamesPlanned = sessionGameCount(attendance.filter((a) => !a.noShow).length, event.ruleset);
  if (afterGame >= gamesPlanned) {
    throw refuse(
      "invalid",
      "drop_after_last_game",
      `The session plays ${gamesPlanned} games: a drop after game ${afterGame} changes nothing.`,
      {
        issues: [{ path: "afterGame", message: `must be below ${gamesPlanned}` }],
      },
    );
  }
  const playedLater = loaded.filter(
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
      {
        issues: [{ path: "afterGame", message: `must be at least ${game}` }],
      },
    );
  }

  const after = attendance.map((a) => (a.playerId === playerId ? { ...a, droppedAfterGame: afterGame } : a));
  // Every later game still to be played must seat the players left (rule 1.1.7).
  const lastGenerated = Math.min(gamesPlanned, 3);
  for (let game = afterGame + 1; game <= lastGenerated; game++) {
    const left = playersOfGame(after, game, dq).length;
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

  // Later seated games without any result, where the player sits: re-seated in game order.
  const history: Round[] = [];
  const statements: Parameters<typeof commitSeating>[1][number][] = [];
  const reseated: string[] = [];
  for (const l of loaded) {
    const sitting = l.tables.some((t) => t.seats.some((s) => s.playerId === playerId));
    if (l.round.number <= afterGame || !sitting) {
      history.push(toIdRound(l));
      continue;
    }
    if (inPlay(l)) {
      throw refuse(
        "conflict",
        "round_in_play",
        `Game ${l.round.number} already has results at some tables, so it cannot be re-seated without the player. Record the drop after game ${l.round.number}.`,
      );
    }
    if (l.round.method === "snake") {
      throw refuse(
        "conflict",
        "snake_round_seated",
        `Game ${l.round.number} is snake-seated by rank: remove it (DELETE /v1/rounds/${l.round.id}), record the drop, and seat it again.`,
      );
    }
    const round = reseatRound({
      round: toIdRound(l),
      playerIds: playersOfGame(after, l.round.number, dq),
      history,
      avoidPairs,
    });
    history.push(round);
    reseated.push(l.round.id);
    const reseat = reseatStatements(ctx, l, round);
    statements.push(...reseat.statements);
    // The new seating is announced in the same batch as it is written.
    statements.push(
      ...roundSeatedStatements(ctx, event, {
        sessionId,
        roundId: l.round.id,
        kind: l.round.kind,
        number: l.round.number,
        method: l.round.method,
        tables: round.map((playerIds, t) => ({
          tableId: reseat.tableIds[t]!,
          playerIds,
        })),
      }),
    );
  }
  const now = ctx.clock().toISOString();
  await commitSeating(ctx, [
    ctx.db
      .update(registrations)
      .set({ droppedAfterGame: afterGame, droppedAt: now })
      .where(and(eq(registrations.sessionId, sessionId), eq(registrations.playerId, playerId))),
    ...statements,
    ...bumpRankingsVersion(ctx, event, sessionId),
    auditInsert(ctx, {
      orgId: event.orgId,
      eventId: event.id,
      action: "session.drop",
      entityType: "session",
      entityId: sessionId,
      after: { playerId, afterGame, reseatedRounds: reseated },
    }),
  ]);
  const rounds_ = await sessionRoundDtos(ctx, event.id, sessionId);
  const gamesPlayed = loaded.filter((l) =>
    l.tables.some((t) => t.result?.status === "final" && t.seats.some((s) => s.playerId === playerId)),
  ).length;
  return {
    sessionId,
    playerId,
    afterGame,
    gamesPlayed,
    reseated: rounds_.filter((r) => reseated.includes(r.id)),
  };
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
  const codes = newSeatCodes(round.flat().length);
  let c = 0;
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
          confirmationCode: codes[c++]!,
        })),
      ),
    ),
  ];
  return { statements, tableIds };
}
