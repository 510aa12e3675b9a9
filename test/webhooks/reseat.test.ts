import { describe, expect, it } from "vitest";
import { createOrgClient } from "../helpers/auth";
import { parseSse } from "../helpers/sse";
import { createTestApp } from "../helpers/test-app";
import { createPlayers, jsonRequest } from "../helpers/workflow";

// A drop re-seats the later games still to be played: subscribers (a Discord channel showing
// the seating) must get the new seating, in the same batch as the change.

function events(text: string) {
  return parseSse(text)
    .filter((m) => m.data !== "")
    .map((m) => ({ type: m.event, data: JSON.parse(m.data) }));
}

describe("round.seated after a drop", () => {
  it("announces every game a drop re-seated, with the players left", async () => {
    const ctx = await createTestApp({ live: { changePollMs: 5 } });
    const store = await createOrgClient(ctx.app, ctx.db);
    const api = jsonRequest(ctx.app, store.auth);
    const players = await createPlayers(api, store.orgId, 8, "Drop");
    const eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Drop cup" })).body.id;
    const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S" })).body.id;
    expect((await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: players })).status).toBe(200);
    const seated = await api.post(`/v1/sessions/${sessionId}/rounds`, { seed: "drop" });
    expect(seated.status, seated.text).toBe(201);
    const feed = async (after: string) =>
      events(
        await (
          await ctx.app.request(`/v1/orgs/${store.orgId}/changes?maxSeconds=1`, {
            headers: { ...store.auth, "last-event-id": after },
          })
        ).text(),
      );
    const before = await feed("0");
    const lastSeq = before.length;
    const leaver = players[0]!;
    const drop = await api.post(`/v1/sessions/${sessionId}/drops`, { playerId: leaver, afterGame: 0 });
    expect(drop.status, drop.text).toBe(201);
    const reseated = drop.body.reseated as { id: string }[];
    expect(reseated.length).toBeGreaterThan(0);

    const after = (await feed(String(lastSeq))).filter((e) => e.type === "round.seated");
    expect(after.map((e) => e.data.data.roundId).sort()).toEqual(reseated.map((r) => r.id).sort());
    for (const e of after) {
      const seatedIds = e.data.data.tables.flatMap((t: { seats: { playerId: string }[] }) =>
        t.seats.map((s) => s.playerId),
      );
      expect(seatedIds).toHaveLength(7);
      expect(seatedIds).not.toContain(leaver);
    }
  });
});
