import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fraction } from "./fraction";
import { type GameInput, type Ruleset, scoreGame } from "./game-score";
import {
  aggregateRecords,
  compareRecords,
  computeSessionStandings,
  type PlayerRecord,
  rankRecords,
} from "./standings";

describe("rankRecords properties", () => {
  // Small ranges force many ties so that every criterion and lots get exercised.
  const arbRecords = fc
    .uniqueArray(
      fc.record({
        playerId: fc.string({ minLength: 1, maxLength: 4 }),
        wins: fc.integer({ min: 0, max: 2 }),
        vp: fc.integer({ min: 18, max: 20 }),
        vpPct: fc.constantFrom(fraction(2, 3), fraction(4, 6), fraction(7, 10), fraction(1, 2)),
        seconds: fc.integer({ min: 0, max: 1 }),
        thirds: fc.integer({ min: 0, max: 1 }),
        lot: fc.constantFrom("00000000000000aa", "00000000000000ab", "ffffffffffffffff"),
      }),
      { selector: (r) => r.playerId, maxLength: 25 },
    )
    .map((rs) => rs.map((r) => ({ ...r, games: 3 })));
  const arbRuleset = fc.constantFrom<Ruleset>("2026", "legacy");

  it("is a total order consistent with compareRecords and lots", () => {
    fc.assert(
      fc.property(arbRecords, arbRuleset, (records, ruleset) => {
        const lotOf = (id: string) => records.find((r) => r.playerId === id)!.lot;
        const rows = rankRecords(records, { ruleset, lotOf });
        expect(rows.map((r) => r.rank)).toEqual(records.map((_, i) => i + 1));
        for (let i = 0; i < rows.length; i++) {
          for (let j = i + 1; j < rows.length; j++) {
            const a = rows[i]!.record;
            const b = rows[j]!.record;
            const { order } = compareRecords(a, b, ruleset);
            expect(order).not.toBe(1);
            if (order === 0) expect(a.lot < b.lot || (a.lot === b.lot && a.playerId < b.playerId)).toBe(true);
          }
        }
      }),
    );
  });

  it("does not depend on input order", () => {
    fc.assert(
      fc.property(
        arbRecords.chain((rs) =>
          fc.tuple(fc.constant(rs), fc.shuffledSubarray(rs, { minLength: rs.length })),
        ),
        arbRuleset,
        ([records, shuffled], ruleset) => {
          const lotOf = (id: string) => records.find((r) => r.playerId === id)!.lot;
          const ids = (rs: readonly PlayerRecord[]) =>
            rankRecords(rs, { ruleset, lotOf }).map((r) => r.record.playerId);
          expect(ids(shuffled)).toEqual(ids(records));
        },
      ),
    );
  });

  it("decidedBy is the first criterion separating a row from the next; lots flags its two rows", () => {
    fc.assert(
      fc.property(arbRecords, arbRuleset, (records, ruleset) => {
        const lotOf = (id: string) => records.find((r) => r.playerId === id)!.lot;
        const rows = rankRecords(records, { ruleset, lotOf });
        for (const [i, row] of rows.entries()) {
          const next = rows[i + 1];
          if (!next) {
            expect(row.decidedBy).toBeNull();
            continue;
          }
          const { criterion } = compareRecords(row.record, next.record, ruleset);
          expect(row.decidedBy).toBe(criterion ?? "lots");
          if (ruleset === "legacy") expect(["seconds", "thirds"]).not.toContain(row.decidedBy);
          const lotsAbove = i > 0 && rows[i - 1]!.decidedBy === "lots";
          expect(row.decidedByLots).toBe(row.decidedBy === "lots" || lotsAbove);
        }
      }),
    );
  });

  it("never mutates its input", () => {
    fc.assert(
      fc.property(arbRecords, (records) => {
        const before = structuredClone(records);
        rankRecords(records, { ruleset: "2026", lotOf: () => "0000000000000000" });
        expect(records).toEqual(before);
      }),
    );
  });
});

describe("session standings properties", () => {
  // A small session: 8 players, 3 rounds of two 4-player tables, random legal VP.
  const players = ["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8"];
  const arbTable = (seats: string[]) =>
    fc.tuple(fc.nat(3), fc.array(fc.integer({ min: 2, max: 10 }), { minLength: 4, maxLength: 4 })).map(
      ([w, vps]): GameInput => ({
        ruleset: "2026",
        seatPlayerIds: seats,
        scores: seats.map((playerId, i) => ({
          playerId,
          vp: i === w ? 10 : vps[i]!,
        })),
        winnerId: seats[w]!,
      }),
    );
  const arbSession = fc
    .tuple(...[0, 1, 2].map(() => fc.shuffledSubarray(players, { minLength: 8, maxLength: 8 })))
    .chain((rounds) => fc.tuple(...rounds.flatMap((r) => [arbTable(r.slice(0, 4)), arbTable(r.slice(4))])));
  const lotOf = (id: string) => id.padStart(16, "0");

  it("does not depend on the order of the games, and every player appears once", () => {
    fc.assert(
      fc.property(arbSession, fc.constantFrom<Ruleset>("2026", "legacy"), (inputs, ruleset) => {
        const games = inputs.map((i) => scoreGame({ ...i, ruleset }));
        const a = computeSessionStandings({ ruleset, games, disqualifiedPlayerIds: [], lotOf });
        const b = computeSessionStandings({
          ruleset,
          games: [...games].reverse(),
          disqualifiedPlayerIds: [],
          lotOf,
        });
        expect(b).toEqual(a);
        expect(a.rows.map((r) => r.record.playerId).sort()).toEqual(players);
        expect(a.rows.reduce((n, r) => n + r.record.wins, 0)).toBe(games.length);
        expect(aggregateRecords(games).every((r) => r.games === 3)).toBe(true);
      }),
    );
  });
});
