/**
 * The seating of game 2 racing a drop after game 1.
 *
 * docs/rules.md#drops: a player who drops after game N leaves the session; the later games are
 * played by the players left (a seated later game is re-seated without them, in the same change
 * as the drop). docs/rules.md#corrections: every change computed from the event as read commits
 * only if nothing of it changed meanwhile; of two racing changes exactly one wins.
 *
 * The seating reads who plays game 2, computes the tables, then writes them. A drop committed in
 * between must make the seating fail (409, nothing seated) or be honoured, never leave the leaver
 * seated in game 2 with their drop recorded after game 1.
 *
 * The interleaving is made deterministic: the seating's write batch is paused while the drop is
 * recorded over HTTP, then let go.
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
  ({ api, t, pauseBefore } = await pausableTournament("Seating race store", 12));
  sessionId = await t.session("Day 1", "2026-12-05", range(1, 12));
  const game1 = await t.seatGame(sessionId, handSeating(range(1, 12), 1));
  await t.play(game1.tables);
}, 60_000);

describe("seating game 2 racing a drop after game 1", () => {
  it("never seats the leaver in game 2", async () => {
    const leaver = t.P[1]!;
    let drop: Json;
    pauseBefore({
      writes: /insert into "rounds"/,
      interleave: async () => {
        drop = await api.post(`/v1/sessions/${sessionId}/drops`, { playerId: leaver, afterGame: 1 });
      },
    });
    const seating = await api.post(`/v1/sessions/${sessionId}/rounds`, { seed: "race" });

    // Nothing was seated after game 1 when the drop was read: it is recorded, re-seating nothing.
    expect(drop.status, drop.text).toBe(201);
    const roster = (await api.get(`/v1/sessions/${sessionId}/players`)).body.data;
    expect(roster.find((r: Json) => r.player.id === leaver)).toMatchObject({ droppedAfterGame: 1 });

    const rounds = (await api.get(`/v1/sessions/${sessionId}/rounds`)).body.data;
    if (seating.status === 201) {
      // Honoured: game 2 seats the 11 players left.
      const seated: string[] = rounds[1].tables.flatMap((tb: Json) => t.seatIdsOf(tb));
      expect(seated).not.toContain(leaver);
      expect(seated).toHaveLength(11);
    } else {
      // Or refused whole: nothing seated, and seating again leaves the leaver out.
      expect(seating.status, seating.text).toBe(409);
      expect(rounds).toHaveLength(1);
    }
  }, 30_000);
});
