import { beforeAll, describe, expect, it } from "vitest";
import { splitTables } from "../../src/domain/tables";
import type { App } from "../../src/http/app";
import { addClient, type ClientAuth, createOrgClient, type OrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { jsonRequest } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let app: App;
let db: Awaited<ReturnType<typeof createTestApp>>["db"];
let owner: OrgClient;

const call = (method: string, path: string, who?: { auth: Record<string, string> }, body?: unknown) =>
  jsonRequest(app, who?.auth ?? {}).send(method, path, body);

/** A public (or private) event of `org` with one session and `n` registered players. */
async function session(n: number, opts: { visibility?: "public" | "private"; org?: OrgClient } = {}) {
  const org = opts.org ?? owner;
  const event = await call("POST", `/v1/orgs/${org.orgId}/events`, org, {
    name: "Seating test",
    visibility: opts.visibility ?? "public",
  });
  expect(event.status, event.text).toBe(201);
  const ses = await call("POST", `/v1/events/${event.body.id}/sessions`, org, { name: "Session 1" });
  expect(ses.status, ses.text).toBe(201);
  const players = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      call("POST", `/v1/orgs/${org.orgId}/players`, org, {
        name: `Player ${String(i + 1).padStart(3, "0")}`,
      }),
    ),
  );
  const playerIds: string[] = players.map((p) => p.body.id);
  if (n > 0) {
    const reg = await call("POST", `/v1/sessions/${ses.body.id}/players`, org, { playerIds });
    expect(reg.status, reg.text).toBe(200);
  }
  return { eventId: event.body.id as string, sessionId: ses.body.id as string, playerIds };
}

/** A signed sheet for every table of a round: the first seat wins, the others 8, 6, 4 VP. */
async function finishRound(round: Json, org: OrgClient = owner) {
  await Promise.all(
    round.tables.map((t: Json) => {
      const ids: string[] = t.seats.map((s: Json) => s.player.id);
      return call("PUT", `/v1/tables/${t.id}/result`, org, {
        scores: ids.map((playerId, i) => ({ playerId, vp: i === 0 ? 10 : 10 - 2 * i })),
        winnerId: ids[0],
        signed: true,
      }).then((r) => expect(r.status, r.text).toBe(200));
    }),
  );
}

const seated = (round: Json): string[] =>
  round.tables.flatMap((t: Json) => t.seats.map((s: Json) => s.player.id));
const sizes = (round: Json): number[] => round.tables.map((t: Json) => t.seats.length);

beforeAll(async () => {
  ({ app, db } = await createTestApp());
  owner = await createOrgClient(app, db);
});

describe("POST /v1/sessions/{sessionId}/rounds: generated games", () => {
  it("seats game 1 with every player once, tables by rule 1.1.7, turn order positions and zero repeats", async () => {
    const { sessionId, playerIds } = await session(18);
    const res = await call("POST", `/v1/sessions/${sessionId}/rounds`, owner, {});
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toHaveLength(1);
    const round = res.body.data[0];
    expect(round).toMatchObject({ kind: "prelim", number: 1, method: "generated", sessionId });
    expect(round.id).toMatch(/^rnd_/);
    expect(typeof round.seed).toBe("string");
    expect(round.quality).toMatchObject({
      repeatedPairs: 0,
      maxMeetings: 1,
      seatRepeats: 0,
      avoidViolations: 0,
    });
    expect(seated(round).sort()).toEqual([...playerIds].sort());
    expect(sizes(round).sort((a, b) => b - a)).toEqual(splitTables(18));
    for (const table of round.tables) {
      expect(table.id).toMatch(/^tbl_/);
      expect(table.result).toBeNull();
      expect(table.seats.map((s: Json) => s.position)).toEqual(
        table.seats.map((_: Json, i: number) => i + 1),
      );
      expect(table.seats.every((s: Json) => s.seedRank === null && typeof s.player.name === "string")).toBe(
        true,
      );
    }
    const list = await call("GET", `/v1/sessions/${sessionId}/rounds`);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([round]);
    const one = await call("GET", `/v1/rounds/${round.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(round);
  });

  it('plans games 1–3 at once with {plan: "all"}: 3 rounds and 0 repeated pairs for 13 and 17 players', async () => {
    for (const n of [13, 17]) {
      const { sessionId } = await session(n);
      const res = await call("POST", `/v1/sessions/${sessionId}/rounds`, owner, { plan: "all", seed: "s-1" });
      expect(res.status, res.text).toBe(201);
      expect(res.body.data.map((r: Json) => r.number)).toEqual([1, 2, 3]);
      for (const round of res.body.data) {
        expect(sizes(round).sort((a, b) => b - a)).toEqual(splitTables(n));
        expect(round.seed).toBe("s-1");
      }
      expect(res.body.data[2].quality).toMatchObject({ repeatedPairs: 0, maxMeetings: 1 });
    }
  });

  it("keeps avoid pairs apart and reports avoid violations", async () => {
    const { eventId, sessionId, playerIds } = await session(16);
    const pair = await call("POST", `/v1/events/${eventId}/avoid-pairs`, owner, {
      playerIds: [playerIds[0], playerIds[1]],
      reason: "siblings",
    });
    expect(pair.status, pair.text).toBeLessThan(300);
    const res = await call("POST", `/v1/sessions/${sessionId}/rounds`, owner, { plan: "all" });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data[2].quality.avoidViolations).toBe(0);
  });

  it("seats game 2 only once every table of game 1 is final (409 before), then refuses a 4th game", async () => {
    const { sessionId } = await session(12);
    const first = await call("POST", `/v1/sessions/${sessionId}/rounds`, owner, {});
    const game1 = first.body.data[0];
    const early = await call("POST", `/v1/sessions/${sessionId}/rounds`, owner, {});
    expect(early.status).toBe(409);
    expect(early.body.code).toBe("previous_round_unfinished");
    expect(early.body.detail).toMatch(/game 1 table 1/);

    // A pending sheet (awaiting confirmations) is not final yet.
    const t = game1.tables[0];
    const ids: string[] = t.seats.map((s: Json) => s.player.id);
    const pending = await call("PUT", `/v1/tables/${t.id}/result`, owner, {
      scores: ids.map((playerId, i) => ({ playerId, vp: i === 0 ? 10 : 5 })),
      winnerId: ids[0],
    });
    expect(pending.status, pending.text).toBe(200);
    expect((await call("POST", `/v1/sessions/${sessionId}/rounds`, owner, {})).status).toBe(409);
    await call("POST", `/v1/tables/${t.id}/result/finalize`, owner, { reason: "referee" });
    await finishRound({ tables: game1.tables.slice(1) });

    const second = await call("POST", `/v1/sessions/${sessionId}/rounds`, owner, {});
    expect(second.status, second.text).toBe(201);
    expect(second.body.data[0].number).toBe(2);
    const listed = await call("GET", `/v1/rounds/${game1.id}`);
    expect(listed.body.tables.every((tb: Json) => tb.result?.status === "final")).toBe(true);
    await finishRound(second.body.data[0]);
    const third = await call("POST", `/v1/sessions/${sessionId}/rounds`, owner, {});
    expect(third.status, third.text).toBe(201);
    await finishRound(third.body.data[0]);
    const fourth = await call("POST", `/v1/sessions/${sessionId}/rounds`, owner, {});
    expect(fourth.status).toBe(409);
    expect(fourth.body).toMatchObject({ code: "no_more_games", rule: "1.1.5" });
    const plan = await call("POST", `/v1/sessions/${sessionId}/rounds`, owner, { plan: "all" });
    expect(plan.status).toBe(409);
  });

  it("rejects player counts that cannot be split into tables of 3 and 4 (rule 1.1.7)", async () => {
    for (const n of [5, 2, 0]) {
      const { sessionId } = await session(n);
      const res = await call("POST", `/v1/sessions/${sessionId}/rounds`, owner, {});
      expect(res.status, res.text).toBe(422);
      expect(res.body).toMatchObject({ code: "invalid_table_split", rule: "1.1.7" });
      expect(res.body.detail).toContain(`${n} player`);
    }
  });

  it("replays an Idempotency-Key instead of seating twice", async () => {
    const { sessionId } = await session(12);
    const headers = { auth: { ...owner.auth, "idempotency-key": "seat-game-1" } };
    const a = await call("POST", `/v1/sessions/${sessionId}/rounds`, headers, {});
    const b = await call("POST", `/v1/sessions/${sessionId}/rounds`, headers, {});
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.data[0].id).toBe(a.body.data[0].id);
    expect((await call("GET", `/v1/sessions/${sessionId}/rounds`)).body.data).toHaveLength(1);
  });
});

describe("rounds: conditional reads and races", () => {
  it("sends an ETag; If-None-Match → 304 until a result changes the round", async () => {
    const { sessionId } = await session(12);
    const round = (await call("POST", `/v1/sessions/${sessionId}/rounds`, owner, {})).body.data[0];
    for (const path of [`/v1/rounds/${round.id}`, `/v1/sessions/${sessionId}/rounds`]) {
      const first = await call("GET", path);
      const etag = first.headers.get("etag")!;
      expect(etag).toMatch(/^W\/"/);
      expect(first.headers.get("cache-control")).toBe("no-cache");
      const again = await call("GET", path, { auth: { "if-none-match": etag } });
      expect(again.status).toBe(304);
    }
    const etag = (await call("GET", `/v1/rounds/${round.id}`)).headers.get("etag")!;
    await finishRound({ tables: round.tables.slice(0, 1) });
    const changed = await call("GET", `/v1/rounds/${round.id}`, { auth: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.body.tables[0].result).toEqual({ status: "final", version: 1 });
    expect(changed.headers.get("etag")).not.toBe(etag);

    const priv = await session(12, { visibility: "private" });
    const privRound = (await call("POST", `/v1/sessions/${priv.sessionId}/rounds`, owner, {})).body.data[0];
    const read = await call("GET", `/v1/rounds/${privRound.id}`, owner);
    expect(read.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("two concurrent requests seat game 1 once; the other gets 409", async () => {
    const { sessionId } = await session(16);
    const results = await Promise.all([
      call("POST", `/v1/sessions/${sessionId}/rounds`, owner, { seed: "a" }),
      call("POST", `/v1/sessions/${sessionId}/rounds`, owner, { seed: "b" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    // Lost the race at the unique index, or arrived after the winner committed.
    expect(["concurrent_seating", "previous_round_unfinished"]).toContain(
      results.find((r) => r.status === 409)!.body.code,
    );
    const list = await call("GET", `/v1/sessions/${sessionId}/rounds`);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].tables.flatMap((t: Json) => t.seats)).toHaveLength(16);
  });
});

describe("POST /v1/sessions/{sessionId}/rounds: hand-made seating", () => {
  it("stores the tables as given (position = turn order) with method manual and quality", async () => {
    const { sessionId, playerIds: p } = await session(7);
    const tables = [
      [p[3], p[0], p[5], p[1]],
      [p[6], p[2], p[4]],
    ];
    const res = await call("POST", `/v1/sessions/${sessionId}/rounds`, owner, { tables });
    expect(res.status, res.text).toBe(201);
    const round = res.body.data[0];
    expect(round).toMatchObject({ method: "manual", seed: null, number: 1 });
    expect(round.tables.map((t: Json) => t.seats.map((s: Json) => s.player.id))).toEqual(tables);
    expect(round.quality).toMatchObject({ repeatedPairs: 0, seatRepeats: 0 });
    await finishRound(round);
    // The same tables again: every pair meets twice and everyone repeats a position.
    const again = await call("POST", `/v1/sessions/${sessionId}/rounds`, owner, { tables });
    expect(again.status, again.text).toBe(201);
    expect(again.body.data[0].quality).toMatchObject({ repeatedPairs: 9, maxMeetings: 2, seatRepeats: 7 });
  });

  it("names the seat of a stranger, a player seated twice, and wrong table sizes (422)", async () => {
    const { sessionId, playerIds: p } = await session(8);
    const other = await session(3);
    const stranger = await call("POST", `/v1/sessions/${sessionId}/rounds`, owner, {
      tables: [
        [p[0], p[1], p[2], p[3]],
        [p[4], p[5], other.playerIds[0], p[7]],
      ],
    });
    expect(stranger.status, stranger.text).toBe(422);
    expect(stranger.body.code).toBe("invalid_schedule");
    expect(stranger.body.errors).toContainEqual({
      path: "tables[1][2]",
      message: `player ${other.playerIds[0]} is not in the session`,
    });
    expect(stranger.body.errors.some((e: Json) => e.message.includes(`${p[6]} has no seat`))).toBe(true);

    const duplicate = await call("POST", `/v1/sessions/${sessionId}/rounds`, owner, {
      tables: [
        [p[0], p[1], p[2], p[3]],
        [p[4], p[5], p[6], p[0]],
      ],
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors.map((e: Json) => e.path)).toContain("tables[1][3]");

    const wrongSizes = await call("POST", `/v1/sessions/${sessionId}/rounds`, owner, {
      tables: [
        [p[0], p[1], p[2]],
        [p[3], p[4], p[5]],
        [p[6], p[7]],
      ],
    });
    expect(wrongSizes.status).toBe(422);
    expect(wrongSizes.body.errors).toContainEqual(
      expect.objectContaining({ path: "tables", message: expect.stringMatching(/3\+3\+2 differ from 4\+4/) }),
    );

    const mixed = await call("POST", `/v1/sessions/${sessionId}/rounds`, owner, {
      tables: [p.slice(0, 4), p.slice(4)],
      seed: "x",
    });
    expect(mixed.status).toBe(422);
    expect(mixed.body.code).toBe("seating_mode_conflict");

    const unknownField = await call("POST", `/v1/sessions/${sessionId}/rounds`, owner, { plan: "some" });
    expect(unknownField.status).toBe(422);
    expect((await call("GET", `/v1/sessions/${sessionId}/rounds`)).body.data).toHaveLength(0);
  });
});

describe("DELETE /v1/rounds/{roundId}: regeneration", () => {
  it("removes the last round while it has no result; the same seed seats the same tables again", async () => {
    const { sessionId } = await session(14);
    const first = await call("POST", `/v1/sessions/${sessionId}/rounds`, owner, { seed: "again" });
    const round = first.body.data[0];
    const del = await call("DELETE", `/v1/rounds/${round.id}`, owner);
    expect(del.status, del.text).toBe(204);
    expect((await call("GET", `/v1/rounds/${round.id}`)).status).toBe(404);
    const redo = await call("POST", `/v1/sessions/${sessionId}/rounds`, owner, { seed: "again" });
    expect(redo.status).toBe(201);
    const tablesOf = (r: Json) => r.tables.map((t: Json) => t.seats.map((s: Json) => s.player.id));
    expect(tablesOf(redo.body.data[0])).toEqual(tablesOf(round));
  });

  it("refuses once a result exists for the round, and for a round that is not the last", async () => {
    const { sessionId } = await session(12);
    const plan = await call("POST", `/v1/sessions/${sessionId}/rounds`, owner, { plan: "all" });
    const [game1, , game3] = plan.body.data;
    const notLast = await call("DELETE", `/v1/rounds/${game1.id}`, owner);
    expect(notLast.status).toBe(409);
    expect(notLast.body.code).toBe("not_last_round");

    const t = game3.tables[0];
    const ids: string[] = t.seats.map((s: Json) => s.player.id);
    await call("PUT", `/v1/tables/${t.id}/result`, owner, {
      scores: ids.map((playerId, i) => ({ playerId, vp: i === 0 ? 10 : 4 })),
      winnerId: ids[0],
    });
    const withResult = await call("DELETE", `/v1/rounds/${game3.id}`, owner);
    expect(withResult.status).toBe(409);
    expect(withResult.body.code).toBe("round_has_results");
    expect(withResult.body.detail).toMatch(/can no longer be regenerated/);
  });
});

describe("rounds: authorisation and tenancy", () => {
  let reader: ClientAuth;
  let foreign: OrgClient;
  beforeAll(async () => {
    reader = await addClient(app, db, owner.orgId, "reader");
    foreign = await createOrgClient(app, db, { name: "Other store" });
  });

  it("reader → 403 on writes; anonymous → 401; another organisation → 404", async () => {
    const { sessionId } = await session(12);
    const asReader = await call("POST", `/v1/sessions/${sessionId}/rounds`, reader, {});
    expect(asReader.status).toBe(403);
    expect(asReader.body.code).toBe("insufficient_role");
    expect((await call("POST", `/v1/sessions/${sessionId}/rounds`, undefined, {})).status).toBe(401);
    const cross = await call("POST", `/v1/sessions/${sessionId}/rounds`, foreign, {});
    expect(cross.status).toBe(404);
    expect(cross.body.code).toBe("session_not_found");

    const round = (await call("POST", `/v1/sessions/${sessionId}/rounds`, owner, {})).body.data[0];
    expect((await call("DELETE", `/v1/rounds/${round.id}`, reader)).status).toBe(403);
    expect((await call("DELETE", `/v1/rounds/${round.id}`, foreign)).status).toBe(404);
    expect((await call("DELETE", `/v1/rounds/${round.id}`)).status).toBe(401);
    // Public event: anyone reads.
    expect((await call("GET", `/v1/rounds/${round.id}`, foreign)).status).toBe(200);
  });

  it("private events: rounds are 404 to other organisations and anonymous readers, 200 to members", async () => {
    const { sessionId } = await session(12, { visibility: "private" });
    const round = (await call("POST", `/v1/sessions/${sessionId}/rounds`, owner, {})).body.data[0];
    for (const who of [undefined, foreign]) {
      const one = await call("GET", `/v1/rounds/${round.id}`, who);
      expect(one.status).toBe(404);
      expect(one.body.code).toBe("round_not_found");
      expect((await call("GET", `/v1/sessions/${sessionId}/rounds`, who)).status).toBe(404);
    }
    expect((await call("GET", `/v1/rounds/${round.id}`, reader)).status).toBe(200);
    expect((await call("GET", `/v1/sessions/${sessionId}/rounds`, reader)).body.data).toHaveLength(1);
    expect((await call("GET", "/v1/rounds/rnd_unknown")).status).toBe(404);
    expect((await call("GET", "/v1/sessions/ses_unknown/rounds")).status).toBe(404);
  });
});
