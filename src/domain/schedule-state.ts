/**
 * Mutable working state of the schedule search (schedule-search.ts), private to it.
 *
 * Slots: table t of a round owns slots 4t..4t+3 and slot 4t+p is turn position p+1, so a
 * 3-player table keeps its last slot empty (−1). Meeting and position counters include the
 * fixed rounds, while the cost parts only count what the free rounds add: all zero means no
 * repeated opponent, no repeated position and no avoid pair together that the search could
 * still change.
 */

import type { Random } from "./random";

/** What the search seats (schedule-search.ts), on player indices 0..n−1. */
export interface SearchProblem {
  readonly playerCount: number;
  /** Table sizes of every free round (3 or 4). */
  readonly tableSizes: readonly number[];
  /** Rounds kept as they are: tables of player indices in turn order, −1 for a player who left. */
  readonly fixedRounds: readonly (readonly (readonly number[])[])[];
  readonly freeRounds: number;
  readonly avoidPairs: readonly (readonly [number, number])[];
  readonly random: Pick<Random, "int">;
  /** Fewer walk iterations than the default: a re-seat answers within a request (see reseat.ts). */
  readonly maxIterations?: number;
}

/**
 * Search weights per unit of each cost part. They are close on purpose: far-apart weights make
 * the landscape too steep to walk out of a last avoid-pair conflict. The priority order of the
 * rule is enforced where the search keeps its best schedule (`isBetter`).
 */
const PAIR_WEIGHT = 8;
const AVOID_WEIGHT = 4;
/**
 * PAIR_COST[m]: cost of a pair's meeting when it already met m times: 0, 1, 16, 256, …
 * A third meeting outweighs the second meetings it could save (with 12 players, one triple
 * allows 4 doubles instead of the 9 of the best triple-free schedule), so schedules rank by
 * how often the same pair meets first, then by repeats. Capped to stay exact in a double.
 */
export const PAIR_COST = Float64Array.from({ length: 256 }, (_, m) =>
  m === 0 ? 0 : 16 ** Math.min(m - 1, 8),
);
/** Seat units of a repeated position: going first twice is the least fair repeat. */
export const SEAT_UNITS = [5, 4, 4, 4];

/** The unweighted cost parts, compared in the priority order of rule 1.1.6. */
export interface CostParts {
  /** Σ over pairs of the PAIR_COST of each of their meetings. */
  readonly pairs: number;
  /** Σ over players and positions of SEAT_UNITS × C(times in that position, 2). */
  readonly seats: number;
  /** Avoid pairs seated together, per game. */
  readonly avoided: number;
}

export function isBetter(a: CostParts, b: CostParts): boolean {
  if (a.pairs !== b.pairs) return a.pairs < b.pairs;
  if (a.seats !== b.seats) return a.seats < b.seats;
  return a.avoided < b.avoided;
}

export class SeatingState {
  readonly slots: number;
  /** at[k·slots + s]: the player in slot s of free round k, −1 if empty. */
  readonly at: Int32Array;
  /** slotOf[k·n + i]: slot of player i in free round k. */
  readonly slotOf: Int32Array;
  /** meet[i·n + j]: games players i and j share, fixed rounds included (symmetric). */
  readonly meet: Uint8Array;
  /** seat[i·4 + p]: games player i had turn position p+1, fixed rounds included. */
  readonly seat: Uint8Array;
  pairs = 0;
  seats = 0;
  avoided = 0;

  constructor(
    readonly n: number,
    readonly sizes: Int32Array,
    readonly freeRounds: number,
    readonly avoid: Uint8Array | null,
    private readonly fixedMeet: Uint8Array | null,
    /** Like `seat`, the fixed rounds only; null without fixed rounds. */
    readonly fixedSeat: Uint8Array | null,
  ) {
    this.slots = sizes.length * 4;
    this.at = new Int32Array(freeRounds * this.slots).fill(-1);
    this.slotOf = new Int32Array(freeRounds * n);
    this.meet = fixedMeet ? fixedMeet.slice() : new Uint8Array(n * n);
    this.seat = fixedSeat ? fixedSeat.slice() : new Uint8Array(n * 4);
  }

  /** The search objective: weighted sum of the cost parts. */
  get cost(): number {
    return this.pairs * PAIR_WEIGHT + this.seats + this.avoided * AVOID_WEIGHT;
  }

  parts(): CostParts {
    return { pairs: this.pairs, seats: this.seats, avoided: this.avoided };
  }

  /** Puts player a into the empty slot s of free round k and counts what that adds. */
  place(k: number, a: number, s: number): void {
    const { at, meet, avoid, seat, n } = this;
    const base = k * this.slots;
    const table = s & ~3;
    for (let t = table; t < table + 4; t++) {
      const x = at[base + t]!;
      if (x < 0) continue;
      const m = meet[a * n + x]!;
      this.pairs += PAIR_COST[m]!;
      if (avoid) this.avoided += avoid[a * n + x]!;
      meet[a * n + x] = m + 1;
      meet[x * n + a] = m + 1;
    }
    at[base + s] = a;
    this.slotOf[k * n + a] = s;
    const p = s & 3;
    this.seats += seat[a * 4 + p]! * SEAT_UNITS[p]!;
    seat[a * 4 + p]!++;
  }

  private remove(k: number, a: number, s: number): void {
    const { at, meet, avoid, seat, n } = this;
    const base = k * this.slots;
    at[base + s] = -1;
    const table = s & ~3;
    for (let t = table; t < table + 4; t++) {
      const x = at[base + t]!;
      if (x < 0) continue;
      const m = meet[a * n + x]! - 1;
      this.pairs -= PAIR_COST[m]!;
      if (avoid) this.avoided -= avoid[a * n + x]!;
      meet[a * n + x] = m;
      meet[x * n + a] = m;
    }
    const p = s & 3;
    seat[a * 4 + p]!--;
    this.seats -= seat[a * 4 + p]! * SEAT_UNITS[p]!;
  }

  /** Change of `cost` if players a and b of free round k traded slots. */
  swapDelta(k: number, a: number, b: number): number {
    const { at, meet, avoid, seat, n } = this;
    const base = k * this.slots;
    const sa = this.slotOf[k * n + a]!;
    const sb = this.slotOf[k * n + b]!;
    const ta = base + (sa & ~3);
    const tb = base + (sb & ~3);
    let delta = 0;
    if (ta !== tb) {
      let pairs = 0;
      let avoided = 0;
      for (let s = 0; s < 4; s++) {
        const x = at[ta + s]!;
        if (x >= 0 && x !== a) {
          pairs += PAIR_COST[meet[b * n + x]!]! - PAIR_COST[meet[a * n + x]! - 1]!;
          if (avoid) avoided += avoid[b * n + x]! - avoid[a * n + x]!;
        }
        const y = at[tb + s]!;
        if (y >= 0 && y !== b) {
          pairs += PAIR_COST[meet[a * n + y]!]! - PAIR_COST[meet[b * n + y]! - 1]!;
          if (avoid) avoided += avoid[a * n + y]! - avoid[b * n + y]!;
        }
      }
      delta = pairs * PAIR_WEIGHT + avoided * AVOID_WEIGHT;
    }
    const pa = sa & 3;
    const pb = sb & 3;
    if (pa !== pb) {
      const ua = SEAT_UNITS[pa]!;
      const ub = SEAT_UNITS[pb]!;
      delta += seat[a * 4 + pb]! * ub - (seat[a * 4 + pa]! - 1) * ua;
      delta += seat[b * 4 + pa]! * ua - (seat[b * 4 + pb]! - 1) * ub;
    }
    return delta;
  }

  /** Players a and b of free round k trade slots (tables and turn positions). */
  applySwap(k: number, a: number, b: number): void {
    const sa = this.slotOf[k * this.n + a]!;
    const sb = this.slotOf[k * this.n + b]!;
    this.remove(k, a, sa);
    this.remove(k, b, sb);
    this.place(k, a, sb);
    this.place(k, b, sa);
  }

  /** Writes k·n + i to `out` for every player i in a conflict in free round k; returns the count. */
  collectConflicts(out: Int32Array): number {
    const { at, meet, avoid, seat, n, slots } = this;
    let count = 0;
    for (let k = 0; k < this.freeRounds; k++) {
      const base = k * slots;
      for (let s = 0; s < slots; s++) {
        const a = at[base + s]!;
        if (a < 0) continue;
        let conflicted = seat[a * 4 + (s & 3)]! > 1;
        const table = base + (s & ~3);
        for (let t = table; !conflicted && t < table + 4; t++) {
          const x = at[t]!;
          if (x >= 0 && x !== a)
            conflicted = meet[a * n + x]! > 1 || (avoid !== null && avoid[a * n + x]! > 0);
        }
        if (conflicted) out[count++] = k * n + a;
      }
    }
    return count;
  }

  /** Replaces the free rounds by a saved copy of `at`, recounting from the fixed rounds. */
  load(saved: Int32Array): void {
    if (this.fixedMeet) this.meet.set(this.fixedMeet);
    else this.meet.fill(0);
    if (this.fixedSeat) this.seat.set(this.fixedSeat);
    else this.seat.fill(0);
    this.at.fill(-1);
    this.pairs = 0;
    this.seats = 0;
    this.avoided = 0;
    for (let k = 0; k < this.freeRounds; k++) {
      for (let s = 0; s < this.slots; s++) {
        const a = saved[k * this.slots + s]!;
        if (a >= 0) this.place(k, a, s);
      }
    }
  }

  /** The free rounds as tables of player indices in turn order. */
  rounds(): number[][][] {
    const out: number[][][] = [];
    for (let k = 0; k < this.freeRounds; k++) {
      const tables: number[][] = [];
      for (let t = 0; t < this.sizes.length; t++) {
        const table: number[] = [];
        for (let p = 0; p < this.sizes[t]!; p++) table.push(this.at[k * this.slots + t * 4 + p]!);
        tables.push(table);
      }
      out.push(tables);
    }
    return out;
  }
}
