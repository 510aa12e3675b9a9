/**
 * A programme exclusion recorded while the semifinals are being seated from the qualification.
 *
 * docs/rules.md#sanctions: a qualifier excluded when the semifinals are seated is passed over and
 * the next player in the qualification takes the seat. docs/rules.md#corrections: a playoff
 * seating commits only if nothing it was computed from changed since it read the rankings (of
 * two racing changes exactly one wins). The seating reads who is excluded with the rankings; an
 * exclusion committed in between must make the seating fail (409) or be honoured, never leave an
 * excluded player seated in the semifinals.
 *
 * The interleaving is made deterministic: the seating's write batch is paused while the exclusion
 * is recorded over HTTP, then let go.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { OrgClient } from "../helpers/auth";
import { type Pause, pausableFederationTournament } from "../helpers/pausable-database";
import { range, type Tournament } from "../helpers/tournament";
import type { JsonClient } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let fed: OrgClient;
let fedApi: JsonClient;
let api: JsonClient;
let t: Tournament;
let pauseBefore: (p: Pause) => void;

beforeEach(async () => {
  ({ fed, fedApi, api, t, pauseBefore } = await pausableFederationTournament(32));
  const s = await t.session("Day 1", "2026-12-05", range(1, 32));
  await t.playPrelims(s, range(1, 32));
}, 120_000);

describe("an exclusion racing the seating of the semifinals", () => {
  it("never leaves the excluded qualifier seated in the semifinals", async () => {
    const q = await t.qualification();
    const top = q.rows[0].player.id;

    let exclusion: Json;
    pauseBefore({
      writes: /insert into "rounds"/,
      interleave: async () => {
        exclusion = await fedApi.post(`/v1/orgs/${fed.orgId}/exclusions`, {
          playerId: top,
          until: "2099-01-01",
          reason: "Serious breach of the code of conduct",
        });
      },
    });
    const seating = await api.post(`/v1/events/${t.eventId}/semifinals`);

    expect(exclusion.status, exclusion.text).toBe(201);
    if (seating.status === 201) {
      const seated = seating.body.tables.flatMap((tb: Json) => t.seatIdsOf(tb));
      expect(seated).not.toContain(top);
    } else {
      expect(seating.status, seating.text).toBe(409);
      const again = await api.post(`/v1/events/${t.eventId}/semifinals`);
      expect(again.status, again.text).toBe(201);
      expect(again.body.tables.flatMap((tb: Json) => t.seatIdsOf(tb))).not.toContain(top);
    }
  }, 60_000);
});
