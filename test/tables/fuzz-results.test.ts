import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrgClient, type OrgClient } from "../helpers/auth";
import { seatPrelimTable } from "../helpers/seat-table";
import { createTestApp } from "../helpers/test-app";
import { createPlayers, type JsonClient, jsonRequest } from "../helpers/workflow";

/**
 * PUT /v1/tables/{tableId}/result and POST …/result/corrections against docs/rules.md#one-game, with an
 * oracle written here from the rules text (not from src/domain): random VP sheets are either
 * accepted (200, stored exactly, placements as the rules say) or refused (422 naming the
 * fields, table unchanged), and the API's decision must be the oracle's.
 */

/** Deeper run: `FUZZ_SCALE=20 npx vitest run test/fuzz- --testTimeout=0`; 1 keeps the suite fast. */
const SCALE = Math.max(1, Number(process.env.FUZZ_SCALE ?? 1));
const RUNS = { submit: 150 * SCALE, correct: 60 * SCALE };

interface FuzzTable {
  id: string;
  seats: string[];
  disqualified: Set<string>;
}

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let store: OrgClient;
let api: JsonClient;
let four: FuzzTable;
let three: FuzzTable;
let withDisqualified: FuzzTable;
let finalTable: FuzzTable;
let outsider: string;

beforeAll(async () => {
  ctx = await createTestApp();
  store = await createOrgClient(ctx.app, ctx.db, { name: "Oracle store" });
  api = jsonRequest(ctx.app, store.auth);
  const eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Oracle open" })).body.id;
  const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S1" })).body.id;
  const ids = await createPlayers(api, store.orgId, 16, "Oracle");
  expect((await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids.slice(0, 15) })).status).toBe(
    200,
  );
  outsider = ids[15]!;
  const seat = async (players: string[], round: number): Promise<FuzzTable> => ({
    id: (await seatPrelimTable(ctx.db, eventId, sessionId, players, round)).tableId,
    seats: players,
    disqualified: new Set(),
  });
  four = await seat(ids.slice(0, 4), 1);
  three = await seat(ids.slice(4, 7), 2);
  withDisqualified = await seat(ids.slice(7, 11), 3);
  const dq = await api.post(`/v1/tables/${withDisqualified.id}/disqualifications`, {
    playerId: ids[10],
    reason: "Oracle fuzz: disqualified before the sheet",
  });
  expect(dq.status).toBe(200);
  withDisqualified.disqualified.add(ids[10]!);
  finalTable = await seat(ids.slice(11, 15), 4);
  const signed = await api.put(`/v1/tables/${finalTable.id}/result`, {
    scores: finalTable.seats.map((playerId, i) => ({ playerId, vp: [10, 7, 5, 3][i] })),
    winnerId: finalTable.seats[0],
    signed: true,
  });
  expect(signed.status).toBe(200);
});

// ---------------------------------------------------------------------------------------------
// The oracle: docs/rules.md#one-game, read directly

interface Sheet {
  scores: { playerId: string; vp: number }[];
  winnerId: string;
}

/**
 * docs/rules.md#one-game: every seated player reported exactly once and nobody else; exactly one winner,
 * seated and not disqualified (1.3.6), with vp ≥ 10; every other player 2 ≤ vp ≤ 20 unless
 * disqualified (a non-winner may pass 10 without declaring victory, rule 3.0.17); nobody above
 * 20; VP are whole numbers (and never negative).
 */
function oracleAccepts(table: FuzzTable, sheet: Sheet): boolean {
  const reported = sheet.scores.map((s) => s.playerId);
  if (reported.length !== table.seats.length) return false;
  if (new Set(reported).size !== reported.length) return false;
  if (!reported.every((id) => table.seats.includes(id))) return false;
  if (!table.seats.includes(sheet.winnerId) || table.disqualified.has(sheet.winnerId)) return false;
  return sheet.scores.every(({ playerId, vp }) => {
    if (!Number.isInteger(vp) || vp < 0 || vp > 20) return false;
    if (playerId === sheet.winnerId) return vp >= 10;
    if (table.disqualified.has(playerId)) return true;
    return vp >= 2;
  });
}

/**
 * Placement at the table (docs/rules.md#one-game): the winner 1st, the others by counted VP (min(vp, 10))
 * descending, equal VP sharing the higher place; a disqualified player forfeits the place and
 * comes after everyone else (the project's decision, src/domain/game-score.ts).
 */
function oraclePlacements(table: FuzzTable, sheet: Sheet): Map<string, number> {
  const key = (playerId: string): [number, number, number] => {
    const vp = sheet.scores.find((s) => s.playerId === playerId)!.vp;
    return [playerId === sheet.winnerId ? 1 : 0, table.disqualified.has(playerId) ? 0 : 1, Math.min(vp, 10)];
  };
  const ahead = (a: [number, number, number], b: [number, number, number]) =>
    a[0] !== b[0] ? a[0] > b[0] : a[1] !== b[1] ? a[1] > b[1] : a[2] > b[2];
  return new Map(
    table.seats.map((id) => [
      id,
      1 + table.seats.filter((other) => other !== id && ahead(key(other), key(id))).length,
    ]),
  );
}

// ---------------------------------------------------------------------------------------------
// Sheets: mostly plausible (about half valid), with the classic mistakes mixed in

const outOfRange = fc.oneof(
  fc.integer({ min: -3, max: 25 }),
  fc.constantFrom(1.5, 9.5, 10.5, -0.5, 100, 1e6, 2 ** 53 + 2),
);

function sheetFor(table: FuzzTable): fc.Arbitrary<Sheet> {
  const n = table.seats.length;
  const eligible = table.seats.filter((id) => !table.disqualified.has(id));
  return fc
    .record({
      winner: fc.oneof(
        { weight: 12, arbitrary: fc.constantFrom(...eligible) },
        { weight: 1, arbitrary: fc.constantFrom(...table.seats, outsider, "ply_nobody", "") },
      ),
      vps: fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 1000 }), outOfRange), {
        minLength: n,
        maxLength: n,
      }),
      plausible: fc.array(fc.oneof({ weight: 6, arbitrary: fc.constant(true) }, fc.constant(false)), {
        minLength: n,
        maxLength: n,
      }),
      order: fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
      mistake: fc.oneof(
        { weight: 8, arbitrary: fc.constant("none" as const) },
        fc.constantFrom("missing", "duplicate", "stranger", "extra") as fc.Arbitrary<
          "missing" | "duplicate" | "stranger" | "extra"
        >,
      ),
    })
    .map(({ winner, vps, plausible, order, mistake }) => {
      const vpOf = (i: number): number => {
        const id = table.seats[i]!;
        const [, pick, wildVp] = vps[i]!;
        if (!plausible[i]) return wildVp;
        if (id === winner) return 10 + (pick % 11); // 10..20
        if (table.disqualified.has(id)) return pick % 21; // 0..20
        return 2 + (pick % 19); // 2..20
      };
      let scores = order.map((i) => ({ playerId: table.seats[i]!, vp: vpOf(i) }));
      if (mistake === "missing") scores = scores.slice(1);
      if (mistake === "duplicate") scores = [...scores.slice(0, n - 1), { ...scores[0]! }];
      if (mistake === "stranger") scores = [{ playerId: outsider, vp: scores[0]!.vp }, ...scores.slice(1)];
      if (mistake === "extra") scores = [...scores, { playerId: outsider, vp: 5 }];
      return { scores, winnerId: winner };
    });
}

const ERROR_PATH = /^(scores(\[\d+\](\.(vp|playerId))?)?|winnerId)$/;

async function tableNow(id: string) {
  const res = await api.get(`/v1/tables/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

/** Sends the sheet and checks the answer against the oracle; returns whether it was accepted. */
async function checkSheet(
  table: FuzzTable,
  sheet: Sheet,
  send: (version: number) => Promise<{ status: number; body: Record<string, never> }>,
  expectedStatus: "pending" | "final",
): Promise<boolean> {
  const before = await tableNow(table.id);
  const version = before.result?.version ?? 0;
  const res = await send(version);
  const accepts = oracleAccepts(table, sheet);
  const where = `${JSON.stringify(sheet)} → ${res.status} ${JSON.stringify(res.body).slice(0, 600)}`;
  expect(res.status, where).toBe(accepts ? 200 : 422);
  const after = await tableNow(table.id);
  if (accepts) {
    expect(after, where).toEqual(res.body);
    expect(after.result, where).toMatchObject({
      status: expectedStatus,
      version: version + 1,
      winnerId: sheet.winnerId,
      scores: sheet.scores,
    });
    const placements = oraclePlacements(table, sheet);
    for (const seat of after.seats as { player: { id: string }; vp: number; placement: number }[]) {
      expect(seat.vp, where).toBe(sheet.scores.find((s) => s.playerId === seat.player.id)!.vp);
      expect(seat.placement, `${seat.player.id}: ${where}`).toBe(placements.get(seat.player.id));
    }
  } else {
    expect(["invalid_game_result", "validation_failed"], where).toContain(res.body.code);
    const errors = res.body.errors as unknown as { path: string; message: string }[];
    expect(errors.length, where).toBeGreaterThan(0);
    for (const e of errors) expect(e.path, where).toMatch(ERROR_PATH);
    expect(after, `a refused sheet changed the table: ${where}`).toEqual(before);
  }
  return accepts;
}

describe("fuzz: result sheets against docs/rules.md#one-game", () => {
  it("PUT …/result: 200 with the sheet stored and placed exactly when the oracle accepts, else 422 and no change", async () => {
    let accepted = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(four, three, withDisqualified)
          .chain((table) => sheetFor(table).map((sheet) => ({ table, sheet }))),
        async ({ table, sheet }) => {
          const ok = await checkSheet(
            table,
            sheet,
            (version) =>
              api.put(`/v1/tables/${table.id}/result`, sheet, { "if-match": `"${version}"` }) as never,
            "pending",
          );
          if (ok) accepted++;
          else refused++;
        },
      ),
      { numRuns: RUNS.submit },
    );
    // Both outcomes were exercised, not just one.
    expect(accepted).toBeGreaterThan(RUNS.submit / 5);
    expect(refused).toBeGreaterThan(RUNS.submit / 5);
  });

  it("POST …/result/corrections on a final table: the same rule decides, and an accepted correction stays final", async () => {
    await fc.assert(
      fc.asyncProperty(sheetFor(finalTable), async (sheet) => {
        await checkSheet(
          finalTable,
          sheet,
          (version) =>
            api.post(
              `/v1/tables/${finalTable.id}/result/corrections`,
              { ...sheet, reason: "Oracle fuzz: transcription check" },
              { "if-match": `"${version}"` },
            ) as never,
          "final",
        );
      }),
      { numRuns: RUNS.correct },
    );
  });

  it("the oracle itself agrees with the worked examples of docs/rules.md#one-game", () => {
    const t: FuzzTable = { id: "t", seats: ["a", "b", "c", "d"], disqualified: new Set() };
    const sheet = (vps: number[], winnerId = "a"): Sheet => ({
      scores: t.seats.map((playerId, i) => ({ playerId, vp: vps[i]! })),
      winnerId,
    });
    expect(oracleAccepts(t, sheet([10, 8, 8, 6]))).toBe(true);
    expect([...oraclePlacements(t, sheet([10, 8, 8, 6])).values()]).toEqual([1, 2, 2, 4]);
    expect(oracleAccepts(t, sheet([12, 10, 2, 2]))).toBe(true);
    expect(oracleAccepts(t, sheet([9, 8, 8, 6]))).toBe(false); // winner below 10
    expect(oracleAccepts(t, sheet([10, 11, 8, 6]))).toBe(true); // a late declaration (3.0.17)
    expect(oracleAccepts(t, sheet([10, 21, 8, 6]))).toBe(false); // a non-winner above 20
    expect([...oraclePlacements(t, sheet([10, 12, 8, 10])).values()]).toEqual([1, 2, 4, 2]);
    expect(oracleAccepts(t, sheet([10, 1, 8, 6]))).toBe(false); // below the two settlements
    expect(oracleAccepts(t, sheet([21, 8, 8, 6]))).toBe(false); // above 20
    expect(oracleAccepts(t, sheet([10, 8, 8, 6], "e"))).toBe(false); // winner not seated
    const dq: FuzzTable = { ...t, disqualified: new Set(["d"]) };
    expect(oracleAccepts(dq, sheet([10, 8, 8, 0]))).toBe(true);
    expect(oracleAccepts(dq, sheet([8, 8, 8, 10], "d"))).toBe(false);
    expect([...oraclePlacements(dq, sheet([10, 3, 2, 9])).values()]).toEqual([1, 2, 3, 4]);
  });
});
