/**
 * A request that lost a race wrote nothing and says to send it again (409 `ranking_inputs_changed`):
 * sent again with the same Idempotency-Key, as a client retrying safely does, it must run again
 * rather than replay the stored 409 for a day.
 */
import { describe, expect, it } from "vitest";
import { pausableFederationTournament, pausableTournament } from "../helpers/pausable-database";
import { handSeating, range } from "../helpers/tournament";

describe("an Idempotency-Key whose first request lost a race", () => {
  it("runs again on the retry instead of replaying the 409", async () => {
    const { api, t, pauseBefore } = await pausableTournament("Idempotent retry store", 12);
    const sessionId = await t.session("Day 1", "2026-12-05", range(1, 12));
    const game1 = await t.seatGame(sessionId, handSeating(range(1, 12), 1));
    await t.play(game1.tables);
    await t.seatGame(sessionId, handSeating(range(1, 12), 2));
    const key = { "idempotency-key": "drop-p1-after-game-1" };
    const drop = { playerId: t.P[1], afterGame: 1 };

    // Another player's drop commits while this one is computed: this one loses and writes nothing.
    pauseBefore({
      writes: /update "registrations" set "dropped_after_game"/,
      interleave: async () => {
        const other = await api.post(`/v1/sessions/${sessionId}/drops`, { playerId: t.P[6], afterGame: 1 });
        expect(other.status, other.text).toBe(201);
      },
    });
    const lost = await api.post(`/v1/sessions/${sessionId}/drops`, drop, key);
    expect(lost.status, lost.text).toBe(409);
    expect(lost.body.code).toBe("ranking_inputs_changed");

    const retry = await api.post(`/v1/sessions/${sessionId}/drops`, drop, key);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    expect(retry.status, retry.text).toBe(201);
    // Now it is the answer stored for the key.
    const replay = await api.post(`/v1/sessions/${sessionId}/drops`, drop, key);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.status).toBe(201);
  }, 60_000);

  it("runs a registration again whose first run lost to an exclusion, and answers with the rule", async () => {
    const { fed, fedApi, api, t, pauseBefore } = await pausableFederationTournament(13);
    const day1 = (await api.post(`/v1/events/${t.eventId}/sessions`, { name: "Day 1", date: "2026-12-12" }))
      .body.id;
    const key = { "idempotency-key": "register-p1-p2" };
    const body = { playerIds: [t.P[1], t.P[2]] };

    // The exclusion of P1 commits while the registration is checked: it wrote nothing.
    pauseBefore({
      writes: /insert into "registrations"/,
      interleave: async () => {
        const exclusion = await fedApi.post(`/v1/orgs/${fed.orgId}/exclusions`, {
          playerId: t.P[1],
          until: "2099-01-01",
          reason: "Repeated free-resource deals (3.0.14)",
        });
        expect(exclusion.status, exclusion.text).toBe(201);
      },
    });
    const lost = await api.post(`/v1/sessions/${day1}/players`, body, key);
    expect(lost.status, lost.text).toBe(409);

    // Sent again as it says, it runs again and meets the exclusion.
    const retry = await api.post(`/v1/sessions/${day1}/players`, body, key);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    expect(retry.status, retry.text).toBe(422);
    expect(retry.body.code).toBe("excluded_from_programme");
  }, 60_000);

  it("runs a merge again whose first run met a registration made meanwhile", async () => {
    const { api, store, t, pauseBefore } = await pausableTournament("Idempotent merge store", 12);
    const sessionId = await t.session("Day 1", "2026-12-05", range(1, 12));
    const twin = (await api.post(`/v1/orgs/${store.orgId}/players`, { name: "P1" })).body.id;
    const key = { "idempotency-key": "merge-twin-into-p1" };
    const merge = () => api.post(`/v1/players/${twin}/merge`, { intoPlayerId: t.P[1] }, key);

    // The twin is registered in P1's session while the merge is checked: the merge wrote nothing.
    pauseBefore({
      writes: /insert into "player_merges"/,
      interleave: async () => {
        const registered = await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: [twin] });
        expect(registered.status, registered.text).toBe(200);
      },
    });
    const lost = await merge();
    expect(lost.status, lost.text).toBe(409);
    expect(lost.body.code).toBe("merge_conflict");

    // Sent again as it says, it runs again: two players of one session are two people.
    const retry = await merge();
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    expect(retry.status, retry.text).toBe(409);
    expect(retry.body.code).toBe("players_met");
  }, 60_000);

  it("runs a sheet again whose first run named a stale If-Match, once it names the current one", async () => {
    const { api, t } = await pausableTournament("Idempotent If-Match store", 12);
    const sessionId = await t.session("Day 1", "2026-12-05", range(1, 12));
    const table = (await t.seatGame(sessionId, handSeating(range(1, 12), 1))).tables[0];
    const seated: string[] = t.seatIdsOf(table);
    const sheet = (vps: number[]) => ({
      scores: seated.map((playerId, i) => ({ playerId, vp: vps[i] })),
      winnerId: seated[0],
    });
    expect((await api.put(`/v1/tables/${table.id}/result`, sheet([10, 7, 5, 3]))).status).toBe(200);
    const edited = await api.put(`/v1/tables/${table.id}/result`, sheet([10, 8, 5, 3]), {
      "if-match": '"1"',
    });
    expect(edited.status, edited.text).toBe(200);

    // A phone that read version 1 sends its own correction: 412, nothing written.
    const key = { "idempotency-key": "sheet-table-1-from-phone" };
    const stale = await api.put(`/v1/tables/${table.id}/result`, sheet([10, 6, 5, 3]), {
      ...key,
      "if-match": '"1"',
    });
    expect(stale.status, stale.text).toBe(412);
    // Re-read, as the 412 says, and sent again with the key and the current version: it runs.
    const retry = await api.put(`/v1/tables/${table.id}/result`, sheet([10, 6, 5, 3]), {
      ...key,
      "if-match": '"2"',
    });
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body.result.version).toBe(3);
  }, 60_000);
});
