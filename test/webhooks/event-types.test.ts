/**
 * The event types that only a whole tournament reaches, delivered over HTTP to a real loopback
 * receiver: `result.corrected` (before and after), `playoffs.seated` (semifinals, final),
 * `player.disqualified` and `event.completed`. Every body is verified with the
 * `standardwebhooks` verifier and checked against its documented OpenAPI `webhooks` schema,
 * closed to undocumented fields (no membership numbers).
 */
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addClient, createOrgClient } from "../helpers/auth";
import { createPushTestApp } from "../helpers/push";
import { range, type Tournament, tournament } from "../helpers/tournament";
import { bodies, type Receiver, startReceiver } from "../helpers/webhook-receiver";
import { webhookSchemaProblems } from "../helpers/webhook-schema";
import { jsonRequest } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let ctx: Awaited<ReturnType<typeof createPushTestApp>>;
let receiver: Receiver;

afterAll(async () => {
  await ctx.dispatcher.stop();
  await receiver.close();
});

describe("result.corrected, playoffs.seated, player.disqualified, event.completed", () => {
  let t: Tournament;
  let secret: string;
  let corrected: Json;
  let semis: Json;
  let final: Json;
  let semiDq: string;
  let got: Json[];

  beforeAll(async () => {
    ctx = await createPushTestApp();
    receiver = await startReceiver();
    const store = await createOrgClient(ctx.app, ctx.db, { name: "Whole cup store" });
    const api = jsonRequest(ctx.app, store.auth);
    const referee = jsonRequest(ctx.app, (await addClient(ctx.app, ctx.db, store.orgId, "referee")).auth);
    const sub = await api.post(`/v1/orgs/${store.orgId}/webhooks`, {
      url: receiver.url,
      eventTypes: ["result.corrected", "player.disqualified", "playoffs.seated", "event.completed"],
    });
    expect(sub.status, sub.text).toBe(201);
    secret = sub.body.secret;

    t = await tournament(api, store.orgId, 32, "Whole cup");
    // A membership number on a player: it must appear in no payload.
    expect((await api.patch(`/v1/players/${t.P[4]}`, { externalId: "LT-2026-0404" })).status).toBe(200);
    const session = await t.session("Store A", "2026-12-05", range(1, 32));
    const [game1] = await t.playPrelims(session, range(1, 32));
    // Game 1, table 1 is P1–P4 (10, 8, 6, 4 VP); P4 actually had 5.
    corrected = game1.tables[0];
    const fix = await api.post(`/v1/tables/${corrected.id}/result/corrections`, {
      winnerId: t.P[1],
      scores: t.seatIdsOf(corrected).map((playerId, i) => ({ playerId, vp: [10, 8, 6, 5][i] })),
      reason: "Transcription error: seat 4 had 5 VP, not 4.",
    });
    expect(fix.status, fix.text).toBe(200);

    semis = await t.seat("semifinals");
    const table = semis.tables[0];
    semiDq = [...t.seatIdsOf(table)].sort((a, b) => t.numberOf.get(a)! - t.numberOf.get(b)!)[1]!;
    const dq = await referee.post(`/v1/tables/${table.id}/disqualifications`, {
      playerId: semiDq,
      reason: "Collusion",
    });
    expect(dq.status, dq.text).toBe(200);
    await t.play(semis.tables);
    final = await t.seat("final");
    await t.waiveChoices(final.tables[0]);
    await t.play(final.tables);

    got = bodies(await receiver.until((r) => r.length >= 5));
  }, 120_000);

  it("arrives once each, in commit order, signed, and as documented (nothing undocumented, no membership numbers)", () => {
    expect(receiver.requests.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(got.map((b) => b.type)).toEqual([
      "result.corrected",
      "playoffs.seated",
      "player.disqualified",
      "playoffs.seated",
      "event.completed",
    ]);
    const verifier = new Webhook(secret);
    for (const request of receiver.requests) {
      expect(() => verifier.verify(request.body, request.headers as Record<string, string>)).not.toThrow();
      expect(request.body).not.toContain("LT-2026-0404");
    }
    for (const body of got) expect(webhookSchemaProblems(body), body.type).toEqual([]);
    // The check itself bites: an undocumented field or a missing one is reported.
    expect(webhookSchemaProblems({ ...got[2], data: { ...got[2].data, externalId: "x" } })).not.toEqual([]);
    const { before: _b, ...noBefore } = got[0].data;
    expect(webhookSchemaProblems({ ...got[0], data: noBefore })).not.toEqual([]);
  });

  it("result.corrected carries the table before and after, and the reason", () => {
    const { data } = got[0];
    expect(data).toMatchObject({
      tableId: corrected.id,
      eventId: t.eventId,
      reason: "Transcription error: seat 4 had 5 VP, not 4.",
    });
    const seats = (r: Json) => r.seats.map((s: Json) => [s.playerId, s.vp, s.placement]);
    const [p1, p2, p3, p4] = t.seatIdsOf(corrected);
    expect(seats(data.before)).toEqual([
      [p1, 10, 1],
      [p2, 8, 2],
      [p3, 6, 3],
      [p4, 4, 4],
    ]);
    expect(seats(data.after)).toEqual([
      [p1, 10, 1],
      [p2, 8, 2],
      [p3, 6, 3],
      [p4, 5, 4],
    ]);
    expect(data.before).toMatchObject({ status: "final", round: { kind: "prelim", number: 1 } });
    expect(data.after).toMatchObject({ status: "final", winnerId: p1 });
    expect(data.after.version).toBeGreaterThan(data.before.version);
  });

  it("playoffs.seated gives the semifinals, then the final, with seats in turn order", () => {
    const [, semisSeated, , finalSeated] = got;
    expect(semisSeated.data).toMatchObject({ eventId: t.eventId, roundId: semis.id, kind: "semifinal" });
    expect(semisSeated.data.tables.map((x: Json) => x.seats.map((s: Json) => s.playerId))).toEqual(
      semis.tables.map(t.seatIdsOf),
    );
    expect(semisSeated.data.tables.map((x: Json) => x.seats.map((s: Json) => s.position))).toEqual(
      semis.tables.map(() => [1, 2, 3, 4]),
    );
    expect(finalSeated.data).toMatchObject({ roundId: final.id, kind: "final" });
    expect(finalSeated.data.tables).toHaveLength(1);
    expect(finalSeated.data.tables[0].seats.map((s: Json) => s.playerId)).toEqual(
      t.seatIdsOf(final.tables[0]),
    );
  });

  it("player.disqualified names the player, the table and the reason", () => {
    expect(got[2].data).toEqual({
      eventId: t.eventId,
      tableId: semis.tables[0].id,
      playerId: semiDq,
      name: `P${t.numberOf.get(semiDq)}`,
      reason: "Collusion",
    });
  });

  it("event.completed carries the final's result with its placements", () => {
    const { data } = got[4];
    expect(data.eventId).toBe(t.eventId);
    expect(data.final).toMatchObject({
      tableId: final.tables[0].id,
      status: "final",
      round: { kind: "final", number: 1 },
    });
    const byStrength = [...t.seatIdsOf(final.tables[0])].sort(
      (a, b) => t.numberOf.get(a)! - t.numberOf.get(b)!,
    );
    const placement = new Map(data.final.seats.map((s: Json) => [s.playerId, s.placement]));
    expect(byStrength.map((id) => placement.get(id))).toEqual([1, 2, 3, 4]);
    expect(data.final.winnerId).toBe(byStrength[0]);
  });
});
