/**
 * Game 4 of an 80+ session under a race (docs/rules.md#corrections, rules 1.1.5, 1.1.7): a
 * game 1–3 correction and the seating of game 4 that read the session at the same time. As for
 * the playoffs, whichever commits second is refused, so game 4 never stands on results that a
 * correction has since changed.
 *
 * The interleaving is made deterministic: the database client pauses the first request's write
 * batch, runs the other request to completion over HTTP, then lets the paused batch go.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { sheetWon, tableLostBy } from "../helpers/corrections";
import { type Pause, pausableTournament } from "../helpers/pausable-database";
import { range, type Tournament } from "../helpers/tournament";
import type { JsonClient } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let api: JsonClient;
let t: Tournament;
let sessionId: string;
let prelims: Json[];
let pauseBefore: (p: Pause) => void;

beforeEach(async () => {
  ({ api, t, pauseBefore } = await pausableTournament("Game 4 race store", 80));
  sessionId = await t.session("Day 1", "2026-12-05", range(1, 80));
  prelims = await t.playPrelims(sessionId, range(1, 80));
}, 60_000);

/** A player without a win after game 3: the zero-win cut eliminates them. */
async function zeroWinPlayer(): Promise<string> {
  const standings = (await api.get(`/v1/sessions/${sessionId}/standings`)).body;
  return standings.rows.find((r: Json) => r.wins === 0).player.id;
}

const game4Seats = (round: Json) =>
  new Set<string>(round.tables.flatMap((table: Json) => table.seats.map((s: Json) => s.player.id)));

describe("a game 1–3 correction racing the seating of game 4", () => {
  it("game 4 commits first: the correction is refused with 409 phase_locked, nothing changes", async () => {
    const player = await zeroWinPlayer();
    const table = tableLostBy(t, prelims, player);
    const before = (await api.get(`/v1/tables/${table.id}`)).text;

    let seating: Json;
    pauseBefore({
      writes: /insert into "result_revisions"/,
      interleave: async () => {
        seating = await api.post(`/v1/sessions/${sessionId}/rounds`, {});
      },
    });
    const res = await api.post(`/v1/tables/${table.id}/result/corrections`, sheetWon(t, table, player));

    expect(seating.status, seating.text).toBe(201);
    const game4 = seating.body.data[0];
    expect(res.status, res.text).toBe(409);
    expect(res.body).toMatchObject({ code: "phase_locked", rule: "1.3.5" });
    expect(res.body.detail).toContain(`Game 4 (round ${game4.id})`);
    expect(res.body.detail).toContain(`DELETE /v1/rounds/${game4.id}`);
    expect((await api.get(`/v1/tables/${table.id}`)).text).toBe(before);
    expect(game4Seats(game4).has(player)).toBe(false);
  }, 30_000);

  it("the correction commits first: game 4 is refused with 409, and seating again follows the correction", async () => {
    const player = await zeroWinPlayer();
    const table = tableLostBy(t, prelims, player);

    let correction: Json;
    pauseBefore({
      writes: /insert into "rounds"/,
      interleave: async () => {
        correction = await api.post(`/v1/tables/${table.id}/result/corrections`, sheetWon(t, table, player));
      },
    });
    const seating = await api.post(`/v1/sessions/${sessionId}/rounds`, {});

    expect(correction.status, correction.text).toBe(200);
    expect(seating.status, seating.text).toBe(409);
    expect(seating.body).toMatchObject({ code: "ranking_inputs_changed" });
    const rounds = (await api.get(`/v1/sessions/${sessionId}/rounds`)).body.data;
    expect(rounds.map((r: Json) => r.number)).toEqual([1, 2, 3]);

    const again = await api.post(`/v1/sessions/${sessionId}/rounds`, {});
    expect(again.status, again.text).toBe(201);
    // The corrected win takes the player past the zero-win cut.
    expect(game4Seats(again.body.data[0]).has(player)).toBe(true);
  }, 30_000);
});
