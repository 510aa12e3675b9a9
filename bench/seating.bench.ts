/**
 * Seating benchmark: median time to plan 3 prelim games for 11, 200 and 500 players (20% of them
 * in avoid pairs), with the quality reached. Run: npx tsx bench/seating.bench.ts
 * Targets: ≤ 10 ms for 200 players, ≤ 50 ms for 500 (median, warm).
 * Baseline in the same run: a naive seating (a fresh random shuffle cut into tables for each
 * game), which is what the optimisation costs against and what quality it buys.
 */

import { createRandom, shuffled } from "../src/domain/random";
import { type AvoidPair, evaluateSchedule, generateSchedule, type Round } from "../src/domain/schedule";
import { splitTables } from "../src/domain/tables";

const RUNS = 31;

function avoidPairsFor(ids: readonly string[], seed: string): AvoidPair[] {
  const picked = shuffled(ids, createRandom(seed)).slice(0, Math.floor(ids.length / 10) * 2);
  return Array.from({ length: picked.length / 2 }, (_, i) => [picked[2 * i]!, picked[2 * i + 1]!] as const);
}

/** The baseline: each game a random shuffle cut into tables by the 1.1.7 split. */
function naiveSchedule(ids: readonly string[], seed: string): Round[] {
  const random = createRandom(seed);
  const sizes = splitTables(ids.length);
  return Array.from({ length: 3 }, () => {
    const order = shuffled(ids, random);
    const starts = sizes.map((_, t) => sizes.slice(0, t).reduce((a, b) => a + b, 0));
    return sizes.map((size, t) => order.slice(starts[t], starts[t]! + size));
  });
}

function naiveMedian(ids: readonly string[]): { ms: number; repeatedPairs: number; seatRepeats: number } {
  const times: number[] = [];
  let repeatedPairs = 0;
  let seatRepeats = 0;
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    const rounds = naiveSchedule(ids, `naive-${run}`);
    times.push(performance.now() - start);
    const quality = evaluateSchedule(rounds);
    repeatedPairs += quality.repeatedPairs;
    seatRepeats += quality.seatRepeats;
  }
  times.sort((a, b) => a - b);
  return {
    ms: times[times.length >> 1]!,
    repeatedPairs: repeatedPairs / RUNS,
    seatRepeats: seatRepeats / RUNS,
  };
}

function bench(playerCount: number): void {
  const ids = Array.from({ length: playerCount }, (_, i) => `player-${i + 1}`);
  // Warm-up runs (avoid pairs included) so the JIT has compiled every path before timing.
  for (let i = 0; i < 10; i++) {
    generateSchedule({
      playerIds: ids,
      rounds: 3,
      avoidPairs: avoidPairsFor(ids, `warm-${i}`),
      seed: `warm-${i}`,
    });
  }
  const times: number[] = [];
  const worst = {
    repeatedPairs: 0,
    maxMeetings: 0,
    seatRepeats: 0,
    avoidViolations: 0,
    positionOneSpread: 0,
  };
  for (let run = 0; run < RUNS; run++) {
    const avoidPairs = avoidPairsFor(ids, `avoid-${run}`);
    const start = performance.now();
    const rounds = generateSchedule({ playerIds: ids, rounds: 3, avoidPairs, seed: `bench-${run}` });
    times.push(performance.now() - start);
    const quality = evaluateSchedule(rounds, avoidPairs);
    for (const key of Object.keys(worst) as (keyof typeof worst)[])
      worst[key] = Math.max(worst[key], quality[key]);
  }
  times.sort((a, b) => a - b);
  const median = times[times.length >> 1]!;
  const max = times[times.length - 1]!;
  const naive = naiveMedian(ids);
  console.log(
    `${playerCount} players, 3 games, ${RUNS} seeds: median ${median.toFixed(2)} ms (max ${max.toFixed(2)} ms); ` +
      `worst quality ${JSON.stringify(worst)}`,
  );
  console.log(
    `  baseline random shuffle: median ${naive.ms.toFixed(3)} ms (generator = ${(median / naive.ms).toFixed(0)}× baseline); ` +
      `mean ${naive.repeatedPairs.toFixed(1)} repeated pairs, ${naive.seatRepeats.toFixed(1)} seat repeats`,
  );
}

// 11 players cannot be seated without repeats, so the search spends its whole budget: the worst case.
bench(11);
bench(200);
bench(500);
