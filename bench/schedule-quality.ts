/**
 * Schedule quality table (rule 1.1.6): 3 prelim games planned for each player count, with
 * ~20% of the players in random avoid pairs. Prints markdown. Run: npx tsx bench/schedule-quality.ts
 */

import { createRandom, shuffled } from "../src/domain/random";
import { type AvoidPair, evaluateSchedule, generateSchedule } from "../src/domain/schedule";

const COUNTS = [12, 13, 14, 15, 16, 17, 29, 45, 80, 200, 500];

function avoidPairsFor(ids: readonly string[], seed: string): AvoidPair[] {
  const picked = shuffled(ids, createRandom(seed)).slice(0, Math.floor(ids.length / 10) * 2);
  return Array.from({ length: picked.length / 2 }, (_, i) => [picked[2 * i]!, picked[2 * i + 1]!] as const);
}

// Warm the JIT so the first row's time is not the compiler's.
for (let i = 0; i < 20; i++) {
  const ids = Array.from({ length: 200 }, (_, j) => `warm-${j}`);
  generateSchedule({ playerIds: ids, rounds: 3, avoidPairs: avoidPairsFor(ids, `${i}`), seed: `${i}` });
}

console.log(
  "| N | avoid pairs | repeated pairs | max meetings | seat repeats | avoid violations | position-1 spread | ms |",
);
console.log("|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const n of COUNTS) {
  const ids = Array.from({ length: n }, (_, i) => `player-${i + 1}`);
  const avoidPairs = avoidPairsFor(ids, `avoid-${n}`);
  const start = performance.now();
  const rounds = generateSchedule({ playerIds: ids, rounds: 3, avoidPairs, seed: `quality-${n}` });
  const ms = performance.now() - start;
  const q = evaluateSchedule(rounds, avoidPairs);
  console.log(
    `| ${n} | ${avoidPairs.length} | ${q.repeatedPairs} | ${q.maxMeetings} | ${q.seatRepeats} | ` +
      `${q.avoidViolations} | ${q.positionOneSpread} | ${ms.toFixed(2)} |`,
  );
}
