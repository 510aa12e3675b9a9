/**
 * A registration racing a disqualification or a programme exclusion of the same player.
 *
 * docs/rules.md#disqualification: a disqualified player is excluded from later seating, and
 * registering them in the event is refused (rule 1.3.6). docs/rules.md#sanctions: an exclusion
 * takes effect at once: the player is withdrawn from every registration of the tree whose games
 * have not started, and while it runs registering them is refused (422 `excluded_from_programme`).
 * docs/rules.md#corrections: of two racing changes exactly one wins.
 *
 * The registration reads "not disqualified, not excluded", then writes; the sanction reads the
 * player's registrations, then writes. Whichever commits second must be refused (or take the
 * other into account); both committing leaves a sanctioned player registered to play.
 *
 * The interleaving is made deterministic: the registration's write batch is paused while the
 * sanction is recorded over HTTP, then let go.
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
let pauseBefore: (p: Pause) => void;

beforeEach(async () => {
  ({ fed, fedApi, api, t, pauseBefore } = await pausableFederationTournament(13));
}, 60_000);

const roster = async (sessionId: string): Promise<string[]> =>
  (await api.get(`/v1/sessions/${sessionId}/players`)).body.data.map((r: Json) => r.player.id);

describe("a registration racing a sanction of the player", () => {
  it("a disqualification in another session of the event: the registration is refused", async () => {
    const day1 = await t.session("Day 1", "2026-12-05", range(1, 12));
    const game1 = await t.seatGame(day1, handSeating(range(1, 12), 1));
    const day2 = (await api.post(`/v1/events/${t.eventId}/sessions`, { name: "Day 2", date: "2026-12-12" }))
      .body.id;
    let dq: Json;
    pauseBefore({
      writes: /insert into "registrations"/,
      interleave: async () => {
        dq = await api.post(`/v1/tables/${game1.tables[0].id}/disqualifications`, {
          playerId: t.P[1],
          reason: "Cheating",
        });
      },
    });
    const registration = await api.post(`/v1/sessions/${day2}/players`, { playerIds: [t.P[1], t.P[13]] });

    expect(dq.status, dq.text).toBe(200);
    expect(registration.status, registration.text).toBeGreaterThanOrEqual(400);
    expect(await roster(day2)).not.toContain(t.P[1]);
  }, 30_000);

  it("a programme exclusion: the excluded player is not left registered in a session that has not started", async () => {
    const day1 = (await api.post(`/v1/events/${t.eventId}/sessions`, { name: "Day 1", date: "2026-12-12" }))
      .body.id;
    let exclusion: Json;
    pauseBefore({
      writes: /insert into "registrations"/,
      interleave: async () => {
        exclusion = await fedApi.post(`/v1/orgs/${fed.orgId}/exclusions`, {
          playerId: t.P[1],
          until: "2099-01-01",
          reason: "Repeated free-resource deals (3.0.14)",
        });
      },
    });
    const registration = await api.post(`/v1/sessions/${day1}/players`, { playerIds: [t.P[1], t.P[2]] });

    expect(exclusion.status, exclusion.text).toBe(201);
    expect(registration.status, registration.text).toBeGreaterThanOrEqual(400);
    expect(await roster(day1)).not.toContain(t.P[1]);
  }, 30_000);

  it("a programme exclusion begun before the registration read, committed first: the registration is refused", async () => {
    const day1 = (await api.post(`/v1/events/${t.eventId}/sessions`, { name: "Day 1", date: "2026-12-12" }))
      .body.id;
    const [exclusion, registration] = await commitInTurn(
      pauseBefore,
      {
        writes: /insert into "programme_exclusions"/,
        send: () =>
          fedApi.post(`/v1/orgs/${fed.orgId}/exclusions`, {
            playerId: t.P[1],
            until: "2099-01-01",
            reason: "Repeated free-resource deals (3.0.14)",
          }),
      },
      {
        writes: /insert into "registrations"/,
        send: () => api.post(`/v1/sessions/${day1}/players`, { playerIds: [t.P[1], t.P[2]] }),
      },
    );

    expect(exclusion.status, exclusion.text).toBe(201);
    expect(registration.status, registration.text).toBeGreaterThanOrEqual(400);
    expect(await roster(day1)).not.toContain(t.P[1]);
  }, 30_000);

  it("a registration committed while a programme exclusion is computed: the player is not left registered", async () => {
    const day1 = (await api.post(`/v1/events/${t.eventId}/sessions`, { name: "Day 1", date: "2026-12-12" }))
      .body.id;
    let registration: Json;
    pauseBefore({
      writes: /insert into "programme_exclusions"/,
      interleave: async () => {
        registration = await api.post(`/v1/sessions/${day1}/players`, { playerIds: [t.P[1], t.P[2]] });
      },
    });
    const exclusion = await fedApi.post(`/v1/orgs/${fed.orgId}/exclusions`, {
      playerId: t.P[1],
      until: "2099-01-01",
      reason: "Repeated free-resource deals (3.0.14)",
    });

    expect(registration.status, registration.text).toBe(200);
    // Whichever answer the exclusion gets, an excluded player is not left registered.
    if (exclusion.status === 201) expect(await roster(day1)).not.toContain(t.P[1]);
    else expect(exclusion.body.code, exclusion.text).toBe("ranking_inputs_changed");
  }, 30_000);
});
