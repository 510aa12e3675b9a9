/**
 * Benchmark of the ranking core (run: npx tsx bench/standings.bench.ts [runs]).
 * A 50-session multi-date event, 40 players and 3 games per session, drawn from a pool of
 * 1,000 players: scores every game, computes all 50 session standings and the event
 * qualification, and prints the median over repeated runs. Data is seeded so runs compare.
 */
import { createHash } from "node:crypto";
import { performance } from "node:perf_hooks";
import { type GameInput, type ScoredGame, scoreGame } from "../src/domain/game-score";
import { computeQualification, type SessionResult } from "../src/domain/qualification";
import { computeSessionStandings } from "../src/domain/standings";
import { eventStructure } from "../src/domain/structure";

const SESSIONS = 50;
const PLAYERS_PER_SESSION = 40;
const GAMES = 3;
// Random draws of 40 from 1,250 over 50 sessions reach ~1,000 unique players.
const POOL = 1_250;
const LOT_SEED = "bench-lot-seed";

/** mulberry32: tiny deterministic PRNG so the generated event is the same every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: readonly T[], rnd: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function generateEvent(): { sessionId: string; games: GameInput[] }[] {
  const rnd = prng(2026);
  const pool = Array.from({ length: POOL }, (_, i) => `ply_${String(i).padStart(4, "0")}`);
  return Array.from({ length: SESSIONS }, (_, s) => {
    const players = shuffle(pool, rnd).slice(0, PLAYERS_PER_SESSION);
    const games: GameInput[] = [];
    for (let round = 0; round < GAMES; round++) {
      const order = shuffle(players, rnd);
      for (let t = 0; t < order.length; t += 4) {
        const seats = order.slice(t, t + 4);
        const winner = Math.floor(rnd() * seats.length);
        const scores = seats.map((playerId, i) => ({
          playerId,
          vp: i === winner ? 10 + Math.floor(rnd() * 3) : 2 + Math.floor(rnd() * 9),
        }));
        games.push({ ruleset: "2026", seatPlayerIds: seats, scores, winnerId: seats[winner]! });
      }
    }
    return { sessionId: `ses_${s}`, games };
  });
}

/** Everything a read of the qualification endpoint does in the domain, lots included. */
function computeAll(event: ReturnType<typeof generateEvent>): { qualified: number; unique: number } {
  const lots = new Map<string, string>();
  const lotOf = (id: string): string => {
    let lot = lots.get(id);
    if (!lot) {
      lot = createHash("sha256").update(`${LOT_SEED}:${id}`).digest("hex").slice(0, 16);
      lots.set(id, lot);
    }
    return lot;
  };
  const sessions: SessionResult[] = event.map(({ sessionId, games }) => {
    const scored: ScoredGame[] = games.map(scoreGame);
    const standings = computeSessionStandings({
      ruleset: "2026",
      games: scored,
      disqualifiedPlayerIds: [],
      lotOf,
    });
    return { sessionId, records: standings.rows.map((r) => r.record) };
  });
  const unique = new Set(sessions.flatMap((s) => s.records.map((r) => r.playerId))).size;
  const structure = eventStructure(unique, "2026");
  const { rows } = computeQualification({
    ruleset: "2026",
    sessions,
    qualifierCount: structure.qualifierCount,
    lotOf,
  });
  return { qualified: rows.filter((r) => r.qualified).length, unique };
}

/**
 * The baseline measured in the same run: the same ranking with VP% as floating-point sums (what
 * most tournament software does), no lots and no decidedBy. Its ratio is the price of exactness.
 */
function computeAllWithFloats(event: ReturnType<typeof generateEvent>): number {
  const best = new Map<string, { wins: number; vp: number; pct: number }>();
  for (const { games } of event) {
    const records = new Map<string, { wins: number; vp: number; pct: number }>();
    for (const game of games) {
      const counted = game.scores.map((s) => Math.min(s.vp, 10));
      const total = counted.reduce((a, b) => a + b, 0);
      game.scores.forEach((s, i) => {
        const r = records.get(s.playerId) ?? { wins: 0, vp: 0, pct: 0 };
        records.set(s.playerId, {
          wins: r.wins + (s.playerId === game.winnerId ? 1 : 0),
          vp: r.vp + counted[i]!,
          pct: r.pct + counted[i]! / total,
        });
      });
    }
    for (const [id, r] of records) {
      const b = best.get(id);
      if (!b || r.wins > b.wins || (r.wins === b.wins && (r.vp > b.vp || (r.vp === b.vp && r.pct > b.pct))))
        best.set(id, r);
    }
  }
  return [...best.values()].sort((a, b) => b.wins - a.wins || b.vp - a.vp || b.pct - a.pct).length;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const runs = Number(process.argv[2] ?? 30);
const event = generateEvent();
// Warm-up lets the JIT settle so the median reflects steady-state reads.
for (let i = 0; i < 5; i++) computeAll(event);
const times: number[] = [];
let last = { qualified: 0, unique: 0 };
for (let i = 0; i < runs; i++) {
  const start = performance.now();
  last = computeAll(event);
  times.push(performance.now() - start);
}
const floatTimes: number[] = [];
for (let i = 0; i < 5; i++) computeAllWithFloats(event);
for (let i = 0; i < runs; i++) {
  const start = performance.now();
  computeAllWithFloats(event);
  floatTimes.push(performance.now() - start);
}
console.log(
  `standings: ${SESSIONS} sessions x ${PLAYERS_PER_SESSION} players x ${GAMES} games, ` +
    `${last.unique} unique players, ${last.qualified} qualified: median ${median(times).toFixed(2)} ms ` +
    `(min ${Math.min(...times).toFixed(2)}, max ${Math.max(...times).toFixed(2)}, ${runs} runs)`,
);
console.log(
  `  baseline float ranking (no fractions, lots, decidedBy): median ${median(floatTimes).toFixed(2)} ms; ` +
    `exact ranking = ${(median(times) / median(floatTimes)).toFixed(1)}× baseline`,
);
