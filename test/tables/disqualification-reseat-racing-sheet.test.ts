/**
 * A disqualification whose re-seat of a later game races a sheet of that game
 * (docs/rules.md#disqualification: a later game is re-seated without the player only while it has
 * no result; one with results keeps its seating). The disqualification reads the session,
 * computes the re-seat, then writes it; a sheet signed in between must make it fail whole (409),
 * never let it re-deal a table whose result is final.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { type Pause, pausableTournament } from "../helpers/pausable-database";
import { range, type Tournament } from "../helpers/tournament";
import type { JsonClient } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let api: JsonClient;
let t: Tournament;
let game1: Json;
let game2: Json;
let pauseBefore: (p: Pause) => void;

beforeEach(async () => {
  ({ api, t, pauseBefore } = await pausableTournament("Disqualification re-seat race store", 13));
  const sessionId = await t.session("Day 1", "2026-12-05", range(1, 13));
  const seated = await api.post(`/v1/sessions/${sessionId}/rounds`, { plan: "all", seed: "ahead" });
  expect(seated.status, seated.text).toBe(201);
  [game1, game2] = seated.body.data;
}, 60_000);

describe("a disqualification racing a sheet of the game it re-seats", () => {
  it("the sheet commits first: the disqualification is refused (409) and the signed table keeps its seats", async () => {
    const where = game1.tables[0];
    const cheat = t.seatIdsOf(where)[1]!;
    const other = game2.tables.find((tb: Json) => !t.seatIdsOf(tb).includes(cheat));
    const sheet = t.strengthSheet(t.seatIdsOf(other));

    let signed: Json;
    pauseBefore({
      writes: /insert into "disqualifications"/,
      interleave: async () => {
        signed = await api.put(`/v1/tables/${other.id}/result`, sheet);
      },
    });
    const dq = await api.post(`/v1/tables/${where.id}/disqualifications`, {
      playerId: cheat,
      reason: "Intentionally bending the rules to win",
    });

    expect(signed.status, signed.text).toBe(200);
    expect(dq.status, dq.text).toBe(409);
    const after = (await api.get(`/v1/tables/${other.id}`)).body;
    expect(after.result?.status).toBe("final");
    expect(new Set(t.seatIdsOf(after))).toEqual(new Set(sheet.scores.map((s) => s.playerId)));
  }, 30_000);
});
