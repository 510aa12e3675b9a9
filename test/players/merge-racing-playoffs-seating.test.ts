/**
 * A merge racing the seating of the semifinals.
 *
 * docs/rules.md#structure: registrations decide N (rule 1.2.2), so once the semifinals are
 * seated, a change of the event's unique participants is refused. docs/rules.md#people-and-results:
 * a merge of two ids that both took part in an event whose playoffs are seated is refused
 * (409 `registration_closed`). docs/rules.md#corrections: of two racing changes exactly one
 * wins; neither leaves the event inconsistent.
 *
 * Here the merge reads the event before its semifinals are seated and commits after: merging two
 * ids of day 1 and day 2 takes N from 32 to 31, under semifinals seated from 32.
 * The interleaving is made deterministic: the merge's batch is paused while the semifinals are
 * seated over HTTP, then let go.
 */
import { describe, expect, it } from "vitest";
import { pausableTournament } from "../helpers/pausable-database";
import { range } from "../helpers/tournament";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

describe("a merge racing the seating of the semifinals", () => {
  it("is refused, or the semifinals are: N stays the one they were seated from", async () => {
    const { api, t, pauseBefore } = await pausableTournament("Merge racing semis store", 32);
    const s1 = await t.session("Store day 1", "2026-12-05", range(1, 16));
    const s2 = await t.session("Store day 2", "2026-12-12", range(17, 32));
    await t.playPrelims(s1, range(1, 16));
    await t.playPrelims(s2, range(17, 32));
    expect(await t.qualification()).toMatchObject({ uniqueParticipants: 32, structure: "semifinals" });
    // Two ids that never met: the last of day 2 into the last of day 1.
    let semis: Json;
    pauseBefore({
      writes: /insert into "player_merges"/,
      interleave: async () => {
        semis = await api.post(`/v1/events/${t.eventId}/semifinals`);
      },
    });
    const send = () => api.post(`/v1/players/${t.P[32]}/merge`, { intoPlayerId: t.P[16] });
    const merge = await send();

    const q = await t.qualification();
    if (semis.status === 201) {
      expect(merge.status, merge.text).toBe(409);
      expect(merge.body.code).toBe("merge_conflict");
      expect(q).toMatchObject({ uniqueParticipants: 32, structure: "semifinals", qualifierCount: 16 });
      // Sent again, it meets the rule: both ids took part in an event whose playoffs are seated.
      expect((await send()).body.code).toBe("registration_closed");
    } else {
      expect(merge.status, merge.text).toBe(200);
      expect(semis.status, semis.text).toBe(409);
    }
  }, 120_000);
});
