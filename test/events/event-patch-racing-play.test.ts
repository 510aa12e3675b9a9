/**
 * An event's ruleset or edition changed (PATCH /v1/events/{id}) while play starts.
 *
 * docs/rules.md#edition-and-language: the edition cannot change once a game of the event is
 * seated (rule 1.1.2: every game with the same edition). docs/rules.md#legacy and
 * docs/rules.md#corrections: the ruleset decides how every sheet is ranked (the fictitious 4th
 * score, the 2nd/3rd-place tiebreak, the game count), so once a result is submitted it cannot
 * change (409 `ruleset_locked`): a final result changes only through an audited correction.
 * Of two racing changes exactly one wins.
 *
 * The PATCH reads "nothing seated / no result yet", then writes. A seating or a sheet committed
 * in between must make it fail (409) whole, never let it re-rank (or re-edition) games already
 * under way.
 *
 * The interleaving is made deterministic: the PATCH's write batch is paused while the other
 * request runs over HTTP, then let go.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { type Pause, pausableTournament } from "../helpers/pausable-database";
import { range, type Tournament } from "../helpers/tournament";
import type { JsonClient } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let api: JsonClient;
let t: Tournament;
let sessionId: string;
let pauseBefore: (p: Pause) => void;

beforeEach(async () => {
  ({ api, t, pauseBefore } = await pausableTournament("Event patch race store", 13));
  const edition = await api.patch(`/v1/events/${t.eventId}`, { edition: "6th edition" });
  expect(edition.status, edition.text).toBe(200);
  sessionId = await t.session("Day 1", "2026-12-05", range(1, 13));
}, 60_000);

describe("PATCH of an event racing the start of play", () => {
  it("the ruleset is not changed by a PATCH committed after the first result", async () => {
    // 13 players cannot sit 4+4+3+2: seat them 4+3+3+3.
    const round = await t.seatGame(sessionId, [
      [1, 2, 3, 4],
      [5, 6, 7],
      [8, 9, 10],
      [11, 12, 13],
    ]);
    const threeTable = round.tables[1];
    let sheet: Json;
    pauseBefore({
      writes: /update "events" set "ruleset"/,
      interleave: async () => {
        sheet = await api.put(`/v1/tables/${threeTable.id}/result`, t.strengthSheet(t.seatIdsOf(threeTable)));
      },
    });
    const patch = await api.patch(`/v1/events/${t.eventId}`, { ruleset: "legacy" });

    expect(sheet.status, sheet.text).toBe(200);
    expect(patch.status, patch.text).toBe(409);
    expect(patch.body.code).toBe("ruleset_locked");
    expect((await api.get(`/v1/events/${t.eventId}`)).body.ruleset).toBe("2026");
  }, 30_000);

  it("the edition is not changed by a PATCH committed after the first game is seated", async () => {
    let seating: Json;
    pauseBefore({
      writes: /update "events" set "edition"/,
      interleave: async () => {
        seating = await api.post(`/v1/sessions/${sessionId}/rounds`, {
          tables: [
            [1, 2, 3, 4],
            [5, 6, 7],
            [8, 9, 10],
            [11, 12, 13],
          ].map((tb) => tb.map((n) => t.P[n])),
        });
      },
    });
    const patch = await api.patch(`/v1/events/${t.eventId}`, { edition: "5th edition" });

    expect(seating.status, seating.text).toBe(201);
    expect(patch.status, patch.text).toBe(409);
    expect(patch.body.code).toBe("edition_locked");
    expect((await api.get(`/v1/events/${t.eventId}`)).body.edition).toBe("6th edition");
  }, 30_000);
});
