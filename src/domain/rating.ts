/**
 * A multiplayer skill rating over every final game (openskill's Weng–Lin Bayesian rating with
 * the Plackett–Luce model): each table is a free-for-all of one-player teams ranked by their
 * placement at the table (equal placements are a tie). Games are rated in the order given, so
 * the same games in the same order always give the same ratings.
 */
import { ordinal, rate, rating } from "openskill";
import { compareIds } from "./standings";

/** The library version this code was written and tested against (a test compares it to the installed one). */
const OPENSKILL_VERSION = "5.0.1";

/** openskill's own defaults, written out so the response and docs/guides/federations.md can state them. */
export const RATING_PARAMETERS = {
  library: "openskill",
  version: OPENSKILL_VERSION,
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

interface State {
  mu: number;
  sigma: number;
  games: number;
  /** The event of the player's last rated game. */
  lastEventId: string;
  /** The rating after each event the player played, in order. */
  history: { eventId: string; games: number; mu: number; sigma: number; ordinal: number }[];
}

/** Rates `games` in order and returns every player's rating (in first-played order). */
export function computeRatings(games: readonly RatedGame[]) {
  const params = RATING_PARAMETERS;
  const options = { mu: params.mu, sigma: params.sigma, beta: params.beta, tau: params.tau, z: params.z };
  const states = new Map<string, State>();
  for (const game of games) {
    if (game.placements.length < 2) continue;
    const current = game.placements.map(
      (p) =>
        states.get(p.playerId) ?? { ...rating(options), games: 0, lastEventId: game.eventId, history: [] },
    );
    const after = rate(
      current.map((s) => [{ mu: s.mu, sigma: s.sigma }]),
      { ...options, rank: game.placements.map((p) => p.placement) },
    );
    game.placements.forEach((p, i) => {
      // The states are this function's own: updating them in place keeps it linear.
      const state = current[i]!;
      const next = after[i]![0]!;
      const entry = {
        eventId: game.eventId,
        mu: next.mu,
        sigma: next.sigma,
        ordinal: ordinal(next, options),
      };
      const last = state.history.at(-1);
      if (last && last.eventId === game.eventId) Object.assign(last, entry, { games: last.games + 1 });
      else state.history.push({ ...entry, games: 1 });
      state.mu = next.mu;
      state.sigma = next.sigma;
      state.games += 1;
      state.lastEventId = game.eventId;
      states.set(p.playerId, state);
    });
  }
  return [...states].map(([playerId, s]) => ({
    playerId,
    mu: s.mu,
    sigma: s.sigma,
    ordinal: ordinal({ mu: s.mu, sigma: s.sigma }, options),
    games: s.games,
    lastEventId: s.lastEventId,
    history: s.history.map((h) => ({ ...h })),
  }));
}

/** Highest ordinal first; then higher mean, then id (so equal ratings still have one order). */
export function sortRatings<T extends { playerId: string; ordinal: number; mu: number }>(
  rows: readonly T[],
): T[] {
  return [...rows].sort((a, b) => b.ordinal - a.ordinal || b.mu - a.mu || compareIds(a.playerId, b.playerId));
}
