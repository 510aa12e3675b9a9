/**
 * Phase locks under a race (docs/rules.md#people-and-results, rules 1.3.5, 1.4.4): a correction and the seating of
 * the next phase that read the event at the same time. The service checks the lock when it
 * reads; the database holds it when they commit, so whichever commits second is refused and
 * the event is never left with a seating that its corrected results contradict.
 *
 * The interleaving is made deterministic: the database client pauses the first request's write
 * batch, runs the other request to completion over HTTP, then lets the paused batch go.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { guardRaisedByDatabase } from "../../src/db/errors";
import { disqualifications } from "../../src/db/schema";
import { sheetWon, tableLostBy } from "../helpers/corrections";
import { type Pause, pausableTournament } from "../helpers/pausable-database";
import { range, type Tournament } from "../helpers/tournament";
import type { JsonClient } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let api: JsonClient;
let rawDb: Database;
let t: Tournament;
let prelims: Json[];
let pauseBefore: (p: Pause) => void;

beforeEach(async () => {
  ({ db: rawDb, api, t, pauseBefore } = await pausableTournament("Race store", 32));
  const session = await t.session("Store A", "2026-12-05", range(1, 32));
  prelims = await t.playPrelims(session, range(1, 32));
});

const correctionsOf = async (tableId: string) =>
  (await t.audit()).filter((e) => e.action === "result.correction" && e.entityId === tableId);

const seatedIds = (round: Json) =>
  new Set<string>(round.tables.flatMap((table: Json) => table.seats.map((s: Json) => s.player.id)));
const qualifiedIds = (q: Json) =>
  new Set<string>(q.rows.filter((r: Json) => r.qualified).map((r: Json) => r.player.id));

describe("a prelim correction racing the seating of the semifinals", () => {
  it("the seating commits first: the correction is refused with 409 phase_locked, nothing changes", async () => {
    const before = await t.qualification();
    const bubble = before.rows[16];
    const lost = tableLostBy(t, prelims, bubble.player.id);
    const tableBefore = await api.get(`/v1/tables/${lost.id}`);

    let seating: Json;
    pauseBefore({
      writes: /insert into "result_revisions"/,
      interleave: async () => {
        seating = await api.post(`/v1/events/${t.eventId}/semifinals`, {});
      },
    });
    const res = await api.post(
      `/v1/tables/${lost.id}/result/corrections`,
      sheetWon(t, lost, bubble.player.id),
    );

    expect(seating.status, seating.text).toBe(201);
    expect(res.status, res.text).toBe(409);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(res.body).toMatchObject({ code: "phase_locked", rule: "1.3.5" });
    // The same detail as the service's own check: the seated round and the way out.
    expect(res.body.detail).toContain(`The semifinals (round ${seating.body.id}) are seated`);
    expect(res.body.detail).toContain(`DELETE /v1/rounds/${seating.body.id}`);

    expect((await api.get(`/v1/tables/${lost.id}`)).text).toBe(tableBefore.text);
    expect(await correctionsOf(lost.id)).toEqual([]);
    const after = await t.qualification();
    expect(after.rows).toEqual(before.rows);
    expect(seatedIds(seating.body)).toEqual(qualifiedIds(after));

    // The same lock holds for a disqualification written at a locked table, whoever writes it.
    const insert = rawDb.insert(disqualifications).values({
      id: "dsq_race",
      eventId: t.eventId,
      tableId: lost.id,
      playerId: bubble.player.id,
      reason: "Late protest",
      actorClientId: "test",
      createdAt: new Date().toISOString(),
    });
    const refused = await insert.then(
      () => null,
      (error: unknown) => error,
    );
    expect(guardRaisedByDatabase(refused)).toBe("phase_locked");
  });

  it("the correction commits first: the seating is refused with 409 and seating again follows the correction", async () => {
    const before = await t.qualification();
    const bubble = before.rows[16];
    const lost = tableLostBy(t, prelims, bubble.player.id);

    let correction: Json;
    pauseBefore({
      writes: /insert into "rounds"/,
      interleave: async () => {
        correction = await api.post(
          `/v1/tables/${lost.id}/result/corrections`,
          sheetWon(t, lost, bubble.player.id),
        );
      },
    });
    const seating = await api.post(`/v1/events/${t.eventId}/semifinals`, {});

    expect(correction.status, correction.text).toBe(200);
    expect(seating.status, seating.text).toBe(409);
    expect(seating.body).toMatchObject({ code: "ranking_inputs_changed" });
    const rounds = (await t.standings()).rounds ?? [];
    expect(rounds.filter((r: Json) => r.kind === "semifinal")).toEqual([]);

    const corrected = await t.qualification();
    expect(corrected.rows.find((r: Json) => r.player.id === bubble.player.id).qualified).toBe(true);
    expect(qualifiedIds(corrected)).not.toEqual(qualifiedIds(before));
    const again = await api.post(`/v1/events/${t.eventId}/semifinals`, {});
    expect(again.status, again.text).toBe(201);
    expect(seatedIds(again.body)).toEqual(qualifiedIds(corrected));
  });
});

describe("a semifinal correction racing the seating of the final", () => {
  it("the final commits first: the correction is refused with 409 phase_locked, nothing changes", async () => {
    const semis = await t.seat("semifinals");
    const round = (await api.get(`/v1/rounds/${semis.id}`)).body;
    await t.play(round.tables);
    const target = round.tables[0];
    const runnerUp = t.strengthSheet(t.seatIdsOf(target)).scores.find((s) => s.vp === 8)!.playerId;
    const before = await api.get(`/v1/tables/${target.id}`);

    let final: Json;
    pauseBefore({
      writes: /insert into "result_revisions"/,
      interleave: async () => {
        final = await api.post(`/v1/events/${t.eventId}/final`, {});
      },
    });
    const res = await api.post(`/v1/tables/${target.id}/result/corrections`, sheetWon(t, target, runnerUp));

    expect(final.status, final.text).toBe(201);
    expect(res.status, res.text).toBe(409);
    expect(res.body.code).toBe("phase_locked");
    expect(res.body.detail).toContain(`The final (round ${final.body.id}) is seated`);
    expect((await api.get(`/v1/tables/${target.id}`)).text).toBe(before.text);
    expect(await correctionsOf(target.id)).toEqual([]);
    // The semifinal winner the final was seated from is still the table's winner.
    expect(seatedIds(final.body).has(t.strengthSheet(t.seatIdsOf(target)).winnerId)).toBe(true);
  });

  it("the correction commits first: the final is refused with 409 and seating again seats the new winner", async () => {
    const semis = await t.seat("semifinals");
    const round = (await api.get(`/v1/rounds/${semis.id}`)).body;
    await t.play(round.tables);
    const target = round.tables[0];
    const runnerUp = t.strengthSheet(t.seatIdsOf(target)).scores.find((s) => s.vp === 8)!.playerId;

    let correction: Json;
    pauseBefore({
      writes: /insert into "rounds"/,
      interleave: async () => {
        correction = await api.post(
          `/v1/tables/${target.id}/result/corrections`,
          sheetWon(t, target, runnerUp),
        );
      },
    });
    const final = await api.post(`/v1/events/${t.eventId}/final`, {});

    expect(correction.status, correction.text).toBe(200);
    expect(final.status, final.text).toBe(409);
    expect(final.body.code).toBe("ranking_inputs_changed");
    const again = await api.post(`/v1/events/${t.eventId}/final`, {});
    expect(again.status, again.text).toBe(201);
    expect(seatedIds(again.body).has(runnerUp)).toBe(true);
  });
});
