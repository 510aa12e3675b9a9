/**
 * Start of the schedule search: the state with the fixed rounds counted, and a greedy seating
 * of each free round for the tabu search (schedule-search.ts) to repair.
 */

import { type Random, shuffled } from "./random";
import { PAIR_COST, SEAT_UNITS, type SearchProblem, SeatingState } from "./schedule-state";

function permutations(size: number): number[][] {
  if (size === 0) return [[]];
  const out: number[][] = [];
  for (const rest of permutations(size - 1)) {
    for (let i = 0; i <= rest.length; i++) out.push([...rest.slice(0, i), size - 1, ...rest.slice(i)]);
  }
  return out;
}
const PERMUTATIONS = [0, 1, 2, 3, 4].map(permutations);

/** State with the fixed rounds counted and the free rounds empty. */
export function createState(problem: SearchProblem): SeatingState {
  const n = problem.playerCount;
  let fixedMeet: Uint8Array | null = null;
  let fixedSeat: Uint8Array | null = null;
  if (problem.fixedRounds.length > 0) {
    fixedMeet = new Uint8Array(n * n);
    fixedSeat = new Uint8Array(n * 4);
    for (const round of problem.fixedRounds) {
      for (const table of round) {
        for (let i = 0; i < table.length; i++) {
          const a = table[i]!;
          if (a < 0) continue;
          // Positions past 4 only occur in odd hand-made tables; no 3–4 table can repeat them.
          if (i < 4) fixedSeat[a * 4 + i]!++;
          for (let j = i + 1; j < table.length; j++) {
            const b = table[j]!;
            if (b < 0 || b === a) continue;
            fixedMeet[a * n + b]!++;
            fixedMeet[b * n + a]!++;
          }
        }
      }
    }
  }
  let avoid: Uint8Array | null = null;
  for (const [a, b] of problem.avoidPairs) {
    if (a === b) continue;
    avoid ??= new Uint8Array(n * n);
    avoid[a * n + b] = 1;
    avoid[b * n + a] = 1;
  }
  return new SeatingState(
    n,
    Int32Array.from(problem.tableSizes),
    problem.freeRounds,
    avoid,
    fixedMeet,
    fixedSeat,
  );
}

/**
 * Seats free round k greedily: players in random order each take the table with room that adds
 * the least (scanned from a random start, stopping at the first that adds nothing), then each
 * table gets the turn order that repeats the fewest positions.
 */
export function greedyRound(state: SeatingState, k: number, random: Pick<Random, "int">): void {
  const { n, sizes, meet, avoid } = state;
  const tableCount = sizes.length;
  const filled = new Int32Array(tableCount);
  const members = new Int32Array(tableCount * 4);
  const order = shuffled([...Array(n).keys()], random);
  for (const a of order) {
    let bestTable = -1;
    let bestCost = Number.POSITIVE_INFINITY;
    const start = random.int(tableCount);
    for (let step = 0; step < tableCount && bestCost > 0; step++) {
      const t = (start + step) % tableCount;
      if (filled[t]! >= sizes[t]!) continue;
      let cost = 0;
      for (let m = 0; m < filled[t]!; m++) {
        const x = members[t * 4 + m]!;
        cost += PAIR_COST[meet[a * n + x]!]! * 2 + (avoid ? avoid[a * n + x]! : 0);
      }
      if (cost < bestCost) {
        bestCost = cost;
        bestTable = t;
      }
    }
    // Counted for the next players' choices only; place() below recounts them for real.
    for (let m = 0; m < filled[bestTable]!; m++) {
      const x = members[bestTable * 4 + m]!;
      meet[a * n + x]!++;
      meet[x * n + a]!++;
    }
    members[bestTable * 4 + filled[bestTable]!] = a;
    filled[bestTable]!++;
  }
  for (let t = 0; t < tableCount; t++) {
    for (let i = 0; i < sizes[t]!; i++) {
      for (let j = i + 1; j < sizes[t]!; j++) {
        const a = members[t * 4 + i]!;
        const b = members[t * 4 + j]!;
        meet[a * n + b]!--;
        meet[b * n + a]!--;
      }
    }
  }
  for (let t = 0; t < tableCount; t++)
    seatTable(state, k, members.subarray(t * 4, t * 4 + sizes[t]!), t, random);
}

/** Gives the players of table t the turn order that repeats the fewest positions. */
function seatTable(
  state: SeatingState,
  k: number,
  players: Int32Array,
  t: number,
  random: Pick<Random, "int">,
): void {
  const size = players.length;
  let bestOrder = PERMUTATIONS[size]![0]!;
  let bestCost = Number.POSITIVE_INFINITY;
  let ties = 0;
  for (const order of PERMUTATIONS[size]!) {
    let cost = 0;
    for (let i = 0; i < size; i++) cost += state.seat[players[i]! * 4 + order[i]!]! * SEAT_UNITS[order[i]!]!;
    if (cost < bestCost) {
      bestCost = cost;
      bestOrder = order;
      ties = 1;
    } else if (cost === bestCost && random.int(++ties) === 0) {
      bestOrder = order;
    }
  }
  for (let i = 0; i < size; i++) state.place(k, players[i]!, t * 4 + bestOrder[i]!);
}
