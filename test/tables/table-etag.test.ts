/**
 * A table's ETag names everything its GET shows (docs/architecture.md#entity-tags-from-versions-on-the-event-row):
 * a poll with If-None-Match gets 304 only while the table is what the poller holds.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { addClient, createOrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { range, tournament } from "../helpers/tournament";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

let api: JsonClient;
let refereeApi: JsonClient;
let orgId: string;

beforeAll(async () => {
  const made = await createTestApp();
  const store = await createOrgClient(made.app, made.db, { name: "Table tags store" });
  orgId = store.orgId;
  api = jsonRequest(made.app, store.auth);
  refereeApi = jsonRequest(made.app, (await addClient(made.app, made.db, orgId, "referee")).auth);
});

describe("a table's ETag", () => {
  it("changes when staff waive the finalists' choices, so a poll sees the waiver", async () => {
    const t = await tournament(api, orgId, 12, "Waiver tag cup");
    const session = await t.session("Store A", "2026-12-05", range(1, 12));
    await t.playPrelims(session, range(1, 12));
    const final = (await t.seat("final")).tables[0];
    const before = await api.get(`/v1/tables/${final.id}`);
    expect(before.body.choicesWaived).toBeNull();
    const etag = before.headers.get("etag")!;
    const waived = await api.put(`/v1/tables/${final.id}/choices/waiver`, {
      reason: "The finalists agreed their seats at the table",
    });
    expect(waived.status, waived.text).toBe(200);
    expect(waived.headers.get("etag")).not.toBe(etag);
    const poll = await api.get(`/v1/tables/${final.id}`, { "if-none-match": etag });
    expect(poll.status).toBe(200);
    expect(poll.body.choicesWaived).toMatchObject({
      reason: "The finalists agreed their seats at the table",
    });
    // A chosen seat, the waiver and timed turns on the table: its tag, echoed in If-Match, still names version 0.
    const first = final.seats.find((s: { seedRank: number }) => s.seedRank === 1).player.id;
    const chose = await api.post(`/v1/tables/${final.id}/choices`, {
      playerId: first,
      position: 1,
      colour: "red",
    });
    expect(chose.status, chose.text).toBe(200);
    const timed = await api.put(`/v1/tables/${final.id}/timer`, {});
    expect(timed.status, timed.text).toBe(200);
    const full = timed.headers.get("etag")!;
    expect(full).toMatch(/^"0\.[0-9a-f]{16}"$/);
    const sheet = await api.put(`/v1/tables/${final.id}/result`, t.strengthSheet(t.seatIdsOf(final)), {
      "if-match": full,
    });
    expect(sheet.status, sheet.text).toBe(200);
  }, 60_000);

  it("changes when a seated player is disqualified at another table, so a poll sees who is still awaited", async () => {
    const t = await tournament(api, orgId, 4, "Disqualified elsewhere cup");
    const storeA = await t.session("Store A", "2026-12-05", range(1, 4));
    const storeB = await t.session("Store B", "2026-12-06", range(1, 4));
    const [here] = (await t.seatGame(storeB, [range(1, 4)])).tables;
    const [there] = (await t.seatGame(storeA, [range(1, 4)])).tables;
    for (const table of [here, there]) {
      const pending = await api.put(`/v1/tables/${table.id}/result`, {
        ...t.strengthSheet(t.seatIdsOf(table)),
        signed: false,
      });
      expect(pending.status, pending.text).toBe(200);
    }
    const before = await api.get(`/v1/tables/${here.id}`);
    expect(before.body.result.awaitingConfirmation).toContain(t.P[2]);
    const etag = before.headers.get("etag")!;

    const dq = await refereeApi.post(`/v1/tables/${there.id}/disqualifications`, {
      playerId: t.P[2],
      reason: "Unsporting conduct",
    });
    expect(dq.status, dq.text).toBe(200);
    const poll = await api.get(`/v1/tables/${here.id}`, { "if-none-match": etag });
    expect(poll.status).toBe(200);
    expect(poll.body.result.awaitingConfirmation).not.toContain(t.P[2]);
    // Not disqualified at this table: its seat says so, and the sheet's version is unchanged.
    expect(poll.body.seats.find((s: { player: { id: string } }) => s.player.id === t.P[2]).disqualified).toBe(
      false,
    );
    expect(poll.body.result.version).toBe(before.body.result.version);
  }, 60_000);

  it("changes when a drop re-seats the table, so a poll sees who now sits there", async () => {
    const t = await tournament(api, orgId, 8, "Re-seated cup");
    const session = await t.session("Store A", "2026-12-05", range(1, 8));
    const [first] = (await t.seatGame(session, [range(1, 4), range(5, 8)])).tables;
    const before = await api.get(`/v1/tables/${first.id}`);
    const etag = before.headers.get("etag")!;

    const drop = await api.post(`/v1/sessions/${session}/drops`, { playerId: t.P[2], afterGame: 0 });
    expect(drop.status, drop.text).toBe(201);
    const poll = await api.get(`/v1/tables/${first.id}`, { "if-none-match": etag });
    expect(poll.status).toBe(200);
    expect(t.seatIdsOf(poll.body)).not.toEqual(t.seatIdsOf(before.body));
  }, 60_000);
});
