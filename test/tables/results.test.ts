import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { ruleRaisedByDatabase } from "../../src/db/errors";
import { addClient, type ClientAuth, createOrgClient, type OrgClient } from "../helpers/auth";
import { seatPrelimTable } from "../helpers/seat-table";
import { createTestApp } from "../helpers/test-app";
import { createPlayers, type JsonClient, jsonRequest } from "../helpers/workflow";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let store: OrgClient;
let api: JsonClient;
let referee: ClientAuth;
let eventId: string;
let tableId: string;
let ids: string[];

const sheet = (vps: number[], winner = 0) => ({
  scores: ids.map((playerId, i) => ({ playerId, vp: vps[i] })),
  winnerId: ids[winner],
});

beforeEach(async () => {
  ctx = await createTestApp();
  store = await createOrgClient(ctx.app, ctx.db, { name: "Results store" });
  referee = await addClient(ctx.app, ctx.db, store.orgId, "referee");
  api = jsonRequest(ctx.app, store.auth);
  eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Results event" })).body.id;
  const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S1" })).body.id;
  ids = await createPlayers(api, store.orgId, 4, "Seat");
  await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids });
  ({ tableId } = await seatPrelimTable(ctx.db, eventId, sessionId, ids));
});

describe("result sheets (rules 1.3.4, 1.3.5)", () => {
  it("stores a pending sheet, then each confirmation, and turns final when everyone agreed", async () => {
    const put = await api.put(`/v1/tables/${tableId}/result`, sheet([10, 8, 8, 6]));
    expect(put.status).toBe(200);
    // Its result version, then a hash of what else the table shows.
    expect(put.headers.get("etag")).toMatch(/^"1\.[0-9a-f]{16}"$/);
    expect(put.body.result).toMatchObject({ status: "pending", version: 1, awaitingConfirmation: ids });
    expect(put.body.seats.map((s: { placement: number }) => s.placement)).toEqual([1, 2, 2, 4]);
    for (const [i, playerId] of ids.entries()) {
      const res = await api.post(`/v1/tables/${tableId}/result/confirmations`, { playerId });
      expect(res.status).toBe(200);
      expect(res.body.result.status).toBe(i < 3 ? "pending" : "final");
    }
    const table = await api.get(`/v1/tables/${tableId}`);
    expect(table.body.result).toMatchObject({
      status: "final",
      finalizedBy: "confirmations",
      awaitingConfirmation: [],
    });
    expect(table.body.seats.every((s: { confirmed: boolean }) => s.confirmed)).toBe(true);
  });

  it("makes a signed paper sheet final at once, and refuses any later change but a correction", async () => {
    expect(
      (await api.put(`/v1/tables/${tableId}/result`, { ...sheet([10, 7, 5, 3]), signed: true })).body.result,
    ).toMatchObject({
      status: "final",
      finalizedBy: "signed",
    });
    const edit = await api.put(`/v1/tables/${tableId}/result`, sheet([10, 8, 5, 3]), { "if-match": '"1"' });
    expect(edit.status).toBe(409);
    expect(edit.body).toMatchObject({ code: "result_final", rule: "1.3.5" });
    const dq = await jsonRequest(ctx.app, referee.auth).post(`/v1/tables/${tableId}/disqualifications`, {
      playerId: ids[2],
      reason: "late protest",
    });
    expect(dq.status).toBe(409);
    expect((await api.post(`/v1/tables/${tableId}/result/confirmations`, { playerId: ids[1] })).status).toBe(
      409,
    );
  });

  it("lets the referee finalize when a player refuses to sign", async () => {
    await api.put(`/v1/tables/${tableId}/result`, sheet([10, 9, 4, 2]));
    await api.post(`/v1/tables/${tableId}/result/confirmations`, { playerId: ids[0] });
    const res = await jsonRequest(ctx.app, referee.auth).post(`/v1/tables/${tableId}/result/finalize`, {
      reason: "seat 4 refused to sign",
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ status: "final", finalizedBy: "referee" });
  });

  it("changes a final result only by an audited correction with a reason", async () => {
    await api.put(`/v1/tables/${tableId}/result`, { ...sheet([10, 7, 5, 3]), signed: true });
    const reporter = await addClient(ctx.app, ctx.db, store.orgId, "reporter");
    expect(
      (
        await jsonRequest(ctx.app, reporter.auth).post(`/v1/tables/${tableId}/result/corrections`, {
          ...sheet([10, 7, 6, 3]),
          reason: "typo",
        })
      ).status,
    ).toBe(403);
    expect((await api.post(`/v1/tables/${tableId}/result/corrections`, sheet([10, 7, 6, 3]))).status).toBe(
      422,
    );
    const fixed = await api.post(`/v1/tables/${tableId}/result/corrections`, {
      ...sheet([10, 7, 6, 3]),
      reason: "Transcription error on seat 3",
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body.result).toMatchObject({ status: "final", version: 2, finalizedBy: "correction" });
    const audit = await api.get(`/v1/events/${eventId}/audit`);
    const correction = audit.body.data.find((e: { action: string }) => e.action === "result.correction");
    expect(correction).toMatchObject({
      entityId: tableId,
      reason: "Transcription error on seat 3",
      before: { version: 1 },
      after: { version: 2 },
    });
    expect(correction.before.scores[2].vp).toBe(5);
    expect(correction.after.scores[2].vp).toBe(6);
  });

  it("replaces a pending sheet only with a current If-Match (412 when stale)", async () => {
    await api.put(`/v1/tables/${tableId}/result`, sheet([10, 8, 6, 4]));
    const noPrecondition = await api.put(`/v1/tables/${tableId}/result`, sheet([10, 8, 6, 5]));
    expect(noPrecondition.status).toBe(409);
    expect(noPrecondition.body.code).toBe("result_exists");
    expect((await api.put(`/v1/tables/${tableId}/result`, sheet([10, 8, 6, 4]))).status).toBe(200); // same sheet again: harmless
    const replaced = await api.put(`/v1/tables/${tableId}/result`, sheet([10, 8, 6, 5]), {
      "if-match": '"1.0"',
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.result.version).toBe(2);
    const stale = await api.put(`/v1/tables/${tableId}/result`, sheet([10, 8, 6, 6]), { "if-match": '"1"' });
    expect(stale.status).toBe(412);
    expect(stale.body.code).toBe("version_mismatch");
    expect(
      (await api.put(`/v1/tables/${tableId}/result`, sheet([10, 8, 6, 6]), { "if-match": "garbage" })).status,
    ).toBe(400);
  });

  it("answers If-None-Match with 304 on a table", async () => {
    await api.put(`/v1/tables/${tableId}/result`, sheet([10, 8, 6, 4]));
    const first = await api.get(`/v1/tables/${tableId}`);
    const etag = first.headers.get("etag")!;
    expect((await api.get(`/v1/tables/${tableId}`, { "if-none-match": etag })).status).toBe(304);
    await api.post(`/v1/tables/${tableId}/result/confirmations`, { playerId: ids[1] });
    expect((await api.get(`/v1/tables/${tableId}`, { "if-none-match": etag })).status).toBe(200);
  });
});

describe("invalid sheets: 422 naming the seat and the rule", () => {
  const cases: [string, () => unknown, string][] = [
    ["no winner", () => ({ scores: sheet([9, 8, 6, 4]).scores }), "winnerId"],
    [
      "two winners (winnerId is one player)",
      () => ({ ...sheet([10, 10, 6, 4]), winnerId: [ids[0], ids[1]] }),
      "winnerId",
    ],
    ["winner under 10 VP", () => sheet([9, 8, 6, 4]), "scores[0].vp"],
    ["a score of 1", () => sheet([10, 8, 6, 1]), "scores[3].vp"],
    ["a score of 25", () => sheet([25, 8, 6, 4]), "scores[0].vp"],
    ["a non-winner above 20", () => sheet([10, 21, 6, 4]), "scores[1].vp"],
    [
      "a seat missing",
      () => ({ ...sheet([10, 8, 6, 4]), scores: sheet([10, 8, 6, 4]).scores.slice(0, 3) }),
      "scores",
    ],
    [
      "a stranger at the table",
      () => ({
        ...sheet([10, 8, 6, 4]),
        scores: [...sheet([10, 8, 6, 4]).scores.slice(0, 3), { playerId: "ply_stranger", vp: 4 }],
      }),
      "scores[3].playerId",
    ],
    ["a fractional VP", () => sheet([10, 8.5, 6, 4]), "scores[1].vp"],
  ];
  for (const [name, body, path] of cases) {
    it(`refuses ${name}`, async () => {
      const res = await api.put(`/v1/tables/${tableId}/result`, body());
      expect(res.status).toBe(422);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.body.errors.map((e: { path: string }) => e.path).join(" ")).toContain(path);
      expect((await api.get(`/v1/tables/${tableId}`)).body.result).toBeNull();
    });
  }
});

describe("disqualification (rule 1.3.6)", () => {
  it("accepts a disqualification before the result is final and lets the others finish", async () => {
    const refApi = jsonRequest(ctx.app, referee.auth);
    const dq = await refApi.post(`/v1/tables/${tableId}/disqualifications`, {
      playerId: ids[3],
      reason: "Cheating with hidden cards",
    });
    expect(dq.status).toBe(200);
    expect(dq.body.seats[3].disqualified).toBe(true);
    expect(
      (await refApi.post(`/v1/tables/${tableId}/disqualifications`, { playerId: ids[3], reason: "again" }))
        .status,
    ).toBe(409);
    const put = await api.put(`/v1/tables/${tableId}/result`, sheet([10, 8, 6, 0]));
    expect(put.status).toBe(200);
    expect(put.body.result.awaitingConfirmation).toEqual(ids.slice(0, 3));
    for (const playerId of ids.slice(0, 3))
      await api.post(`/v1/tables/${tableId}/result/confirmations`, { playerId });
    expect((await api.get(`/v1/tables/${tableId}`)).body.result.status).toBe("final");
    const reporter = await addClient(ctx.app, ctx.db, store.orgId, "reporter");
    expect(
      (
        await jsonRequest(ctx.app, reporter.auth).post(`/v1/tables/${tableId}/disqualifications`, {
          playerId: ids[2],
          reason: "x y z",
        })
      ).status,
    ).toBe(403);
  });
});

describe("idempotency and concurrency", () => {
  it("replays the first response for the same Idempotency-Key, and refuses the key for another body", async () => {
    const key = { "idempotency-key": "sheet-1" };
    const first = await api.put(`/v1/tables/${tableId}/result`, sheet([10, 8, 6, 4]), key);
    const replay = await api.put(`/v1/tables/${tableId}/result`, sheet([10, 8, 6, 4]), key);
    expect(replay.status).toBe(first.status);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    const reused = await api.put(`/v1/tables/${tableId}/result`, sheet([10, 8, 6, 5]), key);
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe("idempotency_key_reused");
  });

  // Every sheet differs (an identical retry is harmlessly accepted, so it would not be a race).
  // 1,000 requests: seconds on a quiet machine, up to half a minute on a loaded one.
  it("lets exactly one of 50 concurrent different sheets win, 20 times over, with nothing half-written", async () => {
    const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "Race" })).body.id;
    for (let round = 0; round < 20; round++) {
      const racers = await createPlayers(api, store.orgId, 4, `Race ${round}`);
      const seat = await seatPrelimTable(ctx.db, eventId, sessionId, racers, round + 1);
      const attempts = Array.from({ length: 50 }, (_, i) =>
        api.put(`/v1/tables/${seat.tableId}/result`, {
          scores: racers.map((playerId, s) => ({
            playerId,
            vp: [10, 2 + (i % 9), 2 + Math.floor(i / 9), 5][s]!,
          })),
          winnerId: racers[0],
        }),
      );
      const results = await Promise.all(attempts);
      const ok = results.filter((r) => r.status === 200);
      expect(ok).toHaveLength(1);
      expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
      const table = await api.get(`/v1/tables/${seat.tableId}`);
      expect(table.body.result.version).toBe(1);
      expect(table.body.result.scores).toEqual(ok[0]!.body.result.scores);
      expect(table.body.seats.map((s: { vp: number }) => s.vp)).toEqual(
        ok[0]!.body.result.scores.map((s: { vp: number }) => s.vp),
      );
    }
  }, 120_000);
});

describe("rules the database itself enforces (migrations/0001_result_rules.sql)", () => {
  it("refuses a disqualification row once the result is final, and any non-correction change of a final result", async () => {
    await api.put(`/v1/tables/${tableId}/result`, { ...sheet([10, 8, 6, 4]), signed: true });
    const refusedRule = (query: Promise<unknown>) => query.then(() => null, ruleRaisedByDatabase);
    expect(
      await refusedRule(
        ctx.db.run(
          sql`insert into disqualifications (id, event_id, table_id, player_id, reason, actor_client_id, created_at) values ('dsq_x', ${eventId}, ${tableId}, ${ids[3]}, 'late', 'cli_x', 'now')`,
        ),
      ),
    ).toBe("1.3.6");
    expect(
      await refusedRule(
        ctx.db.run(sql`update table_results set winner_id = ${ids[1]} where table_id = ${tableId}`),
      ),
    ).toBe("1.3.5");
    expect(
      await refusedRule(
        ctx.db.run(
          sql`update table_results set status = 'pending', finalized_by = null where table_id = ${tableId}`,
        ),
      ),
    ).toBe("1.3.5");
    // the audited correction path still works
    const fixed = await api.post(`/v1/tables/${tableId}/result/corrections`, {
      ...sheet([10, 8, 6, 5]),
      reason: "typo on seat 4",
    });
    expect(fixed.status).toBe(200);
  });
});

describe("If-Match on every write to a result", () => {
  it("answers 412 to a confirmation, a finalization or a disqualification against a stale version", async () => {
    await api.put(`/v1/tables/${tableId}/result`, sheet([10, 8, 6, 4]));
    await api.post(`/v1/tables/${tableId}/result/confirmations`, { playerId: ids[0] }); // version 2
    const stale = { "if-match": '"1"' };
    expect(
      (await api.post(`/v1/tables/${tableId}/result/confirmations`, { playerId: ids[1] }, stale)).status,
    ).toBe(412);
    expect((await api.post(`/v1/tables/${tableId}/result/finalize`, {}, stale)).status).toBe(412);
    expect(
      (
        await api.post(
          `/v1/tables/${tableId}/disqualifications`,
          { playerId: ids[3], reason: "abusive language" },
          stale,
        )
      ).status,
    ).toBe(412);
    const current = { "if-match": '"2"' };
    expect((await api.post(`/v1/tables/${tableId}/result/finalize`, {}, current)).body.result).toMatchObject({
      status: "final",
      version: 3,
    });
  });
});
