/**
 * A table's ETag names everything its GET shows (docs/architecture.md#entity-tags-from-versions-on-the-event-row):
 * a poll with If-None-Match gets 304 only while the table is what the poller holds.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createOrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { range, tournament } from "../helpers/tournament";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

let api: JsonClient;
let orgId: string;

beforeAll(async () => {
  const made = await createTestApp();
  const store = await createOrgClient(made.app, made.db, { name: "Table tags store" });
  orgId = store.orgId;
  api = jsonRequest(made.app, store.auth);
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
    // A chosen seat, the waiver and timed turns all in the tag: echoed in If-Match, it names version 0.
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
    expect(full).toMatch(/^"0\.0\.c1\.w\.t[0-9a-z]+"$/);
    const sheet = await api.put(`/v1/tables/${final.id}/result`, t.strengthSheet(t.seatIdsOf(final)), {
      "if-match": full,
    });
    expect(sheet.status, sheet.text).toBe(200);
  }, 60_000);
});
