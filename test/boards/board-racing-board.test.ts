/**
 * Two rounds of one event given their boards at the same moment, from the same seed.
 *
 * docs/rules.md#boards (rule 2.0.1): every round gets a new board; a board identical to one
 * already used by any other round of the event is refused (built) or its seed retried as
 * `<seed>~1`, … (random: never refused), since one player may meet it again. docs/rules.md#corrections:
 * a change computed from what was read commits only if that still holds.
 *
 * Each request reads the event's boards ("none used"), then writes its own. The second to commit
 * must not store the board the first just stored: two rounds of the event would play the same one.
 *
 * The interleaving is made deterministic: one board's write batch is paused while the other is
 * made over HTTP, then let go.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { type Pause, pausableTournament } from "../helpers/pausable-database";
import { handSeating, range, type Tournament } from "../helpers/tournament";
import type { JsonClient } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let api: JsonClient;
let t: Tournament;
let roundA: Json;
let roundB: Json;
let pauseBefore: (p: Pause) => void;

beforeEach(async () => {
  ({ api, t, pauseBefore } = await pausableTournament("Board race store", 24));
  const a = await t.session("Store A", "2026-12-05", range(1, 12));
  const b = await t.session("Store B", "2026-12-05", range(13, 24));
  roundA = await t.seatGame(a, handSeating(range(1, 12), 1));
  roundB = await t.seatGame(b, handSeating(range(13, 24), 1));
}, 60_000);

const key = (hexes: Json[]) =>
  JSON.stringify([...hexes].map((h) => `${h.q},${h.r},${h.terrain},${h.number}`).sort());

describe("two boards of one event made at once", () => {
  it("random boards from the same seed: the two rounds do not get the same board", async () => {
    let other: Json;
    pauseBefore({
      writes: /insert into "boards"/,
      interleave: async () => {
        other = await api.post(`/v1/rounds/${roundB.id}/board`, { seed: "store-night" });
      },
    });
    const board = await api.post(`/v1/rounds/${roundA.id}/board`, { seed: "store-night" });

    expect(other.status, other.text).toBe(201);
    if (board.status === 201) {
      const a = (await api.get(`/v1/rounds/${roundA.id}/board`)).body;
      const b = (await api.get(`/v1/rounds/${roundB.id}/board`)).body;
      expect(key(a.hexes)).not.toBe(key(b.hexes));
    } else {
      expect(board.status, board.text).toBe(409);
    }
  }, 30_000);
});
