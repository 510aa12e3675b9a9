/**
 * Lower bounds on what the free rounds of a schedule must cost (schedule-state.ts units), for
 * the cases where a perfect schedule is impossible. Reaching them proves the schedule optimal,
 * so the search can stop instead of spending its whole budget looking for better.
 */

import { PAIR_COST, SEAT_UNITS, type SearchProblem } from "./schedule-state";

/** `fixedSeat`: the turn positions of the fixed rounds, as the search state counts them. */
export function costFloor(
  problem: SearchProblem,
  fixedSeat: Uint8Array | null,
): { pairs: number; seats: number } {
  return { pairs: pairFloor(problem), seats: seatFloor(problem, fixedSeat) };
}

/**
 * 12 players at three 4-player tables over 3 games cannot do better than 9 pairs meeting
 * twice: an exhaustive enumeration of all 5,775² second and third rounds after a first one.
 */
function pairFloor(problem: SearchProblem): number {
  const { playerCount, fixedRounds, freeRounds } = problem;
  if (playerCount !== 12 || fixedRounds.length + freeRounds !== 3) return 0;
  const meetings = new Map<number, number>();
  let fixedCost = 0;
  for (const round of fixedRounds) {
    // The bound assumes every game seats these same 12 players at three tables of 4.
    if (round.length !== 3 || round.some((table) => table.length !== 4 || table.some((i) => i < 0))) return 0;
    for (const table of round) {
      for (let i = 0; i < 4; i++) {
        for (let j = i + 1; j < 4; j++) {
          const key = Math.min(table[i]!, table[j]!) * 12 + Math.max(table[i]!, table[j]!);
          const met = meetings.get(key) ?? 0;
          fixedCost += PAIR_COST[met]!;
          meetings.set(key, met + 1);
        }
      }
    }
  }
  return Math.max(0, 9 - fixedCost);
}

/**
 * Turn positions: free rounds have `rounds × tables with more than p seats` seats in position
 * p+1, and only players who never had that position can take one without a repeat; every other
 * seat there costs at least its unit. Counting position 1 matters: 45 players over 4 games fill
 * 48 first seats, so 3 of them must go first twice.
 */
function seatFloor(problem: SearchProblem, fixedSeat: Uint8Array | null): number {
  const { playerCount, freeRounds, tableSizes } = problem;
  let floor = 0;
  for (let position = 0; position < 4; position++) {
    const seats = freeRounds * tableSizes.filter((size) => size > position).length;
    let fresh = 0;
    for (let player = 0; player < playerCount; player++) {
      if (!fixedSeat?.[player * 4 + position]) fresh++;
    }
    floor += Math.max(0, seats - fresh) * SEAT_UNITS[position]!;
  }
  return floor;
}
