import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fraction, ZERO } from "./fraction";
import { type Ruleset, type ScoredGame, scoreGame } from "./game-score";
import { bestSessionRecords, computeQualification, type SessionResult } from "./qualification";
import { compareRecords, computeSessionStandings, type PlayerRecord } from "./standings";
import { eventStructure } from "./structure";

function g(...cells: string[]): ScoredGame {
  const scores = cells.map((c) => {
    const [id, vp] = c.replace("*", "").split(":");
    return { playerId: id!, vp: Number(vp) };
  });
  const winnerId = cells
    .find((c) => c.includes("*"))!
    .replace("*", "")
    .split(":")[0]!;
  return scoreGame({ ruleset: "2026", seatPlayerIds: scores.map((s) => s.playerId), scores, winnerId });
}

const lot = (id: string) => Buffer.from(id.padEnd(8, "_").slice(0, 8)).toString("hex");

function rec(playerId: string, p: Partial<Omit<PlayerRecord, "playerId">> = {}): PlayerRecord {
  return { playerId, games: 3, wins: 0, vp: 0, vpPct: ZERO, seconds: 0, thirds: 0, ...p };
}

function session(sessionId: string, games: ScoredGame[]): SessionResult {
  const s = computeSessionStandings({ ruleset: "2026", games, disqualifiedPlayerIds: [], lotOf: lot });
  return { sessionId, records: s.rows.map((r) => r.record) };
}

describe("bestSessionRecords (rule 1.2.3)", () => {
  // P plays both sessions: 2 wins in the first, 1 in the second; the sessions never add up.
  const s1 = session("ses_1", [
    g("P*:10", "Q:8", "R:5", "S:4"),
    g("Q*:10", "P:9", "R:5", "S:4"),
    g("P*:10", "R:8", "Q:5", "S:4"),
  ]);
  const s2 = session("ses_2", [
    g("P*:10", "T:8", "U:5", "V:4"),
    g("T*:10", "P:9", "U:5", "V:4"),
    g("U*:10", "T:8", "P:5", "V:4"),
  ]);

  it("keeps each player's best single session, never the sum", () => {
    const best = bestSessionRecords([s2, s1], "2026");
    const p = best.find((r) => r.playerId === "P")!;
    expect(p).toMatchObject({ sessionId: "ses_1", games: 3, wins: 2, vp: 29 });
    expect(best.map((r) => r.playerId)).toEqual(["P", "Q", "R", "S", "T", "U", "V"]);
  });

  it("a tie between a player's own sessions goes to the earlier session in the list", () => {
    const same = rec("P", { wins: 1, vp: 25, vpPct: fraction(3, 4), seconds: 1 });
    const sessions = [
      { sessionId: "ses_a", records: [same] },
      { sessionId: "ses_b", records: [{ ...same }] },
    ];
    expect(bestSessionRecords(sessions, "2026")[0]!.sessionId).toBe("ses_a");
    expect(bestSessionRecords([...sessions].reverse(), "2026")[0]!.sessionId).toBe("ses_b");
  });

  it("legacy ignores 2nd places when choosing the best session", () => {
    const a = rec("P", { wins: 1, vp: 25, vpPct: fraction(3, 4) });
    const b = { ...a, seconds: 2 };
    const sessions = [
      { sessionId: "ses_a", records: [a] },
      { sessionId: "ses_b", records: [b] },
    ];
    expect(bestSessionRecords(sessions, "legacy")[0]!.sessionId).toBe("ses_a");
    expect(bestSessionRecords(sessions, "2026")[0]!.sessionId).toBe("ses_b");
  });

  it("refuses two records of one player in one session", () => {
    expect(() => bestSessionRecords([{ sessionId: "s", records: [rec("P"), rec("P")] }], "2026")).toThrow(
      RangeError,
    );
  });
});

describe("computeQualification", () => {
  const records = ["a", "b", "c", "d", "e", "f"].map((id, i) =>
    rec(id, { wins: 3 - Math.floor(i / 2), vp: 30 - i }),
  );

  it("marks the top qualifierCount and ranks by the chain", () => {
    const { rows } = computeQualification({
      ruleset: "2026",
      sessions: [{ sessionId: "s1", records }],
      qualifierCount: eventStructure(20, "2026").qualifierCount,
      lotOf: lot,
    });
    expect(
      rows.map((r) => [r.rank, r.record.playerId, r.qualified, r.decidedBy, r.record.sessionId]),
    ).toEqual([
      [1, "a", true, "vp", "s1"],
      [2, "b", true, "wins", "s1"],
      [3, "c", true, "vp", "s1"],
      [4, "d", true, "wins", "s1"],
      [5, "e", false, "vp", "s1"],
      [6, "f", false, null, "s1"],
    ]);
  });

  it("leaves excluded (disqualified) players out so the next one qualifies", () => {
    const { rows } = computeQualification({
      ruleset: "2026",
      sessions: [{ sessionId: "s1", records }],
      qualifierCount: 4,
      lotOf: lot,
      excludedPlayerIds: ["b"],
    });
    expect(rows.filter((r) => r.qualified).map((r) => r.record.playerId)).toEqual(["a", "c", "d", "e"]);
  });
});

describe("qualification properties", () => {
  const arbRecord = (playerId: string) =>
    fc.record({
      playerId: fc.constant(playerId),
      games: fc.constantFrom(3, 4),
      wins: fc.integer({ min: 0, max: 3 }),
      vp: fc.integer({ min: 20, max: 23 }),
      vpPct: fc.constantFrom(fraction(2, 3), fraction(7, 10), fraction(3, 4)),
      seconds: fc.integer({ min: 0, max: 1 }),
      thirds: fc.integer({ min: 0, max: 1 }),
    });
  const ids = ["p1", "p2", "p3", "p4", "p5", "p6"];
  const arbSessions = fc
    .array(
      fc.subarray(ids).chain((players) => fc.tuple(...players.map(arbRecord))),
      { minLength: 1, maxLength: 5 },
    )
    .map((sessions) => sessions.map((records, i): SessionResult => ({ sessionId: `ses_${i}`, records })));
  const arbRuleset = fc.constantFrom<Ruleset>("2026", "legacy");

  it("never adds sessions: each best record is one of that player's session records, and none beats it", () => {
    fc.assert(
      fc.property(arbSessions, arbRuleset, (sessions, ruleset) => {
        const best = bestSessionRecords(sessions, ruleset);
        const players = new Set(sessions.flatMap((s) => s.records.map((r) => r.playerId)));
        expect(best.map((r) => r.playerId).sort()).toEqual([...players].sort());
        for (const b of best) {
          const { sessionId, ...record } = b;
          const own = sessions.flatMap((s) =>
            s.records.filter((r) => r.playerId === b.playerId).map((r) => ({ sessionId: s.sessionId, r })),
          );
          const from = own.find((o) => o.sessionId === sessionId)!;
          expect(from.r).toEqual(record);
          for (const o of own) expect(compareRecords(o.r, from.r, ruleset).order).not.toBe(-1);
          // The earliest session among equally good ones counts.
          const firstEqual = own.find((o) => compareRecords(o.r, from.r, ruleset).order === 0)!;
          expect(firstEqual.sessionId).toBe(sessionId);
        }
      }),
    );
  });

  it("qualifies exactly min(qualifierCount, players) and does not depend on session record order", () => {
    fc.assert(
      fc.property(arbSessions, arbRuleset, fc.constantFrom(4, 16), (sessions, ruleset, qualifierCount) => {
        const q = computeQualification({ ruleset, sessions, qualifierCount, lotOf: lot });
        expect(q.rows.filter((r) => r.qualified)).toHaveLength(Math.min(qualifierCount, q.rows.length));
        const reversed = sessions.map((s) => ({ ...s, records: [...s.records].reverse() }));
        const q2 = computeQualification({ ruleset, sessions: reversed, qualifierCount, lotOf: lot });
        expect(q2.rows).toEqual(q.rows);
      }),
    );
  });
});

describe("computeQualification: disqualified after the playoffs were seated (docs/rules.md#people-and-results)", () => {
  const rec = (playerId: string, vp: number) => ({
    playerId,
    games: 3,
    wins: 1,
    vp,
    vpPct: ZERO,
    seconds: 0,
    thirds: 0,
  });
  const sessions = [
    { sessionId: "s", records: ["a", "b", "c", "d", "e", "f"].map((p, i) => rec(p, 30 - i)) },
  ];
  const lotOf = (p: string) => p.charCodeAt(0).toString(16).padStart(16, "0");

  it("keeps the cut: nobody moves up into a seat already played, and the rows are renumbered", () => {
    const { rows } = computeQualification({
      ruleset: "2026",
      sessions,
      qualifierCount: 4,
      lotOf,
      seatedThenDisqualified: ["b"],
    });
    expect(rows.map((r) => [r.record.playerId, r.rank, r.qualified])).toEqual([
      ["a", 1, true],
      ["c", 2, true],
      ["d", 3, true],
      ["e", 4, false],
      ["f", 5, false],
    ]);
    expect(rows[0]!.decidedBy).toBe("vp");
  });

  it("a prelim disqualification (excluded) lets the next player move up", () => {
    const { rows } = computeQualification({
      ruleset: "2026",
      sessions,
      qualifierCount: 4,
      lotOf,
      excludedPlayerIds: ["b"],
    });
    expect(rows.map((r) => [r.record.playerId, r.qualified])).toEqual([
      ["a", true],
      ["c", true],
      ["d", true],
      ["e", true],
      ["f", false],
    ]);
  });
});
