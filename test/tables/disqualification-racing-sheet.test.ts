/**
 * A disqualification recorded at a table while its signed sheet is being written.
 *
 * docs/rules.md#disqualification: a disqualification may be recorded before the sheet is signed;
 * the player is then placed after every other seat at that table, and "the table view
 * (`seats[].disqualified` is true only where it was recorded) and the standings always agree".
 * When the two requests race, either the sheet is refused and sent again, or it is stored as the
 * table scores with the disqualification: it must never be stored with placements computed
 * without it while the standings place the player last.
 *
 * The interleaving is made deterministic: the sheet's write batch is paused while the
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
let sessionId: string;
let table: Json;
let pauseBefore: (p: Pause) => void;

beforeEach(async () => {
  ({ api, t, pauseBefore } = await pausableTournament("DQ race store", 12));
  sessionId = await t.session("Day 1", "2026-12-05", range(1, 12));
  const game1 = await t.seatGame(sessionId, handSeating(range(1, 12), 1));
  table = game1.tables[0]; // P1 P2 P3 P4
  await t.play(game1.tables.slice(1));
}, 60_000);

describe("a disqualification racing the signed sheet of its table", () => {
  it("the table view and the standings agree on where the disqualified player is placed", async () => {
    const [p1, p2, p3, p4] = [t.P[1]!, t.P[2]!, t.P[3]!, t.P[4]!];
    let dq: Json;
    pauseBefore({
      writes: /insert into "result_revisions"/,
      interleave: async () => {
        dq = await api.post(`/v1/tables/${table.id}/disqualifications`, {
          playerId: p1,
          reason: "Intentionally bending the rules to win",
        });
      },
    });
    const sheet = await api.put(`/v1/tables/${table.id}/result`, {
      scores: [
        { playerId: p1, vp: 9 },
        { playerId: p2, vp: 10 },
        { playerId: p3, vp: 8 },
        { playerId: p4, vp: 6 },
      ],
      winnerId: p2,
      signed: true,
    });
    expect(dq.status, dq.text).toBe(200);
    if (sheet.status !== 200) {
      // Refused as a concurrent change (409): the referee sends it again.
      expect(sheet.status, sheet.text).toBe(409);
      return;
    }

    const view = (await api.get(`/v1/tables/${table.id}`)).body;
    const placement = Object.fromEntries(view.seats.map((s: Json) => [s.player.id, s.placement]));
    expect(view.seats.find((s: Json) => s.player.id === p1).disqualified).toBe(true);
    // Placed after every other seat: P2 1st, P3 2nd, P4 3rd, P1 last.
    expect(placement).toEqual({ [p2]: 1, [p3]: 2, [p4]: 3, [p1]: 4 });

    // The standings count P3's 2nd place at this table, as the view shows it.
    const standings = (await api.get(`/v1/sessions/${sessionId}/standings`)).body;
    const p3Row = standings.rows.find((r: Json) => r.player.id === p3);
    expect(p3Row.seconds).toBe(1);
  }, 30_000);
});
