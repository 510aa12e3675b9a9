/**
 * A drop racing a result sheet of the game the drop re-seats.
 *
 * docs/rules.md#drops: a drop before a game the player already has a result in is refused, and so
 * is re-seating a game that already has any result. The drop reads the session, computes the
 * re-seat of the later seated games, then writes it; a sheet committed in between must make the
 * drop fail whole (as a playoff seating does with `ranking_inputs_changed`), never let it delete
 * and re-deal the seats of a table whose result is final.
 *
 * The interleaving is made deterministic: the drop's write batch is paused while the sheet is
 * signed over HTTP, then let go.
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
let game2: Json;
let pauseBefore: (p: Pause) => void;

beforeEach(async () => {
  ({ api, t, pauseBefore } = await pausableTournament("Drop race store", 12));
  sessionId = await t.session("Day 1", "2026-12-05", range(1, 12));
  const game1 = await t.seatGame(sessionId, handSeating(range(1, 12), 1));
  await t.play(game1.tables);
  game2 = await t.seatGame(sessionId, handSeating(range(1, 12), 2));
}, 60_000);

describe("a drop racing another write to the game it re-seats", () => {
  it("the sheet commits first: the drop after game 1 is refused and the signed game-2 table keeps its seats", async () => {
    const leaver = t.P[1]!;
    const table = game2.tables.find((tb: Json) => t.seatIdsOf(tb).includes(leaver));
    const sheet = t.strengthSheet(t.seatIdsOf(table));

    let signed: Json;
    pauseBefore({
      writes: /update "registrations" set "dropped_after_game"/,
      interleave: async () => {
        signed = await api.put(`/v1/tables/${table.id}/result`, sheet);
      },
    });
    const drop = await api.post(`/v1/sessions/${sessionId}/drops`, { playerId: leaver, afterGame: 1 });

    expect(signed.status, signed.text).toBe(200);
    expect(signed.body.result.status).toBe("final");
    // The leaver has a final result in game 2 now: a drop after game 1 is refused (409), nothing recorded.
    expect(drop.status, drop.text).toBe(409);

    const after = (await api.get(`/v1/tables/${table.id}`)).body;
    expect(after.result?.status).toBe("final");
    // The final sheet and the table's seats name the same players.
    expect(new Set(t.seatIdsOf(after))).toEqual(new Set(sheet.scores.map((s) => s.playerId)));
    const standings = (await api.get(`/v1/sessions/${sessionId}/standings`)).body;
    const row = standings.rows.find((r: Json) => r.player.id === leaver);
    expect(row).toMatchObject({ dropped: false, games: 2 });
  }, 30_000);

  it("two drops of the same game: neither player is seated again in the re-seated game 2", async () => {
    const [first, second] = [t.P[1]!, t.P[6]!];
    let other: Json;
    pauseBefore({
      writes: /update "registrations" set "dropped_after_game"/,
      interleave: async () => {
        other = await api.post(`/v1/sessions/${sessionId}/drops`, { playerId: second, afterGame: 1 });
      },
    });
    const drop = await api.post(`/v1/sessions/${sessionId}/drops`, { playerId: first, afterGame: 1 });
    expect(other.status, other.text).toBe(201);

    const rounds = (await api.get(`/v1/sessions/${sessionId}/rounds`)).body.data;
    const seated: string[] = rounds[1].tables.flatMap((tb: Json) => t.seatIdsOf(tb));
    if (drop.status === 201) {
      // Both drops stand: game 2 seats the 10 players left, neither leaver.
      expect(seated).not.toContain(first);
      expect(seated).not.toContain(second);
      expect(seated).toHaveLength(10);
    } else {
      // Or the second is refused (409) and game 2 seats the 11 players left after the first.
      expect(drop.status, drop.text).toBe(409);
      expect(seated).not.toContain(second);
      expect(seated).toHaveLength(11);
    }
  }, 30_000);
});
