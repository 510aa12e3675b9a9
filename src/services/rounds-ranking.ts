/**
 * The rankings seating needs (the game-4 cut, semifinal and final seats), computed on demand
 * from the stored final results with the domain functions, exactly as the rankings are read.
 */
import { and, asc, eq } from "drizzle-orm";
import { disqualifications, rounds, sessions } from "../db/schema";
import type { Ruleset, ScoredGame } from "../domain/game-score";
import { computeQualification, type QualificationRow } from "../domain/qualification";
import { computeSessionStandings, type SessionStandings } from "../domain/standings";
import type { ServiceContext } from "./context";
import type { ScopedEvent } from "./event-access";
import { lotLookup, lotsFor } from "./lots";
import { type LoadedRound, loadRounds } from "./rounds-read";
import { scoreStoredGame } from "./standings-data";

/**
 * The scored games of the rounds' tables whose result is final; other tables do not count yet.
 * Scored exactly as the rankings read them (scoreStoredGame), so seating and rankings agree.
 */
export function finalGames(
  loaded: readonly LoadedRound[],
  ruleset: Ruleset,
  disqualified: readonly string[],
): ScoredGame[] {
  const out = new Set(disqualified);
  return loaded.flatMap((l) =>
    l.tables.flatMap((t) =>
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
              out,
            ),
          ]
        : [],
    ),
  );
}

export async function eventDisqualified(ctx: ServiceContext, eventId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ playerId: disqualifications.playerId })
    .from(disqualifications)
    .where(eq(disqualifications.eventId, eventId));
  return rows.map((r) => r.playerId);
}

function playersOf(games: readonly ScoredGame[]): string[] {
  return games.flatMap((g) => g.seats.map((s) => s.playerId));
}

/** Standings of one session over the given prelim rounds (rule 1.4.2), disqualified players apart. */
export async function sessionStandingsOf(
  event: ScopedEvent,
  loaded: readonly LoadedRound[],
  disqualified: readonly string[],
): Promise<SessionStandings> {
  const games = finalGames(loaded, event.ruleset, disqualified);
  return computeSessionStandings({
    ruleset: event.ruleset,
    games,
    disqualifiedPlayerIds: disqualified,
    lotOf: lotLookup(await lotsFor(event.lotSeed, playersOf(games))),
  });
}

export interface PrelimState {
  /** Every prelim round of the event, by session (date order) and number. */
  rounds: LoadedRound[];
  /** Session ids in date order: an earlier session wins a player's tie between own sessions. */
  sessionIds: string[];
  disqualified: string[];
}

export async function loadPrelimState(ctx: ServiceContext, eventId: string): Promise<PrelimState> {
  const [loaded, sessionRows, disqualified] = await Promise.all([
    loadRounds(ctx, and(eq(rounds.eventId, eventId), eq(rounds.kind, "prelim"))),
    ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.eventId, eventId))
      .orderBy(asc(sessions.date), asc(sessions.id)),
    eventDisqualified(ctx, eventId),
  ]);
  return { rounds: loaded, sessionIds: sessionRows.map((s) => s.id), disqualified };
}

/**
 * Qualification (rules 1.2.3, 1.2.4): each player's best single session, ranked; the
 * disqualified are left out so the next player moves up.
 */
export async function qualificationOf(
  event: ScopedEvent,
  prelims: PrelimState,
  qualifierCount: number,
): Promise<{ rows: QualificationRow[]; lotOf: (id: string) => string }> {
  const gamesBySession = prelims.sessionIds.map((sessionId) => ({
    sessionId,
    games: finalGames(
      prelims.rounds.filter((r) => r.round.sessionId === sessionId),
      event.ruleset,
      prelims.disqualified,
    ),
  }));
  const lotOf = lotLookup(
    await lotsFor(
      event.lotSeed,
      gamesBySession.flatMap((s) => playersOf(s.games)),
    ),
  );
  const sessionResults = gamesBySession.map(({ sessionId, games }) => ({
    sessionId,
    records: computeSessionStandings({
      ruleset: event.ruleset,
      games,
      disqualifiedPlayerIds: prelims.disqualified,
      lotOf,
    }).rows.map((row) => row.record),
  }));
  const { rows } = computeQualification({
    ruleset: event.ruleset,
    sessions: sessionResults,
    qualifierCount,
    lotOf,
    excludedPlayerIds: prelims.disqualified,
  });
  return { rows, lotOf };
}
