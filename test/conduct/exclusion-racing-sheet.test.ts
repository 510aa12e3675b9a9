/**
 * A first result sheet racing a programme exclusion of a player seated at its table.
 *
 * docs/rules.md#sanctions: an exclusion takes effect at once. A seated game that cannot be
 * re-seated (here: another table of the game already has its result) keeps its seating, and a
 * first sheet that scores the excluded player at such a table is refused (422 `player_excluded`):
 * the referee disqualifies them there (placed last) or the game is removed and seated again.
 * docs/rules.md#corrections: a change computed from the event as read commits only if nothing of
 * it changed meanwhile (a sheet commits only with its players' disqualifications as read, and an
 * exclusion restricts who a sheet may score just as a disqualification does).
 *
 * The sheet reads the table (nobody excluded), then writes. An exclusion committed in between
 * must make the sheet fail (409, to be sent again and refused as above), never let it score the
 * excluded player as if the exclusion had not been recorded.
 *
 * The interleaving is made deterministic: the sheet's write batch is paused while the exclusion
 * is recorded over HTTP, then let go.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { OrgClient } from "../helpers/auth";
import { commitInTurn, type Pause, pausableFederationTournament } from "../helpers/pausable-database";
import { handSeating, range, type Tournament } from "../helpers/tournament";
import type { JsonClient } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let fed: OrgClient;
let fedApi: JsonClient;
let api: JsonClient;
let t: Tournament;
let game1: Json;
let pauseBefore: (p: Pause) => void;

beforeEach(async () => {
  ({ fed, fedApi, api, t, pauseBefore } = await pausableFederationTournament(12));
  const sessionId = await t.session("Day 1", "2026-12-05", range(1, 12));
  game1 = await t.seatGame(sessionId, handSeating(range(1, 12), 1));
  // Table 1 of game 1 is final: the game is in play and cannot be re-seated.
  await t.play([game1.tables[0]]);
}, 60_000);

describe("a first sheet racing an exclusion of one of its players", () => {
  it("does not score the player excluded before the sheet committed", async () => {
    const table = game1.tables[1];
    const excluded = t.seatIdsOf(table)[0]!;
    const sheet = t.strengthSheet(t.seatIdsOf(table));

    let exclusion: Json;
    pauseBefore({
      writes: /insert into "result_revisions"/,
      interleave: async () => {
        exclusion = await fedApi.post(`/v1/orgs/${fed.orgId}/exclusions`, {
          playerId: excluded,
          until: "2099-01-01",
          reason: "Serious breach of the code of conduct",
        });
      },
    });
    const signed = await api.put(`/v1/tables/${table.id}/result`, sheet);

    expect(exclusion.status, exclusion.text).toBe(201);
    // The game was in play: the exclusion kept the table seated, for the rule above to apply.
    expect(exclusion.body.effects.sessions[0].stillSeatedAt).toEqual([table.id]);
    // The sheet was computed before the exclusion and commits after it: refused, nothing recorded.
    expect(signed.status, signed.text).toBe(409);
    const after = (await api.get(`/v1/tables/${table.id}`)).body;
    expect(after.result).toBeNull();
    // Sent again, it is the 422 of the rule.
    const again = await api.put(`/v1/tables/${table.id}/result`, sheet);
    expect(again.status, again.text).toBe(422);
    expect(again.body.code).toBe("player_excluded");
  }, 30_000);

  it("does not score a player whose exclusion began before the sheet read the table and committed first", async () => {
    const table = game1.tables[1];
    const excluded = t.seatIdsOf(table)[0]!;
    const sheet = t.strengthSheet(t.seatIdsOf(table));

    // The exclusion has read what it acts on and is about to commit when the sheet reads the
    // table; the exclusion commits, then the sheet.
    const [exclusion, signed] = await commitInTurn(
      pauseBefore,
      {
        writes: /insert into "programme_exclusions"/,
        send: () =>
          fedApi.post(`/v1/orgs/${fed.orgId}/exclusions`, {
            playerId: excluded,
            until: "2099-01-01",
            reason: "Serious breach of the code of conduct",
          }),
      },
      {
        writes: /insert into "result_revisions"/,
        send: () => api.put(`/v1/tables/${table.id}/result`, sheet),
      },
    );

    expect(exclusion.status, exclusion.text).toBe(201);
    expect(signed.status, signed.text).toBe(409);
    expect((await api.get(`/v1/tables/${table.id}`)).body.result).toBeNull();
  }, 30_000);
});
