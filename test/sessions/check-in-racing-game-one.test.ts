/**
 * A check-in (or its undo) racing the seating of game 1.
 *
 * docs/rules.md#drops (check-in): game 1 of a session using check-in seats only checked-in
 * players and records the others as no-shows; check-in closes when game 1 is seated (409
 * `check_in_closed`). docs/rules.md#corrections: of two racing changes exactly one wins.
 *
 * The check-in reads "game 1 not seated", then writes. A seating committed in between must make
 * it fail (409) whole; otherwise the answer says the player is checked in while the seating just
 * recorded them as a no-show and left them out (or, for an undo, a seated player ends up not
 * checked in).
 *
 * The interleaving is made deterministic: the check-in's write batch is paused while game 1 is
 * seated over HTTP, then let go.
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
let pauseBefore: (p: Pause) => void;

beforeEach(async () => {
  ({ api, t, pauseBefore } = await pausableTournament("Check-in race store", 13));
  sessionId = await t.session("Day 1", "2026-12-05", range(1, 13));
  const checkIn = await api.post(`/v1/sessions/${sessionId}/check-ins`, {
    playerIds: range(1, 12).map((n) => t.P[n]),
  });
  expect(checkIn.status, checkIn.text).toBe(200);
}, 60_000);

const seatGameOne = () =>
  api.post(`/v1/sessions/${sessionId}/rounds`, {
    tables: handSeating(range(1, 12), 1).map((tb) => tb.map((n) => t.P[n])),
  });

const registration = async (playerId: string): Promise<Json> =>
  (await api.get(`/v1/sessions/${sessionId}/players`)).body.data.find((r: Json) => r.player.id === playerId);

describe("check-in racing the seating of game 1", () => {
  it("a check-in committed after game 1 is seated is refused, not answered 'checked in' for a no-show", async () => {
    const late = t.P[13]!;
    let game1: Json;
    pauseBefore({
      writes: /update "registrations" set "checked_in_at"/,
      interleave: async () => {
        game1 = await seatGameOne();
      },
    });
    const checkIn = await api.post(`/v1/sessions/${sessionId}/check-ins`, { playerIds: [late] });

    expect(game1.status, game1.text).toBe(201);
    // Game 1 recorded P13 as a no-show and did not seat them: check-in was closed.
    expect(checkIn.status, checkIn.text).toBe(409);
    expect(checkIn.body.code).toBe("check_in_closed");
    expect(await registration(late)).toMatchObject({ status: "no-show", checkedIn: false });
  }, 30_000);

  it("an undo committed after game 1 is seated is refused, not leaving a seated player unchecked", async () => {
    const seated = t.P[1]!;
    let game1: Json;
    pauseBefore({
      writes: /update "registrations" set "checked_in_at"/,
      interleave: async () => {
        game1 = await seatGameOne();
      },
    });
    const undo = await api.delete(`/v1/sessions/${sessionId}/check-ins/${seated}`);

    expect(game1.status, game1.text).toBe(201);
    expect(undo.status, undo.text).toBe(409);
    expect(undo.body.code).toBe("check_in_closed");
    expect(await registration(seated)).toMatchObject({ checkedIn: true });
  }, 30_000);
});
