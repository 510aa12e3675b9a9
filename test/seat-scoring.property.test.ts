/**
 * Issue 15, target 3: the scoring stored with each result (seats.scored and its columns,
 * table_results.scored_version; migration 0011) always equals a full recomputation from the
 * sheets. Random histories of a small event run through the HTTP API: 2–3 sessions of 8–14
 * players (tables of 3 included), either ruleset, sheets submitted pending or signed, made
 * final by confirmations, by the referee or by a signed replacement, disqualifications before
 * a sheet is final, corrections of final results, player merges and, when the prelims are
 * complete, the final. After every step the stored rows are checked against scoreGame; at
 * check points and at the end every ranking is compared byte for byte with the same requests
 * after the stored scoring is wiped (each table then scored from its sheet). A wipe in the
 * middle also leaves the later steps a database in which scored and unscored tables mix.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/client";
import { splitTables } from "../src/domain/tables";
import type { App } from "../src/http/app";
import { createOrgClient, type OrgClient } from "./helpers/auth";
import {
  expectStoredScoringExact,
  rankingPaths,
  readRankings,
  type ScoringCensus,
  scoredFlags,
  wipeStoredScoring,
} from "./helpers/seat-scoring";
import { createTestApp } from "./helpers/test-app";
import { createPlayers, type JsonClient, jsonRequest } from "./helpers/workflow";

/**
 * 15 histories by default (each ~35 HTTP writes: most of the run time). Deeper run:
 * `FUZZ_SCALE=10 npx vitest run test/seat-scoring.property.test.ts --testTimeout=0`; `RUNS=n` sets the
 * count and stops at the first failure without shrinking (quick checks of a deliberate break).
 */
const SCALE = Math.max(1, Number(process.env.FUZZ_SCALE ?? 1));

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let db: Database;
let app: App;
let store: OrgClient;
let api: JsonClient;

beforeAll(async () => {
  // No cached bodies: the second read of a path is a second build, not the same bytes again.
  ({ app, db } = await createTestApp({ responseCacheBytes: 0 }));
  store = await createOrgClient(app, db);
  api = jsonRequest(app, store.auth);
});

/** Non-winners' VP: ties, 10+ without a win (capped at 10), and the minimum. */
const vpPool = fc.constantFrom(2, 3, 5, 8, 8, 10, 12);
const sheetArb = fc.record({
  winner: fc.nat({ max: 3 }),
  winVp: fc.constantFrom(10, 10, 11, 14),
  vp: fc.array(vpPool, { minLength: 4, maxLength: 4 }),
});
type SheetGen = typeof sheetArb extends fc.Arbitrary<infer T> ? T : never;

/** How a table's sheet becomes final, or stays pending for a while (`open`). */
const fateArb = fc.record({
  path: fc.constantFrom("signed", "signed", "confirm", "finalize", "resubmit", "open"),
  sheet: sheetArb,
  second: sheetArb,
  dq: fc.oneof(
    { arbitrary: fc.constant(null), weight: 6 },
    {
      arbitrary: fc.record({
        seat: fc.nat({ max: 3 }),
        when: fc.constantFrom("before", "pending"),
        // A player disqualified at the table may have fewer than 2 VP there.
        vp: fc.constantFrom(0, 4, 9),
      }),
      weight: 1,
    },
  ),
});
type Fate = typeof fateArb extends fc.Arbitrary<infer T> ? T : never;

const extraArb = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant("correct" as const), pick: fc.nat(), sheet: sheetArb }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant("merge" as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.constant({ kind: "check" as const }), weight: 1 },
);
type Extra = typeof extraArb extends fc.Arbitrary<infer T> ? T : never;

const historyArb = fc.record({
  ruleset: fc.constantFrom("2026" as const, "legacy" as const),
  players: fc.integer({ min: 8, max: 14 }),
  // Each session's players: a window of the roster (so some pairs never meet: merges apply).
  sessions: fc.array(fc.record({ size: fc.integer({ min: 7, max: 9 }), offset: fc.nat({ max: 13 }) }), {
    minLength: 2,
    maxLength: 3,
  }),
  /** Which session plays its next game, at each tick, and how its players are shuffled. */
  order: fc.array(fc.record({ session: fc.nat({ max: 2 }), shuffle: fc.nat() }), {
    minLength: 9,
    maxLength: 9,
  }),
  fates: fc.array(fateArb, { minLength: 8, maxLength: 16 }),
  extras: fc.array(fc.record({ after: fc.nat({ max: 9 }), extra: extraArb }), { maxLength: 6 }),
  final: fc.option(fc.record({ fate: fateArb, after: fc.array(extraArb, { maxLength: 2 }) }), { freq: 3 }),
  /** A merge once everything is played (most histories), so a merge meets the last check. */
  lastMerge: fc.option(fc.nat(), { freq: 4 }),
});
type History = typeof historyArb extends fc.Arbitrary<infer T> ? T : never;

interface Table {
  id: string;
  seats: string[];
  status: "none" | "pending" | "final";
  version: number;
  sessionIndex: number | null;
}

interface World {
  eventId: string;
  sessions: { id: string; members: string[]; games: number }[];
  tables: Table[];
  /** Disqualified from the event (rule 1.3.6), with the table where it was recorded. */
  disqualified: Map<string, string>;
  fateCursor: number;
}

const census: ScoringCensus & { merges: number; finals: number; checks: number } = {
  scoredTables: 0,
  clearedTables: 0,
  scoredThreeSeatTables: 0,
  scoredTablesWithDisqualification: 0,
  merges: 0,
  finals: 0,
  checks: 0,
};

const ok = async (what: string, res: Promise<{ status: number; body: Json }>) => {
  const r = await res;
  expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBeLessThan(500);
  return r;
};

/** A valid sheet for the table: the winner is not disqualified, a player out here may have < 2 VP. */
function sheetFor(w: World, t: Table, gen: SheetGen, dqVp = 0) {
  const out = (id: string) => w.disqualified.get(id) === t.id;
  let winner = gen.winner % t.seats.length;
  while (out(t.seats[winner]!)) winner = (winner + 1) % t.seats.length;
  return {
    winnerId: t.seats[winner]!,
    scores: t.seats.map((playerId, i) => ({
      playerId,
      vp: i === winner ? gen.winVp : out(playerId) ? dqVp : gen.vp[i]!,
    })),
  };
}

function record(t: Table, body: Json) {
  t.status = body?.result?.status ?? t.status;
  t.version = body?.result?.version ?? t.version;
}

/** After a result write that made the table final, its seats hold that version's scoring. */
async function expectWrittenScored(t: Table, status: number) {
  if (status === 200 && t.status === "final") {
    const flags = await scoredFlags(db, t.id);
    expect(flags.length, `table ${t.id}`).toBe(t.seats.length);
    expect(flags.every(Boolean), `table ${t.id}: a final write left its seats unscored`).toBe(true);
  }
}

async function disqualify(w: World, t: Table, seat: number) {
  const playerId = t.seats[seat % t.seats.length]!;
  const r = await ok(
    "disqualify",
    api.post(`/v1/tables/${t.id}/disqualifications`, { playerId, reason: "Property test: conduct" }),
  );
  if (r.status === 200) w.disqualified.set(playerId, t.id);
}

/** Plays one table along its fate: every write through the API, refusals allowed, 500s never. */
async function play(w: World, t: Table, fate: Fate) {
  const base = `/v1/tables/${t.id}`;
  if (fate.dq && (fate.dq.when === "before" || fate.path === "signed")) await disqualify(w, t, fate.dq.seat);
  const dqVp = fate.dq?.vp ?? 0;
  const first = sheetFor(w, t, fate.sheet, dqVp);
  const signed = fate.path === "signed";
  let r = await ok("submit", api.put(`${base}/result`, { ...first, signed }));
  record(t, r.body);
  await expectWrittenScored(t, r.status);
  if (signed || t.status !== "pending") return;
  if (fate.dq && fate.dq.when === "pending") await disqualify(w, t, fate.dq.seat);
  switch (fate.path) {
    case "confirm":
      for (const playerId of t.seats) {
        if (w.disqualified.has(playerId)) continue;
        r = await ok("confirm", api.post(`${base}/result/confirmations`, { playerId }));
        record(t, r.body);
      }
      await expectWrittenScored(t, r.status);
      return;
    case "finalize":
      r = await ok("finalize", api.post(`${base}/result/finalize`, { reason: "Property test: referee" }));
      record(t, r.body);
      await expectWrittenScored(t, r.status);
      return;
    case "resubmit":
      r = await ok(
        "resubmit",
        api.put(
          `${base}/result`,
          { ...sheetFor(w, t, fate.second, dqVp), signed: true },
          { "if-match": `"${t.version}"` },
        ),
      );
      record(t, r.body);
      await expectWrittenScored(t, r.status);
      return;
    case "open":
      return;
  }
}

const replacement: SheetGen = { winner: 0, winVp: 10, vp: [5, 5, 5, 5] };

/**
 * The referee settles a table left pending (the next game is seated only after it); a sheet
 * whose winner was disqualified since it was submitted can't be final: it is replaced, signed.
 */
async function settle(w: World, t: Table) {
  if (t.status !== "pending") return;
  const r = await ok("settle", api.post(`/v1/tables/${t.id}/result/finalize`, { reason: "Settled" }));
  record(t, r.body);
  await expectWrittenScored(t, r.status);
  if ((t.status as Table["status"]) === "final") return;
  const again = await ok(
    "replace",
    api.put(
      `/v1/tables/${t.id}/result`,
      { ...sheetFor(w, t, replacement, 3), signed: true },
      { "if-match": `"${t.version}"` },
    ),
  );
  record(t, again.body);
  expect(t.status, `table ${t.id}: ${JSON.stringify(again.body)}`).toBe("final");
  await expectWrittenScored(t, again.status);
}

function nextFate(w: World, h: History): Fate {
  return h.fates[w.fateCursor++ % h.fates.length]!;
}

function seatedTables(w: World, round: Json, sessionIndex: number | null) {
  const tables: Table[] = round.tables.map((t: Json) => ({
    id: t.id,
    seats: t.seats.map((s: Json) => s.player.id),
    status: "none" as const,
    version: 0,
    sessionIndex,
  }));
  w.tables.push(...tables);
  return tables;
}

/** A hand-made seating (the generated one costs more than the rest of a game): a rotation of the players still in. */
function seating(w: World, members: readonly string[], shuffle: number): string[][] | null {
  const players = members.filter((id) => !w.disqualified.has(id));
  // Disqualifications can leave 5 players: that session cannot go on (422, rule 1.1.7).
  if (players.length < 6) return null;
  const order = players.map((_, i) => players[(i * (2 * shuffle + 1) + shuffle) % players.length]!);
  // 2k+1 and n may share a factor: fall back to a plain rotation then.
  const seated =
    new Set(order).size === players.length
      ? order
      : players.map((_, i) => players[(i + shuffle) % players.length]!);
  const sizes = splitTables(seated.length);
  return sizes.map((size, t) => {
    const at = sizes.slice(0, t).reduce((a, b) => a + b, 0);
    return seated.slice(at, at + size);
  });
}

async function playGame(w: World, h: History, sessionIndex: number, shuffle: number) {
  const session = w.sessions[sessionIndex]!;
  for (const t of w.tables) if (t.sessionIndex === sessionIndex) await settle(w, t);
  const tables = seating(w, session.members, shuffle);
  if (!tables) return;
  const r = await ok("seat", api.post(`/v1/sessions/${session.id}/rounds`, { tables }));
  if (r.status !== 201) return;
  session.games++;
  for (const round of r.body.data) {
    for (const t of seatedTables(w, round, sessionIndex)) await play(w, t, nextFate(w, h));
  }
}

async function correct(w: World, pick: number, gen: SheetGen) {
  const finals = w.tables.filter((t) => t.status === "final");
  const t = finals[pick % Math.max(1, finals.length)];
  if (!t) return;
  const r = await ok(
    "correct",
    api.post(
      `/v1/tables/${t.id}/result/corrections`,
      { ...sheetFor(w, t, gen, 3), reason: "Property test: a transcription error" },
      { "if-match": `"${t.version}"` },
    ),
  );
  record(t, r.body);
  await expectWrittenScored(t, r.status);
}

/** Merges a player into one they never shared a session with (one person entered twice). */
async function merge(w: World, pick: number) {
  const inSession = (id: string) =>
    new Set(w.sessions.filter((s) => s.members.includes(id)).map((s) => s.id));
  const everyone = [...new Set(w.sessions.flatMap((s) => s.members))];
  const pairs: [string, string][] = [];
  for (const m of everyone)
    for (const k of everyone) {
      if (m === k) continue;
      const a = inSession(m);
      if (![...inSession(k)].some((s) => a.has(s))) pairs.push([m, k]);
    }
  const pair = pairs[pick % Math.max(1, pairs.length)];
  if (!pair) return;
  const [m, k] = pair;
  const r = await ok("merge", api.post(`/v1/players/${m}/merge`, { intoPlayerId: k }));
  if (r.status !== 200) return;
  census.merges++;
  for (const s of w.sessions) s.members = s.members.map((id) => (id === m ? k : id));
  for (const t of w.tables) t.seats = t.seats.map((id) => (id === m ? k : id));
  const at = w.disqualified.get(m);
  w.disqualified.delete(m);
  // One disqualification per event and player: the kept player's own stands.
  if (at !== undefined && !w.disqualified.has(k)) w.disqualified.set(k, at);
}

/** Invariant 2: every ranking is the same bytes after the stored scoring is wiped. */
async function checkRankings(w: World) {
  census.checks++;
  const paths = rankingPaths(
    w.eventId,
    w.sessions.map((s) => s.id),
  );
  const stored = await readRankings(app, paths, store.auth);
  for (const read of stored) expect(read.status, `${read.path}: ${read.body}`).toBe(200);
  await wipeStoredScoring(db);
  const recomputed = await readRankings(app, paths, store.auth);
  for (let i = 0; i < paths.length; i++) {
    expect(stored[i]!.body, `${paths[i]}: stored scoring vs a full recomputation`).toBe(recomputed[i]!.body);
  }
}

async function checkRows(w: World) {
  const seen = await expectStoredScoringExact(db, w.eventId);
  census.scoredTables += seen.scoredTables;
  census.clearedTables += seen.clearedTables;
  census.scoredThreeSeatTables += seen.scoredThreeSeatTables;
  census.scoredTablesWithDisqualification += seen.scoredTablesWithDisqualification;
}

async function runExtra(w: World, extra: Extra) {
  switch (extra.kind) {
    case "correct":
      return correct(w, extra.pick, extra.sheet);
    case "merge":
      return merge(w, extra.pick);
    case "check":
      return checkRankings(w);
  }
}

async function setUp(h: History): Promise<World> {
  const created = await ok(
    "event",
    api.post(`/v1/orgs/${store.orgId}/events`, { name: "Seat scoring property", ruleset: h.ruleset }),
  );
  const eventId: string = created.body.id;
  const players = await createPlayers(api, store.orgId, h.players, `S${eventId.slice(-6)}`);
  const w: World = { eventId, sessions: [], tables: [], disqualified: new Map(), fateCursor: 0 };
  for (const [i, s] of h.sessions.entries()) {
    const size = Math.min(s.size, players.length);
    const members = Array.from({ length: size }, (_, j) => players[(s.offset + j) % players.length]!);
    const ses = await ok(
      "session",
      api.post(`/v1/events/${eventId}/sessions`, { name: `Session ${i + 1}`, date: `2026-12-0${i + 1}` }),
    );
    expect(ses.status).toBe(201);
    const reg = await ok("register", api.post(`/v1/sessions/${ses.body.id}/players`, { playerIds: members }));
    expect(reg.status).toBe(200);
    w.sessions.push({ id: ses.body.id, members, games: 0 });
  }
  return w;
}

async function playFinal(w: World, final: NonNullable<History["final"]>) {
  for (const t of w.tables) await settle(w, t);
  const r = await ok("seat the final", api.post(`/v1/events/${w.eventId}/final`));
  if (r.status !== 201) return;
  census.finals++;
  for (const t of seatedTables(w, r.body, null)) await play(w, t, final.fate);
  await checkRows(w);
  for (const extra of final.after) {
    await runExtra(w, extra);
    await checkRows(w);
  }
}

describe("stored seat scoring equals a full recomputation from the sheets", () => {
  it("after any history of sheets, confirmations, corrections, disqualifications, merges and the final", async () => {
    await fc.assert(
      fc.asyncProperty(historyArb, async (h) => {
        const w = await setUp(h);
        for (let tick = 0; tick < h.order.length; tick++) {
          // The tick's session, or the next one with a game left.
          const n = w.sessions.length;
          const { session, shuffle } = h.order[tick]!;
          const s = [...Array(n).keys()].map((i) => (session + i) % n).find((i) => w.sessions[i]!.games < 3);
          if (s !== undefined) await playGame(w, h, s, shuffle);
          await checkRows(w);
          for (const { extra } of h.extras.filter((e) => e.after === tick)) {
            await runExtra(w, extra);
            await checkRows(w);
          }
        }
        if (h.final) await playFinal(w, h.final);
        if (h.lastMerge !== null) {
          await merge(w, h.lastMerge);
          await checkRows(w);
        }
        await checkRankings(w);
        await checkRows(w);
      }),
      { numRuns: Number(process.env.RUNS ?? 15) * SCALE, endOnFailure: process.env.RUNS !== undefined },
    );
    // The histories reached every case the invariants are about (not asked of a RUNS=n check).
    if (process.env.RUNS !== undefined) return;
    expect(census.scoredTables).toBeGreaterThan(0);
    expect(census.clearedTables).toBeGreaterThan(0);
    expect(census.scoredThreeSeatTables).toBeGreaterThan(0);
    expect(census.scoredTablesWithDisqualification).toBeGreaterThan(0);
    expect(census.merges).toBeGreaterThan(0);
    expect(census.finals).toBeGreaterThan(0);
  }, 180_000);
});
