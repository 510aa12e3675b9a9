/**
 * A multiplayer skill rating over every final game (openskill's Weng–Lin Bayesian rating with
 * the Plackett–Luce model): each table is a free-for-all of one-player teams ranked by their
 * placement at the table (equal placements are a tie). Games are rated in the order given, so
 * the same games in the same order always give the same ratings.
 */
import { ordinal, rate, rating } from "openskill";
import { compareIds } from "./standings";

/** openskill's own defaults, written out so the response and docs/guides/federations.md can state them. */
export const RATING_PARAMETERS = {
  library: "openskill",
  /** The library version this code was written and tested against (a test compares it to the installed one). */
  version: "5.0.1",
  model: "plackett-luce",
  /** Prior mean and uncertainty of a new player. */
  mu: 25,
  sigma: 25 / 3,
  /** Performance variability within one game. */
  beta: 25 / 6,
  /** Added uncertainty before each game (skill drifts). */
  tau: 25 / 300,
  /** ordinal = mu − z·sigma: the conservative rating the tables sort by. */
  z: 3,
} as const;

export interface RatedGame {
  readonly eventId: string;
  /** The table's players with their placement (1 = won); ties share a placement. */
  readonly placements: readonly { readonly playerId: string; readonly placement: number }[];
}

/** Rates `games` in order and returns every player's rating (in first-played order). */
export function computeRatings(games: readonly RatedGame[]) {
  const params = RATING_PARAMETERS;
  const options = { mu: params.mu, sigma: params.sigma, beta: params.beta, tau: params.tau, z: params.z };
  /** Each player's rating after each event they played, in order: the last is their rating now. */
  const histories = new Map<
    string,
    { eventId: string; games: number; mu: number; sigma: number; ordinal: number }[]
  >();
  for (const game of games) {
    if (game.placements.length < 2) continue;
    const before = game.placements.map((p) => histories.get(p.playerId) ?? []);
    const after = rate(
      before.map((history) => {
        const { mu, sigma } = history.at(-1) ?? rating(options);
        return [{ mu, sigma }];
      }),
      { ...options, rank: game.placements.map((p) => p.placement) },
    );
    game.placements.forEach((p, i) => {
      // The histories are this function's own: updating them in place keeps it linear.
      const history = before[i]!;
      const next = after[i]![0]!;
      const entry = {
        eventId: game.eventId,
        mu: next.mu,
        sigma: next.sigma,
        ordinal: ordinal(next, options),
      };
      const last = history.at(-1);
      if (last?.eventId === game.eventId) Object.assign(last, entry, { games: last.games + 1 });
      else history.push({ ...entry, games: 1 });
      histories.set(p.playerId, history);
    });
  }
  return [...histories].map(([playerId, history]) => {
    const now = history.at(-1)!;
    return {
      playerId,
      mu: now.mu,
      sigma: now.sigma,
      ordinal: now.ordinal,
      games: history.reduce((sum, h) => sum + h.games, 0),
      lastEventId: now.eventId,
      history,
    };
  });
}

/** Highest ordinal first; then higher mean, then id (so equal ratings still have one order). */
export function sortRatings<T extends { playerId: string; ordinal: number; mu: number }>(
  rows: readonly T[],
): T[] {
  return [...rows].sort((a, b) => b.ordinal - a.ordinal || b.mu - a.mu || compareIds(a.playerId, b.playerId));
}
