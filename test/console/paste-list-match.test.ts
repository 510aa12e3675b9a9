/**
 * Pasting a list on the players page registers the organisation's player of each name when there
 * is one: also when more than one page of the organisation's players contains that name.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../src/http/app";
import { consoleDesk, type PairedDevice, SITE } from "../helpers/console";
import type { PagesFixture } from "../helpers/pages-fixture";

let app: App;
let f: PagesFixture;
let laptop: PairedDevice;

beforeAll(async () => {
  ({ app, f, laptop } = await consoleDesk());
});

describe("pasting a list of names", () => {
  it("finds the player named exactly so after fifty players whose names contain it", async () => {
    for (let i = 1; i <= 55; i++) {
      const res = await f.api.post(`/v1/orgs/${f.orgId}/players`, { name: `Alina ${i}` });
      expect(res.status).toBe(201);
    }
    const li = (await f.api.post(`/v1/orgs/${f.orgId}/players`, { name: "Li" })).body.id;
    // A session not seated yet takes registrations.
    const session = (
      await f.api.post(`/v1/events/${f.eventId}/sessions`, { name: "Evening", date: "2026-12-06" })
    ).body.id;
    const res = await app.request(`/console/s/${session}/players`, {
      method: "POST",
      headers: { cookie: laptop.cookie, origin: SITE, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams([
        ["action", "paste"],
        ["key", crypto.randomUUID()],
        ["names", "Li"],
      ]),
    });
    expect(res.status).toBe(303);
    const named = (await f.api.get(`/v1/orgs/${f.orgId}/players?q=Li&limit=500`)).body.data.filter(
      (p: { name: string }) => p.name === "Li",
    );
    expect(named.map((p: { id: string }) => p.id)).toEqual([li]);
    const roster = (await f.api.get(`/v1/sessions/${session}/players`)).body.data;
    expect(roster.some((r: { player: { id: string } }) => r.player.id === li)).toBe(true);
  });
});
