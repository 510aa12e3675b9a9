/**
 * A semifinalist's choice of turn order, chair and colour racing their disqualification.
 *
 * docs/rules.md#choices: at snake-seated tables players choose by rank; a player disqualified
 * from the event makes none (the others choose without waiting for them). docs/rules.md#corrections:
 * a change computed from what was read commits only if that still holds (a sheet commits only
 * with its players' disqualifications as read); of two racing changes exactly one wins.
 *
 * The choice reads the table (the chooser not disqualified), then rewrites its seats. A
 * disqualification committed in between must make the choice fail (409), never record a choice
 * for a disqualified player.
 *
 * The interleaving is made deterministic: the choice's write batch is paused while the
 * disqualification is recorded over HTTP, then let go.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { type Pause, pausableTournament } from "../helpers/pausable-database";
import { range, type Tournament } from "../helpers/tournament";
import type { JsonClient } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let api: JsonClient;
let t: Tournament;
let semis: Json;
let pauseBefore: (p: Pause) => void;

beforeEach(async () => {
  ({ api, t, pauseBefore } = await pausableTournament("Choice race store", 32));
  const s = await t.session("Day 1", "2026-12-05", range(1, 32));
  await t.playPrelims(s, range(1, 32));
  semis = await t.seat("semifinals");
}, 120_000);

describe("a choice racing the chooser's disqualification", () => {
  it("is not recorded for a player disqualified before it committed", async () => {
    const table = semis.tables[0];
    const first = table.seats[0].player.id; // rank 1 chooses first
    let dq: Json;
    pauseBefore({
      writes: /delete from "seats"/,
      interleave: async () => {
        dq = await api.post(`/v1/tables/${table.id}/disqualifications`, {
          playerId: first,
          reason: "Abusive behaviour during the board study",
        });
      },
    });
    const choice = await api.post(`/v1/tables/${table.id}/choices`, {
      playerId: first,
      position: 1,
      colour: "red",
    });

    expect(dq.status, dq.text).toBe(200);
    expect(choice.status, choice.text).toBe(409);
    const after = (await api.get(`/v1/tables/${table.id}`)).body;
    const seat = after.seats.find((s: Json) => s.player.id === first);
    expect(seat).toMatchObject({ disqualified: true, chosenAt: null, colour: null });
  }, 30_000);
});
