/**
 * The drops property, through the HTTP API rather than the domain alone: after any sequence of
 * drops (`POST /v1/sessions/{id}/drops`), every later game seats each remaining player exactly
 * once at tables of 3 and 4 (rule 1.1.7); a drop those sizes cannot seat is refused with 422
 * and changes nothing.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { createPlayers, type JsonClient, jsonRequest } from "../helpers/workflow";

type Round = { number: number; tables: { seats: { player: { id: string } }[] }[] };

let api: JsonClient;
let orgId: string;
let pool: string[];

beforeAll(async () => {
  const { app, db } = await createTestApp();
  const org = await createOrgClient(app, db, { name: "Drop store" });
  orgId = org.orgId;
  api = jsonRequest(app, org.auth);
  pool = await createPlayers(api, orgId, 16);
});

const seatingOf = async (sessionId: string): Promise<Round[]> =>
  (await api.get(`/v1/sessions/${sessionId}/rounds`)).body.data;

describe("drops through the API (property)", () => {
  it("after any sequence of drops, every later game seats each remaining player once at tables of 3–4", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 6, max: 16 }),
        fc.array(fc.record({ pick: fc.nat(), afterGame: fc.integer({ min: 0, max: 2 }) }), {
          minLength: 1,
          maxLength: 5,
        }),
        async (n, drops) => {
          const players = pool.slice(0, n);
          const event = await api.post(`/v1/orgs/${orgId}/events`, { name: `Drops ${++run}` });
          const sessionId = (await api.post(`/v1/events/${event.body.id}/sessions`, { name: "Night" })).body
            .id as string;
          await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: players });
          const seated = await api.post(`/v1/sessions/${sessionId}/rounds`, { plan: "all" });
          expect(seated.status, seated.text).toBe(201);
          const left = new Map<string, number>(); // player → afterGame
          for (const drop of drops) {
            const active = players.filter((p) => !left.has(p));
            const playerId = active[drop.pick % active.length]!;
            const before = await seatingOf(sessionId);
            const res = await api.post(`/v1/sessions/${sessionId}/drops`, {
              playerId,
              afterGame: drop.afterGame,
            });
            if (res.status === 422) {
              expect(res.body.code).toBe("drop_leaves_unsplittable");
              expect(await seatingOf(sessionId)).toEqual(before);
              continue;
            }
            expect(res.status, res.text).toBe(201);
            left.set(playerId, drop.afterGame);
            for (const round of await seatingOf(sessionId)) {
              const expected = players.filter((p) => !(left.has(p) && left.get(p)! < round.number));
              const ids = round.tables.flatMap((t) => t.seats.map((s) => s.player.id));
              expect(ids.sort(), `game ${round.number}`).toEqual([...expected].sort());
              for (const table of round.tables) expect([3, 4]).toContain(table.seats.length);
            }
          }
        },
      ),
      // Each run is a whole session over HTTP (in memory): a few dozen requests.
      { numRuns: 25 },
    );
  }, 120_000);
});
