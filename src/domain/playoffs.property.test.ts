import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ZERO } from "./fraction";
import { type ScoredGame, scoreGame } from "./game-score";
import { computeEventStandings } from "./playoffs";
import { computeQualification, type QualificationRow } from "./qualification";
import { eventStructure } from "./structure";

const lot = (id: string) => Buffer.from(id.padEnd(8, "_").slice(0, 8)).toString("hex");
const id = (n: number) => `q${String(n).padStart(2, "0")}`;
const ids = (rows: { playerId: string }[]) => rows.map((r) => r.playerId);

/** A 2026 game from [id, vp] pairs; the first pair with 10 VP wins. */
function g(cells: [string, number][]): ScoredGame {
  const scores = cells.map(([playerId, vp]) => ({ playerId, vp }));
  const winnerId = scores.find((s) => s.vp >= 10)!.playerId;
  return scoreGame({ ruleset: "2026", seatPlayerIds: scores.map((s) => s.playerId), scores, winnerId });
}

/** n players, one session, ordered by VP alone (qN has 40 − N VP). */
function qualification(n: number): QualificationRow[] {
  const records = Array.from({ length: n }, (_, i) => ({
    playerId: id(i + 1),
    games: 3,
    wins: 1,
    vp: 39 - i,
    vpPct: ZERO,
    seconds: 0,
    thirds: 0,
  }));
  return computeQualification({
    ruleset: "2026",
    sessions: [{ sessionId: "ses_1", records }],
    qualifierCount: eventStructure(n, "2026").qualifierCount,
    lotOf: lot,
  }).rows;
}

describe("computeEventStandings properties", () => {
  const quals = qualification(30);
  const tables = [
    [1, 8, 9, 16],
    [2, 7, 10, 15],
    [3, 6, 11, 14],
    [4, 5, 12, 13],
  ];
  const arbTable = fc.tuple(
    fc.nat(3),
    fc.array(fc.integer({ min: 2, max: 10 }), { minLength: 4, maxLength: 4 }),
  );

  it("is a permutation of the field, playoff groups first, prelims in qualification order", () => {
    fc.assert(
      fc.property(fc.tuple(arbTable, arbTable, arbTable, arbTable), (draws) => {
        const games = draws.map(([w, vps], t) =>
          g(tables[t]!.map((rank, i): [string, number] => [id(rank), i === w ? 10 : Math.min(vps[i]!, 9)])),
        );
        const e = computeEventStandings({
          ruleset: "2026",
          structure: eventStructure(30, "2026"),
          qualificationRows: quals,
          semifinalGames: games,
          lotOf: lot,
        });
        expect(e.rows.map((r) => r.rank)).toEqual(quals.map((_, i) => i + 1));
        expect([...ids(e.rows)].sort()).toEqual(quals.map((q) => q.record.playerId).sort());
        expect(e.rows.slice(0, 4).every((r) => r.semifinalPlacement === 1)).toBe(true);
        const placements = e.rows.slice(4, 16).map((r) => r.semifinalPlacement!);
        expect(placements).toEqual([...placements].sort((a, b) => a - b));
        expect(ids(e.rows).slice(16)).toEqual(quals.slice(16).map((q) => q.record.playerId));
      }),
    );
  });
});
