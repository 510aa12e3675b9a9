import { beforeAll, describe, expect, it } from "vitest";
import { type BoardHex, generateBoard, validateBoard } from "../../src/domain/board";
import type { App } from "../../src/http/app";
import { addClient, type ClientAuth, createOrgClient, type OrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { range, tournament } from "../helpers/tournament";
import { jsonRequest } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let app: App;
let db: Awaited<ReturnType<typeof createTestApp>>["db"];
let owner: OrgClient;

const call = (method: string, path: string, body?: unknown, who: ClientAuth | null = owner) =>
  jsonRequest(app, who ? who.auth : {}).send(method, path, body);

/** Three seated prelim rounds of a 12-player session. */
async function threeRounds(visibility: "public" | "private" = "public"): Promise<string[]> {
  const event = await call("POST", `/v1/orgs/${owner.orgId}/events`, { name: "Boards", visibility });
  const ses = await call("POST", `/v1/events/${event.body.id}/sessions`, { name: "S" });
  const players = await Promise.all(
    Array.from({ length: 12 }, (_, i) => call("POST", `/v1/orgs/${owner.orgId}/players`, { name: `B${i}` })),
  );
  await call("POST", `/v1/sessions/${ses.body.id}/players`, { playerIds: players.map((p) => p.body.id) });
  const plan = await call("POST", `/v1/sessions/${ses.body.id}/rounds`, { plan: "all" });
  expect(plan.status, plan.text).toBe(201);
  return plan.body.data.map((r: Json) => r.id);
}

const NEIGHBOURS = [
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, 0],
  [-1, 1],
  [0, 1],
];

/** A legal board with one 8 moved next to a 6: breaks rule 2.0.1. */
function touchingReds(): { hexes: BoardHex[]; moved: number } {
  const hexes = generateBoard("reds").hexes.map((h) => ({ ...h }));
  const six = hexes.find((h) => h.number === 6)!;
  const eightIndex = hexes.findIndex((h) => h.number === 8);
  const moved = hexes.findIndex(
    (h) =>
      NEIGHBOURS.some(([dq, dr]) => h.q === six.q + dq! && h.r === six.r + dr!) &&
      h.number !== null &&
      h.number !== 6 &&
      h.number !== 8,
  );
  [hexes[moved]!.number, hexes[eightIndex]!.number] = [8, hexes[moved]!.number];
  return { hexes, moved };
}

beforeAll(async () => {
  ({ app, db } = await createTestApp());
  owner = await createOrgClient(app, db);
});

describe("POST/GET /v1/rounds/{roundId}/board", () => {
  it("creates a random legal board, reproducible from its seed, once per round", async () => {
    const [r1, r2] = await threeRounds();
    const none = await call("GET", `/v1/rounds/${r1}/board`, undefined, null);
    expect(none.status).toBe(404);
    expect(none.body.code).toBe("board_not_found");

    const random = await call("POST", `/v1/rounds/${r1}/board`, {});
    expect(random.status, random.text).toBe(201);
    expect(random.body).toMatchObject({ roundId: r1, kind: "random" });
    expect(random.body.hexes).toHaveLength(19);
    expect(() => validateBoard({ hexes: random.body.hexes })).not.toThrow();
    expect(random.body.hexes).toEqual(generateBoard(random.body.seed).hexes);
    const read = await call("GET", `/v1/rounds/${r1}/board`, undefined, null);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(random.body);

    const seeded = await call("POST", `/v1/rounds/${r2}/board`, { seed: "final-2026" });
    expect(seeded.status).toBe(201);
    expect(seeded.body).toMatchObject({ seed: "final-2026", hexes: generateBoard("final-2026").hexes });

    const twice = await call("POST", `/v1/rounds/${r1}/board`, { seed: "other" });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: "board_exists", rule: "2.0.1" });
  });

  it("accepts a legal built board and names every broken rule of an illegal one (422, rule 2.0.1)", async () => {
    const [r1, r2] = await threeRounds();
    const { hexes, moved } = touchingReds();
    const reds = await call("POST", `/v1/rounds/${r1}/board`, { hexes });
    expect(reds.status, reds.text).toBe(422);
    expect(reds.body).toMatchObject({ code: "invalid_board", rule: "2.0.1" });
    expect(reds.body.errors.map((e: Json) => e.path).join()).toMatch(/hexes\[\d+\]\.number/);
    expect(JSON.stringify(reds.body.errors)).toContain(`hexes[${moved}]`);

    const unknownTerrain = generateBoard("t").hexes.map((h, i) => (i === 4 ? { ...h, terrain: "ocean" } : h));
    const terrain = await call("POST", `/v1/rounds/${r1}/board`, { hexes: unknownTerrain });
    expect(terrain.status).toBe(422);
    expect(terrain.body.errors).toContainEqual(
      expect.objectContaining({ path: "hexes[4].terrain", message: 'unknown terrain "ocean"' }),
    );

    const short = await call("POST", `/v1/rounds/${r1}/board`, { hexes: generateBoard("s").hexes.slice(1) });
    expect(short.status).toBe(422);
    expect(short.body.rule).toBe("2.0.1");

    const both = await call("POST", `/v1/rounds/${r1}/board`, { seed: "x", hexes: generateBoard("x").hexes });
    expect(both.status).toBe(422);
    expect(both.body.code).toBe("board_mode_conflict");
    expect((await call("GET", `/v1/rounds/${r1}/board`)).status).toBe(404);

    const legal = generateBoard("built").hexes;
    const built = await call("POST", `/v1/rounds/${r2}/board`, { hexes: legal });
    expect(built.status, built.text).toBe(201);
    expect(built.body).toMatchObject({ kind: "built", seed: null, hexes: legal });
  });

  it("owner/organizer only: reader → 403, anonymous → 401, other organisations → 404", async () => {
    const [r1] = await threeRounds("private");
    const reader = await addClient(app, db, owner.orgId, "reader");
    const organizer = await addClient(app, db, owner.orgId, "organizer");
    const foreign = await createOrgClient(app, db, { name: "Elsewhere" });
    expect((await call("POST", `/v1/rounds/${r1}/board`, {}, reader)).status).toBe(403);
    expect((await call("POST", `/v1/rounds/${r1}/board`, {}, null)).status).toBe(401);
    const cross = await call("POST", `/v1/rounds/${r1}/board`, {}, foreign);
    expect(cross.status).toBe(404);
    expect(cross.body.code).toBe("round_not_found");
    expect((await call("POST", `/v1/rounds/${r1}/board`, {}, organizer)).status).toBe(201);
    expect((await call("GET", `/v1/rounds/${r1}/board`, undefined, reader)).status).toBe(200);
    expect((await call("GET", `/v1/rounds/${r1}/board`, undefined, foreign)).status).toBe(404);
    expect((await call("GET", `/v1/rounds/${r1}/board`, undefined, null)).status).toBe(404);
    expect((await call("GET", "/v1/rounds/rnd_nope/board")).body.code).toBe("round_not_found");
  });
});

describe("a new board every round (rule 2.0.1)", () => {
  it("refuses a built board identical to another round's of the session (422), in any hex order", async () => {
    const [r1, r2] = await threeRounds();
    const first = await call("POST", `/v1/rounds/${r1}/board`, { seed: "same-board" });
    expect(first.status, first.text).toBe(201);
    const copy = await call("POST", `/v1/rounds/${r2}/board`, { hexes: [...first.body.hexes].reverse() });
    expect(copy.status).toBe(422);
    expect(copy.body).toMatchObject({ code: "board_already_used", rule: "2.0.1" });
    expect(copy.body.errors).toEqual([{ path: "hexes", message: `identical to the board of round ${r1}` }]);
    expect((await call("GET", `/v1/rounds/${r2}/board`)).status).toBe(404);
  });

  it("retries a random board's seed until the board differs; the stored seed reproduces it", async () => {
    const [r1, r2, r3] = await threeRounds();
    expect((await call("POST", `/v1/rounds/${r1}/board`, { seed: "same-board" })).body.seed).toBe(
      "same-board",
    );
    const second = await call("POST", `/v1/rounds/${r2}/board`, { seed: "same-board" });
    expect(second.status, second.text).toBe(201);
    expect(second.body.seed).toBe("same-board~1");
    expect(second.body.hexes).toEqual(generateBoard("same-board~1").hexes);
    const third = await call("POST", `/v1/rounds/${r3}/board`, { seed: "same-board" });
    expect(third.body.seed).toBe("same-board~2");
    // Another event may play the same board: the rule is per event.
    const [other] = await threeRounds();
    expect((await call("POST", `/v1/rounds/${other}/board`, { seed: "same-board" })).body.seed).toBe(
      "same-board",
    );
  });
});

describe("a new board across the whole event: every session, the semifinals, the final (rule 2.0.1)", () => {
  let t: Awaited<ReturnType<typeof tournament>>;
  let games: Json[];
  let laterGames: Json[];
  let game1: Json;
  let game3: Json;
  let finalId: string;

  beforeAll(async () => {
    t = await tournament(jsonRequest(app, owner.auth), owner.orgId, 32, "Boards across phases");
    const s1 = await t.session("Store A", "2026-11-07", range(1, 32));
    games = await t.playPrelims(s1, range(1, 32));
    const s2 = await t.session("Store B", "2026-12-05", range(1, 32));
    laterGames = await t.playPrelims(s2, range(1, 32));
    game1 = (await call("POST", `/v1/rounds/${games[0].id}/board`, { seed: "game-one" })).body;
    game3 = (await call("POST", `/v1/rounds/${games[2].id}/board`, { seed: "game-three" })).body;
  });

  it("another session of the event refuses game 1's board and retries its seed", async () => {
    const copy = await call("POST", `/v1/rounds/${laterGames[0].id}/board`, { hexes: game1.hexes });
    expect(copy.status, copy.text).toBe(422);
    expect(copy.body).toMatchObject({ code: "board_already_used", rule: "2.0.1" });
    const random = await call("POST", `/v1/rounds/${laterGames[0].id}/board`, { seed: "game-one" });
    expect(random.status, random.text).toBe(201);
    expect(random.body.seed).toBe("game-one~1");
  });

  it("the semifinals refuse game 3's board", async () => {
    const semis = await t.seat("semifinals");
    const copy = await call("POST", `/v1/rounds/${semis.id}/board`, { hexes: game3.hexes });
    expect(copy.status, copy.text).toBe(422);
    expect(copy.body).toMatchObject({ code: "board_already_used", rule: "2.0.1" });
    expect(copy.body.errors).toEqual([
      { path: "hexes", message: `identical to the board of round ${games[2].id}` },
    ]);
    expect((await call("POST", `/v1/rounds/${semis.id}/board`, { seed: "semis" })).status).toBe(201);
    await t.play(semis.tables);
  });

  it("the final refuses a copy of game 1's board, in any hex order", async () => {
    finalId = (await t.seat("final")).id;
    const copy = await call("POST", `/v1/rounds/${finalId}/board`, { hexes: [...game1.hexes].reverse() });
    expect(copy.status, copy.text).toBe(422);
    expect(copy.body).toMatchObject({ code: "board_already_used", rule: "2.0.1" });
  });

  it("a random final board from game 1's seed is not game 1's board: the seed is retried over the event", async () => {
    const random = await call("POST", `/v1/rounds/${finalId}/board`, { seed: "game-one" });
    expect(random.status, random.text).toBe(201);
    expect(random.body.hexes).not.toEqual(game1.hexes);
    // "game-one" and "game-one~1" are game 1's boards of the two sessions: the final gets the next.
    expect(random.body.seed).toBe("game-one~2");
    expect(random.body.hexes).toEqual(generateBoard("game-one~2").hexes);
  });
});
