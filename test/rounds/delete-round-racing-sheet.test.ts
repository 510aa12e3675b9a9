/**
 * Removing a round (DELETE /v1/rounds/{id}) while a sheet of one of its tables is being signed.
 *
 * docs/rules.md#prelim-schedule: a round is removed only while none of its tables has a result.
 * docs/rules.md#corrections: a final result changes only through an organiser's correction with
 * a reason, in the audit trail, never silently. The removal reads the round, checks it has no
 * result, then deletes it; a sheet committed in between must make the removal fail (409), never
 * be deleted with the round (the tables' results go with them), leaving a signed game that
 * no longer exists and no audit entry for the result it removed.
 *
 * The interleaving is made deterministic: the removal's write batch is paused while the sheet is
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
let pauseBefore: (p: Pause) => void;

beforeEach(async () => {
  ({ api, t, pauseBefore } = await pausableTournament("Round removal race store", 12));
  sessionId = await t.session("Day 1", "2026-12-05", range(1, 12));
}, 60_000);

describe("removing a round racing a sheet of one of its tables", () => {
  it("the sheet commits first: the removal is refused (409) and the signed result stays", async () => {
    const game1 = await t.seatGame(sessionId, handSeating(range(1, 12), 1));
    const table = game1.tables[0];

    let signed: Json;
    pauseBefore({
      writes: /delete from "rounds"/,
      interleave: async () => {
        signed = await api.put(`/v1/tables/${table.id}/result`, t.strengthSheet(t.seatIdsOf(table)));
      },
    });
    const removal = await api.delete(`/v1/rounds/${game1.id}`);

    expect(signed.status, signed.text).toBe(200);
    expect(signed.body.result.status).toBe("final");
    expect(removal.status, removal.text).toBe(409);
    const after = await api.get(`/v1/tables/${table.id}`);
    expect(after.status, after.text).toBe(200);
    expect(after.body.result).toMatchObject({ status: "final", version: 1 });
  }, 30_000);
});
