import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AvoidPair,
  evaluateSchedule,
  generateNextRound,
  generateSchedule,
  type Round,
} from "./schedule";
import { splitTables } from "./tables";

const players = (n: number) => Array.from({ length: n }, (_, i) => `player-${i + 1}`);

/** Players of a size-n session plus disjoint avoid pairs covering up to 20% of them, and a seed. */
const session = (min: number, max: number) =>
  fc.integer({ min, max }).chain((n) =>
    fc.record({
      ids: fc.constant(players(n)),
      avoidPairs: fc
        .shuffledSubarray(players(n), { maxLength: Math.floor(n / 10) * 2 })
        .map((picked) =>
          Array.from(
            { length: picked.length >> 1 },
            (_, i) => [picked[2 * i]!, picked[2 * i + 1]!] as AvoidPair,
          ),
        ),
      seed: fc.string({ maxLength: 12 }),
    }),
  );

function expectWellFormed(rounds: readonly Round[], ids: readonly string[]): void {
  const sorted = [...ids].sort();
  for (const round of rounds) {
    expect([...round.flat()].sort()).toEqual(sorted);
    expect(round.map((t) => t.length).sort((a, b) => b - a)).toEqual(splitTables(ids.length));
  }
}

/** The targets of rule 1.1.6 for 3 games: 12 players are the one count where repeats are forced. */
function expectTargets(
  rounds: readonly Round[],
  ids: readonly string[],
  avoidPairs: readonly AvoidPair[],
): void {
  const quality = evaluateSchedule(rounds, avoidPairs);
  expect(quality).toMatchObject({
    repeatedPairs: ids.length === 12 ? 9 : 0,
    maxMeetings: ids.length === 12 ? 2 : 1,
    seatRepeats: 0,
    avoidViolations: 0,
  });
  expect(quality.positionOneSpread).toBeLessThanOrEqual(1);
}

describe("generateSchedule properties", () => {
  it("seats every player exactly once per round at tables sized by splitTables", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 120 }).filter((n) => n !== 5),
        fc.integer({ min: 1, max: 4 }),
        fc.string({ maxLength: 8 }),
        (n, rounds, seed) => {
          const ids = players(n);
          const schedule = generateSchedule({ playerIds: ids, rounds, seed });
          expect(schedule).toHaveLength(rounds);
          expectWellFormed(schedule, ids);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("meets the targets for every count from 12 to 60 (fixed seeds)", () => {
    for (let n = 12; n <= 60; n++) {
      const ids = players(n);
      const avoidPairs: AvoidPair[] = [];
      // Every fifth player with the next one: 20% of the players in avoid pairs.
      for (let i = 0; i + 1 < n && avoidPairs.length < Math.floor(n / 10); i += 5)
        avoidPairs.push([ids[i]!, ids[i + 1]!]);
      const schedule = generateSchedule({ playerIds: ids, rounds: 3, avoidPairs, seed: `count-${n}` });
      expectWellFormed(schedule, ids);
      expectTargets(schedule, ids, avoidPairs);
    }
  });

  it("meets the targets for random sessions of 12 to 60 players with random avoid pairs", () => {
    fc.assert(
      fc.property(session(12, 60), ({ ids, avoidPairs, seed }) => {
        const schedule = generateSchedule({ playerIds: ids, rounds: 3, avoidPairs, seed });
        expectWellFormed(schedule, ids);
        expectTargets(schedule, ids, avoidPairs);
      }),
      { numRuns: 150 },
    );
  });

  it("meets the targets for larger sessions (61 to 200 players)", () => {
    fc.assert(
      fc.property(session(61, 200), ({ ids, avoidPairs, seed }) => {
        const schedule = generateSchedule({ playerIds: ids, rounds: 3, avoidPairs, seed });
        expectWellFormed(schedule, ids);
        expectTargets(schedule, ids, avoidPairs);
      }),
      { numRuns: 15 },
    );
  });

  it("meets the same targets when seated round by round (generateNextRound three times)", () => {
    fc.assert(
      fc.property(session(12, 40), ({ ids, avoidPairs, seed }) => {
        const rounds: Round[] = [];
        for (let game = 0; game < 3; game++) {
          rounds.push(
            generateNextRound({ playerIds: ids, rounds: 3, previousRounds: rounds, avoidPairs, seed }),
          );
        }
        expectWellFormed(rounds, ids);
        expectTargets(rounds, ids, avoidPairs);
      }),
      { numRuns: 80 },
    );
  });

  it("keeps avoid pairs apart when friends come in families (chains of pairs)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 13, max: 60 }), fc.string({ maxLength: 8 }), (n, seed) => {
        const ids = players(n);
        // Families of three: a–b, b–c, a–c for the first ~20% of the players.
        const avoidPairs: AvoidPair[] = [];
        for (let i = 0; i + 2 < Math.floor(n / 5); i += 3) {
          avoidPairs.push([ids[i]!, ids[i + 1]!], [ids[i + 1]!, ids[i + 2]!], [ids[i]!, ids[i + 2]!]);
        }
        const schedule = generateSchedule({ playerIds: ids, rounds: 3, avoidPairs, seed });
        expectTargets(schedule, ids, avoidPairs);
      }),
      { numRuns: 40 },
    );
  });

  it("is reproducible: the same input and seed give the same schedule", () => {
    fc.assert(
      fc.property(session(12, 80), ({ ids, avoidPairs, seed }) => {
        const input = { playerIds: ids, rounds: 3, avoidPairs, seed };
        expect(generateSchedule(input)).toEqual(generateSchedule(input));
      }),
      { numRuns: 20 },
    );
  });
});
