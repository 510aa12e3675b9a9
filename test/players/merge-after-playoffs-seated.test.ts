/**
 * A player merge that changes N (rule 1.2.2) after the semifinals were seated from it.
 *
 * docs/rules.md#structure: registrations decide N, so once the semifinals or the final are seated,
 * registering or withdrawing a player is refused (409 `registration_closed`).
 * docs/rules.md#corrections: nothing may leave the event inconsistent once a later phase is
 * seated from the rankings. Two ids of one person who played two different sessions count twice
 * in N; merging them after the semifinals are seated takes N from 29 to 28, which makes the event
 * a final-only one (top 4) while 16 semifinalists are already seated. The merge must be refused
 * (or leave the structure the playoffs were seated under), never re-shape the event under them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createOrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { range, type Tournament, tournament } from "../helpers/tournament";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let api: JsonClient;
let t: Tournament;
let semis: Json;

/** 13 players at tables of 4, 3, 3, 3 (rule 1.1.7), a different order each game. */
function seating13(players: number[], game: number): number[][] {
  const order =
    game === 1
      ? players
      : game === 2
        ? [...players].sort((a, b) => (a % 3) - (b % 3) || a - b)
        : [...players].reverse();
  return [order.slice(0, 4), order.slice(4, 7), order.slice(7, 10), order.slice(10, 13)];
}

beforeAll(async () => {
  const { app, db } = await createTestApp();
  const store = await createOrgClient(app, db, { name: "Merge N store" });
  api = jsonRequest(app, store.auth);
  t = await tournament(api, store.orgId, 29);
  const s1 = await t.session("Store day 1", "2026-12-05", range(1, 16));
  const s2 = await t.session("Store day 2", "2026-12-12", range(17, 29));
  await t.playPrelims(s1, range(1, 16));
  for (let game = 1; game <= 3; game++) {
    const round = await t.seatGame(s2, seating13(range(17, 29), game));
    await t.play(round.tables);
  }
  const q = await t.qualification();
  expect(q).toMatchObject({ uniqueParticipants: 29, structure: "semifinals", qualifierCount: 16 });
  semis = await t.seat("semifinals");
}, 120_000);

describe("a merge that changes N after the semifinals are seated", () => {
  it("is refused, or leaves the semifinal structure and its 16 qualifiers as seated", async () => {
    const seated = new Set<string>(semis.tables.flatMap((tb: Json) => t.seatIdsOf(tb)));
    // Two ids that never met, neither in the semifinals: one of day 1, one of day 2.
    const merged = range(17, 29)
      .map((n) => t.P[n]!)
      .find((id) => !seated.has(id))!;
    const into = range(1, 16)
      .map((n) => t.P[n]!)
      .find((id) => !seated.has(id))!;

    const merge = await api.post(`/v1/players/${merged}/merge`, { intoPlayerId: into });

    if (merge.status === 200) {
      const q = await t.qualification();
      expect({ structure: q.structure, qualifierCount: q.qualifierCount }).toEqual({
        structure: "semifinals",
        qualifierCount: 16,
      });
      const qualified = new Set(q.rows.filter((r: Json) => r.qualified).map((r: Json) => r.player.id));
      expect(qualified).toEqual(seated);
    } else {
      expect(merge.status, merge.text).toBe(409);
      expect(merge.headers.get("content-type")).toContain("application/problem+json");
      expect((await t.qualification()).uniqueParticipants).toBe(29);
    }
  }, 60_000);

  it("the final is still played by the 4 semifinal winners (rule 1.1.10)", async () => {
    await t.play(semis.tables);
    const winners = new Set(semis.tables.map((tb: Json) => t.strengthSheet(t.seatIdsOf(tb)).winnerId));
    const res = await api.post(`/v1/events/${t.eventId}/final`);
    expect(res.status, res.text).toBe(201);
    expect(new Set(t.seatIdsOf(res.body.tables[0]))).toEqual(winners);
  }, 60_000);
});
