/**
 * The seating of a prelim game racing a disqualification of one of its players elsewhere in the
 * event.
 *
 * docs/rules.md#disqualification (rule 1.3.6): a disqualified player is excluded from later
 * seating; a game seated after the disqualification never seats them. docs/rules.md#corrections:
 * every change computed from the event as read commits only if nothing of it changed meanwhile.
 *
 * P1 plays two sessions of one event. While game 1 of the second session is being seated, P1 is
 * disqualified at their table in the first. The seating must fail (409, nothing seated) or leave
 * P1 out, never seat a player disqualified before the seating committed.
 *
 * The interleaving is made deterministic: the seating's write batch is paused while the
 * disqualification is recorded over HTTP, then let go.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { type Pause, pausableTournament } from "../helpers/pausable-database";
import { handSeating, range, type Tournament } from "../helpers/tournament";
import type { JsonClient } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let api: JsonClient;
let t: Tournament;
let friday: Json;
let saturday: string;
let pauseBefore: (p: Pause) => void;

beforeEach(async () => {
  ({ api, t, pauseBefore } = await pausableTournament("Seating race store", 13));
  const s1 = await t.session("Friday", "2026-12-04", range(1, 12));
  friday = await t.seatGame(s1, handSeating(range(1, 12), 1));
  saturday = await t.session("Saturday", "2026-12-05", range(1, 13));
}, 60_000);

describe("seating a game racing a disqualification of one of its players", () => {
  it("never seats the player disqualified before the seating committed", async () => {
    let dq: Json;
    pauseBefore({
      writes: /insert into "rounds"/,
      interleave: async () => {
        dq = await api.post(`/v1/tables/${friday.tables[0].id}/disqualifications`, {
          playerId: t.P[1],
          reason: "Cheating",
        });
      },
    });
    const seating = await api.post(`/v1/sessions/${saturday}/rounds`, { seed: "race" });

    expect(dq.status, dq.text).toBe(200);
    if (seating.status === 201) {
      const seated: string[] = seating.body.data[0].tables.flatMap((tb: Json) => t.seatIdsOf(tb));
      expect(seated).not.toContain(t.P[1]);
    } else {
      expect(seating.status, seating.text).toBe(409);
    }
  }, 30_000);
});
