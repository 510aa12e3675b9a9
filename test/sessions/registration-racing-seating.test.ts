/**
 * A registration racing the seating that closes it.
 *
 * docs/rules.md#drops (late entry): a player registered after game 1 of the session is seated
 * would miss games the others play, so the registration is refused. docs/rules.md#structure:
 * registrations decide N, so once the semifinals (or the final) are seated, registering a player
 * is refused (409 `registration_closed`). docs/rules.md#corrections: of two racing changes exactly
 * one wins.
 *
 * The registration reads "not seated yet", then writes. A seating committed in between must make
 * the registration fail (409) whole, as a withdrawal does (test/sessions/unregister-race.test.ts),
 * never leave a registration added after the seating that closed it.
 *
 * The interleaving is made deterministic: the registration's write batch is paused while the
 * seating is made over HTTP, then let go.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { type Pause, pausableTournament } from "../helpers/pausable-database";
import { handSeating, range, type Tournament } from "../helpers/tournament";
import type { JsonClient } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let api: JsonClient;
let t: Tournament;
let pauseBefore: (p: Pause) => void;

beforeEach(async () => {
  ({ api, t, pauseBefore } = await pausableTournament("Registration race store", 33));
}, 60_000);

const roster = async (sessionId: string): Promise<string[]> =>
  (await api.get(`/v1/sessions/${sessionId}/players`)).body.data.map((r: Json) => r.player.id);

describe("a registration racing a seating", () => {
  it("game 1 seated meanwhile: the late entry is refused, not left registered and unseated", async () => {
    const sessionId = await t.session("Day 1", "2026-12-05", range(1, 12));
    const late = t.P[13]!;
    let game1: Json;
    pauseBefore({
      writes: /insert into "registrations"/,
      interleave: async () => {
        game1 = await api.post(`/v1/sessions/${sessionId}/rounds`, {
          tables: handSeating(range(1, 12), 1).map((tb) => tb.map((n) => t.P[n])),
        });
      },
    });
    const registration = await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: [late] });

    expect(game1.status, game1.text).toBe(201);
    expect(registration.status, registration.text).toBe(409);
    expect(registration.body.code).toBe("registration_closed");
    expect(await roster(sessionId)).not.toContain(late);
  }, 30_000);

  it("semifinals seated meanwhile: the registration is refused, N stays the one the playoffs were seated from", async () => {
    const day1 = await t.session("Day 1", "2026-12-05", range(1, 32));
    const day2 = (await api.post(`/v1/events/${t.eventId}/sessions`, { name: "Day 2", date: "2026-12-12" }))
      .body.id;
    await t.playPrelims(day1, range(1, 32));
    const late = t.P[33]!;
    let semis: Json;
    pauseBefore({
      writes: /insert into "registrations"/,
      interleave: async () => {
        semis = await api.post(`/v1/events/${t.eventId}/semifinals`);
      },
    });
    const registration = await api.post(`/v1/sessions/${day2}/players`, { playerIds: [late] });

    expect(semis.status, semis.text).toBe(201);
    expect(registration.status, registration.text).toBe(409);
    expect(registration.body.code).toBe("registration_closed");
    expect(await roster(day2)).not.toContain(late);
  }, 60_000);
});
