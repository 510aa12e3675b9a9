import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { reseatGames, reseatRound } from "./reseat";
import { generateSchedule } from "./schedule";
import { evaluateSchedule, type Round } from "./schedule-quality";
import { splitTables, TableSplitError } from "./tables";

/** Games 1–3 seated the plain way: players in order, chunked by the rule 1.1.7 sizes. */
function seatGame(players: readonly string[], rotate: number): Round {
  const order = players.map((_, i) => players[(i * (rotate + 1)) % players.length]!);
  const unique = [...new Set(order)];
  const rest = players.filter((p) => !unique.includes(p));
  const all = [...unique, ...rest];
  let at = 0;
  return splitTables(all.length).map((size) => {
    const table = all.slice(at, at + size);
    at += size;
    return table;
  });
}

const sorted = (ids: Iterable<string>) => [...ids].sort();
const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${String(i).padStart(2, "0")}`);

describe("re-seating later games after drops", () => {
  it("after any sequence of drops, every later game seats each remaining player exactly once at legal tables", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 6, max: 41 }),
        fc.array(fc.record({ pick: fc.nat(), afterGame: fc.integer({ min: 0, max: 2 }) }), { maxLength: 12 }),
        (n, drops) => {
          const players = ids(n);
          const games: Round[] = [0, 1, 2].map((g) => seatGame(players, g));
          const left = new Map<string, number>(); // player → afterGame
          for (const drop of drops) {
            const active = players.filter((p) => !left.has(p));
            if (active.length === 0) break;
            const player = active[drop.pick % active.length]!;
            // Later games are those after the drop; each is re-seated for who is still there.
            const stayIn = (g: number) =>
              players.filter((p) => p !== player && !(left.has(p) && left.get(p)! <= g));
            const legal = [0, 1, 2]
              .filter((g) => g >= drop.afterGame)
              .every((g) => ![0, 1, 2, 5].includes(stayIn(g).length));
            if (!legal) {
              // The drop is refused with rule 1.1.7: the seating stays as it was.
              const g = drop.afterGame;
              expect(() => reseatRound({ round: games[g]!, playerIds: stayIn(2), history: [] })).toThrow(
                TableSplitError,
              );
              continue;
            }
            const later = [0, 1, 2].filter((g) => g >= drop.afterGame);
            const next = reseatGames({
              games: later.map((g) => games[g]!),
              playerIds: later.map(stayIn),
              history: games.slice(0, drop.afterGame),
            });
            games.splice(drop.afterGame, later.length, ...next);
            left.set(player, drop.afterGame);
          }
          games.forEach((game, g) => {
            const expected = players.filter((p) => !(left.has(p) && left.get(p)! <= g));
            expect(sorted(game.flat())).toEqual(sorted(expected));
            expect(game.map((t) => t.length).sort((a, b) => b - a)).toEqual(splitTables(expected.length));
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it("the re-seat never repeats more opponents than seating the remaining players afresh (rule 1.1.6)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 12, max: 24 }),
        fc.integer({ min: 1, max: 2 }),
        fc.uniqueArray(fc.nat({ max: 23 }), { minLength: 1, maxLength: 3 }),
        fc.string({ minLength: 1, maxLength: 6 }),
        (n, afterGame, picks, seed) => {
          const players = ids(n);
          const leavers = new Set(picks.map((i) => players[i % n]!));
          const stay = players.filter((p) => !leavers.has(p));
          // The organiser's generated schedule, then players leave after game `afterGame`.
          const games = generateSchedule({ playerIds: players, rounds: 3, seed });
          const played = games.slice(0, afterGame);
          const later = games.slice(afterGame);
          const reseated = reseatGames({ games: later, playerIds: later.map(() => stay), history: played });
          const afresh = generateSchedule({ playerIds: stay, rounds: 3, previousRounds: played, seed });
          const q = evaluateSchedule([...played, ...reseated]);
          const f = evaluateSchedule([...played, ...afresh]);
          // Opponents first: the most meetings of one pair, then the repeated pairs.
          const pairs = (x: typeof q) => [x.maxMeetings, x.repeatedPairs];
          expect(
            pairs(q)[0]! < pairs(f)[0]! || (pairs(q)[0] === pairs(f)[0] && pairs(q)[1]! <= pairs(f)[1]!),
            `re-seat ${JSON.stringify(q)} vs afresh ${JSON.stringify(f)}`,
          ).toBe(true);
        },
      ),
      { numRuns: 40, seed: 2026 },
    );
  });
});
