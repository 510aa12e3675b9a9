/**
 * A merge racing a write that its checks read: a disqualification, a staff role or an exclusion
 * of the kept id, committed while the merge is computed.
 *
 * docs/rules.md#people-and-results (one person, two ids): a merge is refused when one person's
 * records cannot hold the two ids: both disqualified from one event (one would be lost and a
 * signed sheet re-placed), staff of an event the other plays in (rule 1.3.2), or excluded from
 * the programme while the other waits in a session that has not started.
 * docs/rules.md#corrections: of two racing changes exactly one wins; the loser changes nothing
 * and answers 409.
 *
 * The interleaving is made deterministic: the merge's batch is paused while the other write is
 * sent over HTTP, then let go.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { OrgClient } from "../helpers/auth";
import { type Pause, pausableFederationTournament } from "../helpers/pausable-database";
import { handSeating, range, type Tournament } from "../helpers/tournament";
import type { JsonClient } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let fed: OrgClient;
let store: OrgClient;
let fedApi: JsonClient;
let api: JsonClient;
let t: Tournament;
let pauseBefore: (p: Pause) => void;
/** P1 is merged into P13: two ids of one person, who played on two different days of the event. */
let day1: { sessionId: string; tables: Json[] };
let day2: { sessionId: string; tables: Json[] };

beforeEach(async () => {
  ({ fed, fedApi, api, t, pauseBefore, store } = await pausableFederationTournament(24));
  const s1 = await t.session("Day 1", "2026-12-05", range(1, 12));
  const s2 = await t.session("Day 2", "2026-12-12", range(13, 24));
  day1 = { sessionId: s1, tables: (await t.seatGame(s1, handSeating(range(1, 12), 1))).tables };
  day2 = { sessionId: s2, tables: (await t.seatGame(s2, handSeating(range(13, 24), 1))).tables };
}, 60_000);

const tableOf = (day: { tables: Json[] }, player: string) =>
  day.tables.find((tb: Json) => t.seatIdsOf(tb).includes(player)).id as string;

/** Merges P1 into P13 with its batch paused while `meanwhile` runs; answers both. */
async function racingMerge(meanwhile: () => Promise<Json>): Promise<[Json, Json]> {
  let other: Json;
  pauseBefore({
    writes: /insert into "player_merges"/,
    interleave: async () => {
      other = await meanwhile();
    },
  });
  const merge = await api.post(`/v1/players/${t.P[1]}/merge`, { intoPlayerId: t.P[13] });
  return [merge, other];
}

describe("a merge racing a write its checks read", () => {
  it("the kept id disqualified from the event the merged id is disqualified from: one of them is refused", async () => {
    const first = await api.post(`/v1/tables/${tableOf(day1, t.P[1]!)}/disqualifications`, {
      playerId: t.P[1],
      reason: "Cheating",
    });
    expect(first.status, first.text).toBe(200);
    const [merge, second] = await racingMerge(() =>
      api.post(`/v1/tables/${tableOf(day2, t.P[13]!)}/disqualifications`, {
        playerId: t.P[13],
        reason: "Cheating",
      }),
    );
    expect(second.status, second.text).toBe(200);
    expect(merge.status, merge.text).toBe(409);
    expect(merge.body.code).toBe("merge_conflict");
  }, 30_000);

  it("the kept id named staff of the event the merged id plays in: the merge is refused", async () => {
    // The same person as P1, created again, not in the event: it may be named staff.
    const again = (await api.post(`/v1/orgs/${store.orgId}/players`, { name: "P1 (again)" })).body.id;
    let staff: Json;
    pauseBefore({
      writes: /insert into "player_merges"/,
      interleave: async () => {
        staff = await api.post(`/v1/events/${t.eventId}/staff`, { playerId: again, role: "referee" });
      },
    });
    const merge = await api.post(`/v1/players/${t.P[1]}/merge`, { intoPlayerId: again });
    expect(staff.status, staff.text).toBe(200);
    expect(merge.status, merge.text).toBe(409);
  }, 30_000);

  it("the merged id excluded while the kept id waits for a session that has not started: the merge is refused", async () => {
    const day3 = (await api.post(`/v1/events/${t.eventId}/sessions`, { name: "Day 3", date: "2026-12-19" }))
      .body.id;
    expect((await api.post(`/v1/sessions/${day3}/players`, { playerIds: [t.P[14]] })).status).toBe(200);
    let exclusion: Json;
    pauseBefore({
      writes: /insert into "player_merges"/,
      interleave: async () => {
        exclusion = await fedApi.post(`/v1/orgs/${fed.orgId}/exclusions`, {
          playerId: t.P[2],
          until: "2099-01-01",
          reason: "Repeated free-resource deals (3.0.14)",
        });
      },
    });
    const merge = await api.post(`/v1/players/${t.P[2]}/merge`, { intoPlayerId: t.P[14] });
    expect(exclusion.status, exclusion.text).toBe(201);
    expect(merge.status, merge.text).toBe(409);
  }, 30_000);
});
