/**
 * What playoff seating reads besides the rankings (which come from standings.ts, the code of
 * the published rankings): the state of the prelim rounds and the scored semifinal games.
 */
import { and, asc, eq } from "drizzle-orm";
import { disqualifications, rounds, sessions } from "../../db/schema";
import type { Ruleset, ScoredGame } from "../../domain/game-score";
import type { ServiceContext } from "../context";
import { scoreStoredGame } from "../standings";
import { type LoadedRound, loadRounds } from "./read";

/**
 * The scored games of the round's tables whose result is final; other tables do not count yet.
 * Scored exactly as the rankings read them (scoreStoredGame), so seating and rankings agree.
 */
export function finalGames(
  round: LoadedRound,
  ruleset: Ruleset,
  disqualifiedAt: ReadonlyMap<string, { tableId: string }>,
): ScoredGame[] {
  return round.tables.flatMap((t) =>
    t.result?.status === "final"
      ? [
          scoreStoredGame(
            ruleset,
            {
              tableId: t.id,
              winnerId: t.result.winnerId,
              scores: t.result.scores,
              seatPlayerIds: t.seats.map((s) => s.playerId),
            },
            disqualifiedAt,
          ),
        ]
      : [],
  );
}

/** Each disqualified player of the event and the table where it was recorded (docs/rules.md#people-and-results). */
export async function eventDisqualifications(
  ctx: ServiceContext,
  eventId: string,
): Promise<Map<string, { tableId: string }>> {
  const rows = await ctx.db
    .select({ playerId: disqualifications.playerId, tableId: disqualifications.tableId })
    .from(disqualifications)
    .where(eq(disqualifications.eventId, eventId));
  return new Map(rows.map((r) => [r.playerId, { tableId: r.tableId }]));
}

/**
 * Every prelim round of the event, by session (date order) and number; the session ids in date
 * order (an earlier session wins a player's tie between own sessions); the disqualified players
 * and where each was recorded.
 */
export async function loadPrelimState(ctx: ServiceContext, eventId: string) {
  const [loaded, sessionRows, disqualified] = await Promise.all([
    loadRounds(ctx, and(eq(rounds.eventId, eventId), eq(rounds.kind, "prelim"))),
    ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.eventId, eventId))
      .orderBy(asc(sessions.date), asc(sessions.id)),
    eventDisqualifications(ctx, eventId),
  ]);
  return { rounds: loaded, sessionIds: sessionRows.map((s) => s.id), disqualified };
}
export type PrelimState = Awaited<ReturnType<typeof loadPrelimState>>;
