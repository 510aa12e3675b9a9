import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { type ScoredGame, scoreGame } from "../../src/domain/game-score";
import { snakeSeating, zeroWinCut } from "../../src/domain/snake";
import { computeSessionStandings } from "../../src/domain/standings";
import type { App } from "../../src/http/app";
import { createOrgClient, type OrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { jsonRequest } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let app: App;
let owner: OrgClient;

const call = (method: string, path: string, body?: unknown, auth = true) =>
  jsonRequest(app, auth ? owner.auth : {}).send(method, path, body);

async function inChunks<T>(items: readonly T[], size: number, run: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

/** Varied but reproducible VP for a non-winner: 2–9. */
const vpOf = (playerId: string, game: number) =>
  2 + (createHash("sha256").update(`${playerId}:${game}`).digest()[0]! % 8);

interface Sheet {
  tableId: string;
  seatPlayerIds: string[];
  scores: { playerId: string; vp: number }[];
  winnerId: string;
  disqualifiedPlayerIds: string[];
}

/** Signed sheets for every table of a round; the winner's seat moves with the table number. */
async function finishRound(round: Json, dq: ReadonlySet<string> = new Set()): Promise<Sheet[]> {
  const sheets: Sheet[] = round.tables.map((t: Json) => {
    const ids: string[] = t.seats.map((s: Json) => s.player.id);
    const eligible = ids.filter((id) => !dq.has(id));
    const winnerId = eligible[(t.number + round.number) % eligible.length]!;
    return {
      tableId: t.id,
      seatPlayerIds: ids,
      scores: ids.map((playerId) => ({
        playerId,
        vp: playerId === winnerId ? 10 : vpOf(playerId, round.number),
      })),
      winnerId,
      disqualifiedPlayerIds: ids.filter((id) => dq.has(id)),
    };
  });
  await inChunks(sheets, 12, async (s) => {
    const res = await call("PUT", `/v1/tables/${s.tableId}/result`, {
      scores: s.scores,
      winnerId: s.winnerId,
      signed: true,
    });
    expect(res.status, res.text).toBe(200);
  });
  return sheets;
}

function lotOf(lotSeed: string) {
  return (id: string) => createHash("sha256").update(`${lotSeed}:${id}`).digest("hex").slice(0, 16);
}

beforeAll(async () => {
  let db: Awaited<ReturnType<typeof createTestApp>>["db"];
  ({ app, db } = await createTestApp());
  owner = await createOrgClient(app, db);
});

describe("game 4 of an 80+ session (rule 1.1.5)", () => {
  it("eliminates zero-win players and snake-seats the rest exactly by the session standings", async () => {
    const event = await call("POST", `/v1/orgs/${owner.orgId}/events`, { name: "National qualifier" });
    const ses = await call("POST", `/v1/events/${event.body.id}/sessions`, { name: "Day 1" });
    const sessionId: string = ses.body.id;
    const players: Json[] = [];
    await inChunks(
      Array.from({ length: 82 }, (_, i) => i),
      20,
      async (i) => {
        const p = await call("POST", `/v1/orgs/${owner.orgId}/players`, { name: `P${i}` });
        players.push(p.body);
      },
    );
    const playerIds = players.map((p) => p.id as string);
    expect((await call("POST", `/v1/sessions/${sessionId}/players`, { playerIds })).status).toBe(200);
    expect((await call("GET", `/v1/sessions/${sessionId}`)).body.gamesPlanned).toBe(4);

    // Game 1; one player is disqualified during it (rule 1.3.6) and leaves the later seating.
    const game1 = (await call("POST", `/v1/sessions/${sessionId}/rounds`, {})).body.data[0];
    expect(game1.tables).toHaveLength(21); // 82 = 19 × 4 + 2 × 3
    const dqTable = game1.tables[0];
    const dqPlayer: string = dqTable.seats[3].player.id;
    const dq = await call("POST", `/v1/tables/${dqTable.id}/disqualifications`, {
      playerId: dqPlayer,
      reason: "Unsporting conduct",
    });
    expect(dq.status, dq.text).toBe(200);
    const sheets = await finishRound(game1, new Set([dqPlayer]));

    for (const number of [2, 3]) {
      const res = await call("POST", `/v1/sessions/${sessionId}/rounds`, {});
      expect(res.status, res.text).toBe(201);
      const round = res.body.data[0];
      expect(round.number).toBe(number);
      const ids = round.tables.flatMap((t: Json) => t.seats.map((s: Json) => s.player.id));
      expect(ids).toHaveLength(81);
      expect(ids).not.toContain(dqPlayer);
      sheets.push(...(await finishRound(round)));
    }

    // Expected order, computed independently from the sheets just submitted.
    const games: ScoredGame[] = sheets.map((s) => scoreGame({ ruleset: "2026", ...s }));
    const standings = computeSessionStandings({
      ruleset: "2026",
      games,
      disqualifiedPlayerIds: [dqPlayer],
      lotOf: lotOf(event.body.lotSeed),
    });
    const { advancing, eliminated } = zeroWinCut(
      standings.rows.map((row) => ({ row, wins: row.record.wins })),
    );
    expect(eliminated.length).toBeGreaterThan(0);
    expect(advancing.length).toBeGreaterThan(0);
    const expected = snakeSeating(advancing).map((table) =>
      table.map(({ row }) => ({ id: row.record.playerId, rank: row.rank })),
    );

    // … which is also the published session ranking.
    const published = await call("GET", `/v1/sessions/${sessionId}/standings`);
    expect(published.status, published.text).toBe(200);
    expect(published.body.rows.map((r: Json) => r.player.id)).toEqual(
      standings.rows.map((r) => r.record.playerId),
    );

    const res = await call("POST", `/v1/sessions/${sessionId}/rounds`, {});
    expect(res.status, res.text).toBe(201);
    const game4 = res.body.data[0];
    expect(game4).toMatchObject({ number: 4, method: "snake", seed: null, kind: "prelim" });
    expect(
      game4.tables.map((t: Json) => t.seats.map((s: Json) => ({ id: s.player.id, rank: s.seedRank }))),
    ).toEqual(expected);
    for (const table of game4.tables) {
      const ranks = table.seats.map((s: Json) => s.seedRank);
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b)); // listed by rank, best first
    }

    const registrations = (await call("GET", `/v1/sessions/${sessionId}/players?limit=500`)).body
      .data as Json[];
    const eliminatedIds = new Set(eliminated.map(({ row }) => row.record.playerId));
    for (const r of registrations) expect(r.eliminated, r.player.id).toBe(eliminatedIds.has(r.player.id));
    expect(eliminatedIds.has(dqPlayer)).toBe(false);

    const game5 = await call("POST", `/v1/sessions/${sessionId}/rounds`, {});
    expect(game5.status).toBe(409);

    // Regenerating game 4 lifts the cut, seating it again applies the same cut.
    expect((await call("DELETE", `/v1/rounds/${game4.id}`)).status).toBe(204);
    const lifted = (await call("GET", `/v1/sessions/${sessionId}/players?limit=500`)).body.data as Json[];
    expect(lifted.every((r) => r.eliminated === false)).toBe(true);
    const handMade = await call("POST", `/v1/sessions/${sessionId}/rounds`, {
      tables: game4.tables.map((t: Json) => t.seats.map((s: Json) => s.player.id)),
    });
    expect(handMade.status).toBe(422);
    expect(handMade.body).toMatchObject({ code: "snake_seating_required", rule: "1.1.5" });
    const again = await call("POST", `/v1/sessions/${sessionId}/rounds`, {});
    expect(again.status).toBe(201);
    expect(again.body.data[0].tables).toEqual(
      game4.tables.map((t: Json, i: number) => ({ ...t, id: again.body.data[0].tables[i].id })),
    );
    const cut = (await call("GET", `/v1/sessions/${sessionId}/players?limit=500`)).body.data as Json[];
    expect(cut.filter((r) => r.eliminated)).toHaveLength(eliminatedIds.size);
  }, 60_000);
});
