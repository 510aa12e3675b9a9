/**
 * A merge that changes a qualifier's lot after the playoffs were seated from it.
 *
 * docs/rules.md#lots: lots are the last tiebreak; a player's lot is SHA-256("<lotSeed>:<playerId>"),
 * so it depends on the player's id. docs/rules.md#people-and-results: a merge moves every record
 * to the kept id, and is refused when one person's records cannot hold the two ids, e.g. both in
 * an event whose playoffs are seated (the structure the playoffs were seated from would change).
 * docs/rules.md#corrections: once a later phase is seated, the results it was seated from are
 * locked; a change never leaves the event inconsistent.
 *
 * Here 12 players (final-only: the top 4 play the final) leave P4 and P5 tied on every criterion
 * of rule 1.4.2 at ranks 4 and 5: lots decide, and the final is seated with the lot winner. That
 * player is then merged into their other id (not in the event), whose lot is worse: the merge is
 * refused (409 `merge_moves_lots`), since the qualification would then rank 5th and not qualified
 * a player the final seats. Merged the other way, the finalist keeps their lot, and the merge
 * goes through.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events } from "../../src/db/schema";
import { createOrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { range, type Tournament, tournament } from "../helpers/tournament";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

const lotIn = (lotSeed: string, id: string) =>
  createHash("sha256").update(`${lotSeed}:${id}`).digest("hex").slice(0, 16);

let api: JsonClient;
let orgId: string;
let t: Tournament;
let final: Json;

/**
 * Three games of three tables, each table listed by place (10, 8, 6, 4 VP). P1–P3 win twice,
 * P4 and P5 once with the same placements (1st, 2nd, 2nd), P6 once with less; P7–P12 never win.
 */
const games = [
  [
    [1, 4, 6, 10],
    [2, 5, 12, 8],
    [3, 7, 11, 9],
  ],
  [
    [1, 5, 7, 3],
    [2, 8, 10, 6],
    [4, 9, 11, 12],
  ],
  [
    [3, 1, 2, 7],
    [5, 4, 8, 12],
    [6, 10, 9, 11],
  ],
];

beforeAll(async () => {
  const { app, db } = await createTestApp();
  const store = await createOrgClient(app, db, { name: "Lots store" });
  orgId = store.orgId;
  api = jsonRequest(app, store.auth);
  t = await tournament(api, orgId, 12);
  // A seed giving P4 and P5 lots in the lower half, so that a new id with a worse lot than
  // both comes within a few tries: with a random seed, the worse of two lots can be so near
  // the top that no id in fifty beats it.
  let lotSeed = "";
  for (let i = 0; !lotSeed || [t.P[4]!, t.P[5]!].some((id) => lotIn(lotSeed, id) >= "8"); i++)
    lotSeed = `lots-${i}`;
  await db.update(events).set({ lotSeed }).where(eq(events.id, t.eventId));
  const sessionId = await t.session("Day 1", "2026-12-05", range(1, 12));
  for (const game of games) {
    const round = await t.seatGame(sessionId, game);
    await t.play(round.tables, (seatIds) => ({
      scores: seatIds.map((playerId, i) => ({ playerId, vp: [10, 8, 6, 4][i]! })),
      winnerId: seatIds[0]!,
      signed: true,
    }));
  }
  final = await t.seat("final");
}, 60_000);

describe("merging a finalist whose place in the qualification was decided by lots", () => {
  it("does not leave the final seating a player the qualification no longer qualifies", async () => {
    const q = await t.qualification();
    const fourth = q.rows[3];
    const fifth = q.rows[4];
    expect(new Set([fourth.player.id, fifth.player.id])).toEqual(new Set([t.P[4], t.P[5]]));
    expect(fourth.decidedBy).toBe("lots");
    const finalists: string[] = final.tables.flatMap((tb: Json) => t.seatIdsOf(tb));
    expect(finalists).toContain(fourth.player.id);

    // The same person as the 4th, created a second time, with a lot worse than the 5th's.
    const lotSeed: string = (await api.get(`/v1/events/${t.eventId}`)).body.lotSeed;
    const lot = (id: string) => lotIn(lotSeed, id);
    let other = "";
    for (let i = 0; i < 50 && !(other && lot(other) > lot(fifth.player.id)); i++) {
      other = (await api.post(`/v1/orgs/${orgId}/players`, { name: `${fourth.player.name} (${i})` })).body.id;
    }
    expect(lot(other) > lot(fifth.player.id)).toBe(true);

    const merge = await api.post(`/v1/players/${fourth.player.id}/merge`, { intoPlayerId: other });
    expect(merge.status, merge.text).toBe(409);
    expect(merge.body.code).toBe("merge_moves_lots");
    expect((await t.qualification()).rows.map((r: Json) => r.player.id)).toEqual(
      q.rows.map((r: Json) => r.player.id),
    );

    // The other way, the finalist's id and lot are kept.
    const kept = await api.post(`/v1/players/${other}/merge`, { intoPlayerId: fourth.player.id });
    expect(kept.status, kept.text).toBe(200);
    const after = await t.qualification();
    const qualified = after.rows.filter((r: Json) => r.qualified).map((r: Json) => r.player.id);
    const seated: string[] = (await api.get(`/v1/rounds/${final.id}`)).body.tables.flatMap((tb: Json) =>
      t.seatIdsOf(tb),
    );
    expect(new Set(qualified)).toEqual(new Set(seated));
  }, 60_000);
});
