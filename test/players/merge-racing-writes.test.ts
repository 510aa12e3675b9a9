/**
 * Writes that name a player, racing a merge of that player into the person's other id.
 *
 * docs/rules.md#people-and-results (one person, two ids): a merge moves every record of the merged
 * id to the kept one, in one change; the merged id is gone. docs/rules.md#corrections: a change
 * computed from what was read commits only if that is still so, and the one that loses changes
 * nothing and is sent again (a 409). The API's promise: bad timing or input never yields a 500.
 *
 * Each write below reads the player (seated, registered), then writes a row naming them. A merge
 * committed in between deletes that id: the write must answer a 4xx problem (409, to be sent
 * again with the kept id), never a 500, and leave nothing half-written.
 *
 * The interleaving is made deterministic: the write's batch is paused while the merge runs over
 * HTTP, then let go.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { type Pause, pausableTournament } from "../helpers/pausable-database";
import { handSeating, range, type Tournament } from "../helpers/tournament";
import type { JsonClient } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let api: JsonClient;
let t: Tournament;
let sessionId: string;
/** The same person as P1, created a second time, not in the event. */
let otherId: string;
let orgId: string;
let pauseBefore: (p: Pause) => void;
/** The server's error log: what a 500 was. */
let errors: () => string;

beforeEach(async () => {
  const ready = await pausableTournament("Merge race store", 12);
  ({ api, t, pauseBefore } = ready);
  errors = () => JSON.stringify(ready.logger.lines.filter((l) => l.level === "error"));
  const { store } = ready;
  orgId = store.orgId;
  otherId = (await api.post(`/v1/orgs/${store.orgId}/players`, { name: "P1 (again)" })).body.id;
  sessionId = await t.session("Day 1", "2026-12-05", range(1, 12));
}, 60_000);

/** Runs `write` with its batch (the first matching `writes`) paused while P1 is merged away. */
async function racingMerge(writes: RegExp, write: () => Promise<Json>) {
  let merge: Json;
  pauseBefore({
    writes,
    interleave: async () => {
      merge = await api.post(`/v1/players/${t.P[1]}/merge`, { intoPlayerId: otherId });
    },
  });
  const res = await write();
  expect(merge.status, merge.text).toBe(200);
  return res;
}

const expectProblem = (res: Json) => {
  expect(res.status, `${res.text} ${errors()}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${res.text} ${errors()}`).toBeLessThan(500);
  expect(res.headers.get("content-type")).toContain("application/problem+json");
};

describe("a write naming a player, racing the merge of that player", () => {
  it("seating game 1: a 409, not a 500", async () => {
    const seating = await racingMerge(/insert into "rounds"/, () =>
      api.post(`/v1/sessions/${sessionId}/rounds`, {
        tables: handSeating(range(1, 12), 1).map((tb) => tb.map((n) => t.P[n])),
      }),
    );
    expectProblem(seating);
    // Seated again, it seats the kept id.
    const again = await api.post(`/v1/sessions/${sessionId}/rounds`, { seed: "again" });
    expect(again.status, again.text).toBe(201);
  }, 30_000);

  it("registering the player in another session: a 4xx, not a 500", async () => {
    const day2 = (await api.post(`/v1/events/${t.eventId}/sessions`, { name: "Day 2", date: "2026-12-12" }))
      .body.id;
    const registration = await racingMerge(/insert into "registrations"/, () =>
      api.post(`/v1/sessions/${day2}/players`, { playerIds: [t.P[1], t.P[2]] }),
    );
    expectProblem(registration);
  }, 30_000);

  it("disqualifying the player at their table: a 4xx, not a 500", async () => {
    const game1 = await t.seatGame(sessionId, handSeating(range(1, 12), 1));
    const dq = await racingMerge(/insert into "disqualifications"/, () =>
      api.post(`/v1/tables/${game1.tables[0].id}/disqualifications`, {
        playerId: t.P[1],
        reason: "Abusive behaviour",
      }),
    );
    expectProblem(dq);
  }, 30_000);

  it("warning the player at their table: a 4xx, not a 500", async () => {
    const game1 = await t.seatGame(sessionId, handSeating(range(1, 12), 1));
    const warning = await racingMerge(/insert into "conduct_warnings"/, () =>
      api.post(`/v1/tables/${game1.tables[0].id}/warnings`, {
        playerId: t.P[1],
        rule: "3.0.14",
        note: "Free-resource deal offered",
      }),
    );
    expectProblem(warning);
  }, 30_000);

  it("timed turns the player asked for: a 4xx, not a 500", async () => {
    const game1 = await t.seatGame(sessionId, handSeating(range(1, 12), 1));
    const timer = await racingMerge(/insert into "table_timers"/, () =>
      api.put(`/v1/tables/${game1.tables[0].id}/timer`, { requestedBy: t.P[1] }),
    );
    expectProblem(timer);
  }, 30_000);

  it("checking the player in: a 409, not a 200 that checked no one in", async () => {
    const checkIn = await racingMerge(/update "registrations" set "checked_in_at"/, () =>
      api.post(`/v1/sessions/${sessionId}/check-ins`, { playerIds: [t.P[1]] }),
    );
    expectProblem(checkIn);
    expect(checkIn.body.code).toBe("concurrent_update");
    // Sent again with the kept id, the person is checked in.
    const again = await api.post(`/v1/sessions/${sessionId}/check-ins`, { playerIds: [otherId] });
    expect(again.body.checkedIn.map((p: Json) => p.id)).toEqual([otherId]);
  }, 30_000);

  it("undoing the player's check-in: a 409, not a 204 that left them checked in", async () => {
    expect((await api.post(`/v1/sessions/${sessionId}/check-ins`, { playerIds: [t.P[1]] })).status).toBe(200);
    const undo = await racingMerge(/update "registrations" set "checked_in_at"/, () =>
      api.delete(`/v1/sessions/${sessionId}/check-ins/${t.P[1]}`),
    );
    expectProblem(undo);
  }, 30_000);

  it("withdrawing the player's registration: a 409, not a 204 that left them registered", async () => {
    const day2 = (await api.post(`/v1/events/${t.eventId}/sessions`, { name: "Day 2", date: "2026-12-12" }))
      .body.id;
    expect((await api.post(`/v1/sessions/${day2}/players`, { playerIds: [t.P[1]] })).status).toBe(200);
    const withdrawal = await racingMerge(/delete from "registrations"/, () =>
      api.delete(`/v1/sessions/${day2}/players/${t.P[1]}`),
    );
    expectProblem(withdrawal);
    expect(withdrawal.body.code).toBe("concurrent_update");
  }, 30_000);

  it("removing the player from the event's staff: a 409, not a 200 that left them staff", async () => {
    const referee = (await api.post(`/v1/orgs/${orgId}/players`, { name: "Referee" })).body.id;
    const again = (await api.post(`/v1/orgs/${orgId}/players`, { name: "Referee (again)" })).body.id;
    const named = await api.post(`/v1/events/${t.eventId}/staff`, { playerId: referee, role: "referee" });
    expect(named.status, named.text).toBe(200);
    pauseBefore({
      writes: /delete from "event_staff"/,
      interleave: async () => {
        const merge = await api.post(`/v1/players/${referee}/merge`, { intoPlayerId: again });
        expect(merge.status, merge.text).toBe(200);
      },
    });
    const removal = await api.delete(`/v1/events/${t.eventId}/staff/${referee}`);
    expectProblem(removal);
    expect(removal.body.code).toBe("concurrent_update");
  }, 30_000);
});
