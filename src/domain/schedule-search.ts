/**
 * The search behind the prelim schedule (rule 1.1.6), on player indices 0..n−1.
 *
 * A greedy start seats the free rounds one by one; a tabu min-conflicts walk then repeatedly
 * takes a random player who is in a conflict and makes the best swap for them with another
 * player of the same round: across tables (the two also trade turn positions) or within their
 * table (turn positions only). Swaps are scored incrementally from typed arrays (a handful of
 * lookups each), which keeps 500 players within milliseconds. A walk that stops improving is
 * abandoned for a fresh greedy start; the best schedule over all walks is kept. The walk
 * follows a weighted sum of the cost parts (CostParts in schedule-state.ts); the kept schedule is
 * the best in the rule's priority order.
 */

import type { Random } from "./random";
import { costFloor } from "./schedule-floor";
import { createState, greedyRound } from "./schedule-start";
import { type CostParts, isBetter, type SearchProblem, type SeatingState } from "./schedule-state";

/** Budget in swap evaluations: ample for the small counts where a perfect schedule may not exist. */
const EVALUATION_BUDGET = 3_000_000;
/**
 * The tightest last game (13 players, two games fixed, one perfect seating) takes a median of
 * ~1,700 iterations with a tail that falls by e every ~2,500, so this leaves about one miss in
 * 10⁹. Sessions that cannot be perfect (under 12 players) pay all of it: tens of milliseconds.
 */
const MAX_ITERATIONS = 50_000;

/** The free rounds, as tables of player indices in turn order. */
export function searchSchedule(problem: SearchProblem): number[][][] {
  const state = createState(problem);
  const { random } = problem;
  if (state.freeRounds === 0 || state.n === 0) return state.rounds();
  for (let k = 0; k < state.freeRounds; k++) greedyRound(state, k, random);
  let best = state.parts();
  let bestAt: Int32Array = state.at.slice();
  const empty = new Int32Array(bestAt.length).fill(-1);
  const maxIterations = Math.min(
    problem.maxIterations ?? MAX_ITERATIONS,
    Math.ceil(EVALUATION_BUDGET / state.n),
  );
  // Short walks from fresh greedy seatings beat long ones: in tight cases (13–16 players, a
  // last round with two fixed ones) a stalled walk is trapped near its start.
  const patience = 50 + 5 * state.n;
  const tabu = new Int32Array(state.freeRounds * state.n);
  // Stop at a known optimum: without one, unavoidable repeats would use up the whole budget.
  const floor = costFloor(problem, state.fixedSeat);
  const isDone = (parts: CostParts): boolean =>
    parts.pairs <= floor.pairs && parts.seats <= floor.seats && parts.avoided === 0;
  let iteration = 0;
  while (!isDone(best) && iteration < maxIterations) {
    if (iteration > 0) {
      state.load(empty);
      for (let k = 0; k < state.freeRounds; k++) greedyRound(state, k, random);
    }
    const walked = tabuWalk(state, random, tabu, iteration, maxIterations, patience, isDone);
    iteration = walked.iteration;
    if (isBetter(walked.best, best)) {
      best = walked.best;
      bestAt = walked.bestAt;
    }
  }
  state.load(bestAt);
  return state.rounds();
}

/**
 * Tabu min-conflicts walk from the current state until nothing is left to fix, `end` is
 * reached or the weighted cost has not improved for `patience` iterations. Returns the best
 * schedule seen, in the priority order of the rule.
 */
function tabuWalk(
  state: SeatingState,
  random: Pick<Random, "int">,
  tabu: Int32Array,
  start: number,
  end: number,
  patience: number,
  isDone: (parts: CostParts) => boolean,
): { best: CostParts; bestAt: Int32Array; iteration: number } {
  const { n, slots, at } = state;
  const conflicts = new Int32Array(state.freeRounds * n);
  let best = state.parts();
  let bestAt: Int32Array = at.slice();
  let bestCost = state.cost;
  let sinceBetter = 0;
  let iteration = start;
  while (iteration < end && sinceBetter < patience && !isDone(best)) {
    iteration++;
    const conflictCount = state.collectConflicts(conflicts);
    if (conflictCount === 0) break;
    const pick = conflicts[random.int(conflictCount)]!;
    const k = (pick / n) | 0;
    const a = pick - k * n;

    // Best swap for `a` in round k; ties broken at random so the walk does not cycle.
    let bestDelta = Number.POSITIVE_INFINITY;
    let bestB = -1;
    let ties = 0;
    const base = k * slots;
    const cost = state.cost;
    for (let s = 0; s < slots; s++) {
      const b = at[base + s]!;
      if (b < 0 || b === a) continue;
      const delta = state.swapDelta(k, a, b);
      const isTabu = tabu[k * n + a]! > iteration || tabu[k * n + b]! > iteration;
      if (isTabu && cost + delta >= bestCost) continue;
      if (delta < bestDelta) {
        bestDelta = delta;
        bestB = b;
        ties = 1;
      } else if (delta === bestDelta && random.int(++ties) === 0) {
        bestB = b;
      }
    }
    if (bestB < 0) continue;
    state.applySwap(k, a, bestB);
    const tenure = 1 + random.int(4);
    tabu[k * n + a] = iteration + tenure;
    tabu[k * n + bestB] = iteration + tenure;

    const parts = state.parts();
    if (isBetter(parts, best)) {
      best = parts;
      bestAt = at.slice();
    }
    if (state.cost < bestCost) {
      bestCost = state.cost;
      sinceBetter = 0;
    } else {
      sinceBetter++;
    }
  }
  return { best, bestAt, iteration };
}
