/**
 * What a programme exclusion does to one session of the tree at once (docs/rules.md#sanctions):
 * a registration whose games have not started is withdrawn; otherwise the player leaves after
 * the last game they have a result in, as for a drop, and the later seated games without a result
 * are re-seated without them (docs/rules.md#drops). A game that cannot be re-seated (in play at
 * other tables, snake-seated by rank, or too few players left to split) keeps its seating; a
 * sheet that scores the player there is refused (the tables service). Played games keep their
 * results.
 */
import { and, eq } from "drizzle-orm";
import { registrations } from "../../db/schema";
import type { ScopedEvent } from "../access";
import type { ServiceContext } from "../context";
import { bumpRankingsVersion, sessionAudit } from "../events";
import { laterGamesOf, leaveAfter, loadSessionState, plannedGames, reseatRounds, splits } from "./drops";
import type { LoadedRound, Statements } from "./read";

interface ExclusionSessionEffect {
  sessionId: string;
  /** The player leaves after this game (0: before playing game 1). */
  droppedAfterGame: number;
  /** Seated games re-seated without the player. */
  reseatedRounds: string[];
  /** Tables of seated games that still seat the player: a sheet scoring them there is refused. */
  stillSeatedAt: string[];
}

type ExclusionEffect =
  | { kind: "withdrawn"; sessionId: string; statements: Statements[number][] }
  | ({ kind: "left"; statements: Statements[number][] } & ExclusionSessionEffect)
  | { kind: "none" };

const hasPlay = (l: LoadedRound) => l.tables.some((t) => t.result !== null || t.disqualified.length > 0);

/** The statements an exclusion brings to one session the player is registered in. */
export async function leaveForExclusion(
  ctx: ServiceContext,
  event: ScopedEvent,
  sessionId: string,
  playerId: string,
  exclusionId: string,
): Promise<ExclusionEffect> {
  const state = await loadSessionState(ctx, event.id, sessionId);
  const me = state.attendance.find((a) => a.playerId === playerId);
  // A no-show never played; a player who left or was disqualified is already out of later games.
  if (!me || me.noShow || me.droppedAfterGame !== null || state.disqualified.has(playerId))
    return { kind: "none" };
  const audit = (action: string, after: Record<string, unknown>) =>
    sessionAudit(ctx, event, sessionId, { action, after: { playerId, exclusionId, ...after } });
  if (state.loaded.length === 0) {
    return {
      kind: "withdrawn",
      sessionId,
      statements: [
        ctx.db
          .delete(registrations)
          .where(and(eq(registrations.sessionId, sessionId), eq(registrations.playerId, playerId))),
        audit("session.unregister", {}),
      ],
    };
  }
  const resultOf = (l: LoadedRound) =>
    l.tables.some((t) => t.result !== null && t.seats.some((s) => s.playerId === playerId));
  const afterGame = Math.max(0, ...state.loaded.filter(resultOf).map((l) => l.round.number));
  if (afterGame >= plannedGames(state, event)) return { kind: "none" };

  const { playersOf, statement } = leaveAfter(ctx, state, sessionId, playerId, afterGame);
  const later = laterGamesOf(state, playerId, afterGame);
  const reseatable = later.filter(
    (l) => !hasPlay(l) && l.round.method !== "snake" && splits(playersOf(l.round.number).length),
  );
  const reseat = reseatRounds(ctx, event, state, reseatable, playersOf);
  const stillSeatedAt = later
    .filter((l) => !reseatable.includes(l))
    .flatMap((l) => l.tables.filter((t) => t.result === null && t.seats.some((s) => s.playerId === playerId)))
    .map((t) => t.id);
  const effect: ExclusionSessionEffect = {
    sessionId,
    droppedAfterGame: afterGame,
    reseatedRounds: reseat.roundIds,
    stillSeatedAt,
  };
  return {
    kind: "left",
    ...effect,
    statements: [
      statement,
      ...reseat.statements,
      ...bumpRankingsVersion(ctx, event, sessionId),
      audit("session.drop", { afterGame, reseatedRounds: reseat.roundIds, stillSeatedAt }),
    ],
  };
}
