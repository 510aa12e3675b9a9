/**
 * Naming a player the event's referee while the same player is being registered to play in it.
 *
 * docs/rules.md#people-and-results (rule 1.3.2): referees and organisers may not play in an event
 * they supervise: registering an event's staff as its player is refused, and so is naming a
 * registered player as its staff. docs/rules.md#corrections: of two racing changes exactly one
 * wins.
 *
 * Each request reads that the other role is not held, then writes its own. Whichever commits
 * second must be refused; both committing leaves a referee playing the event they referee.
 *
 * The interleaving is made deterministic: one request's write batch is paused while the other
 * runs over HTTP, then let go.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { type Pause, pausableTournament } from "../helpers/pausable-database";
import { range, type Tournament } from "../helpers/tournament";
import type { JsonClient } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let api: JsonClient;
let t: Tournament;
let sessionId: string;
let pauseBefore: (p: Pause) => void;

beforeEach(async () => {
  ({ api, t, pauseBefore } = await pausableTournament("Staff race store", 13));
  sessionId = await t.session("Day 1", "2026-12-05", range(1, 12));
}, 60_000);

async function bothRoles(playerId: string) {
  const staff = (await api.get(`/v1/events/${t.eventId}/staff`)).body.data.map((s: Json) => s.player.id);
  const roster = (await api.get(`/v1/sessions/${sessionId}/players`)).body.data.map((r: Json) => r.player.id);
  return staff.includes(playerId) && roster.includes(playerId);
}

describe("staff and registration of one player, racing", () => {
  it("named referee while being registered: one of the two is refused", async () => {
    const p13 = t.P[13]!;
    let staff: Json;
    pauseBefore({
      writes: /insert into "registrations"/,
      interleave: async () => {
        staff = await api.post(`/v1/events/${t.eventId}/staff`, { playerId: p13, role: "referee" });
      },
    });
    const registration = await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: [p13] });

    expect(staff.status, staff.text).toBe(200);
    expect(registration.status, registration.text).toBeGreaterThanOrEqual(400);
    expect(await bothRoles(p13)).toBe(false);
  }, 30_000);

  it("registered while being named referee: one of the two is refused", async () => {
    const p13 = t.P[13]!;
    let registration: Json;
    pauseBefore({
      writes: /insert into "event_staff"/,
      interleave: async () => {
        registration = await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: [p13] });
      },
    });
    const staff = await api.post(`/v1/events/${t.eventId}/staff`, { playerId: p13, role: "referee" });

    expect(registration.status, registration.text).toBe(200);
    expect(staff.status, staff.text).toBeGreaterThanOrEqual(400);
    expect(await bothRoles(p13)).toBe(false);
  }, 30_000);
});
