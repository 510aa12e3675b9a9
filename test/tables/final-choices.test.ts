/**
 * The final's sheet waits for the finalists' choices (docs/rules.md#choices, rules 1.1.10,
 * 1.1.12): before every finalist has chosen turn order, chair and colour, a sheet is refused until
 * the choices are recorded, or staff waive them (recorded, with a reason, and audited).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { addClient, createOrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { range, type Tournament, tournament } from "../helpers/tournament";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let api: JsonClient;
let referee: JsonClient;
let reporter: JsonClient;
let orgId: string;

beforeAll(async () => {
  const made = await createTestApp();
  const store = await createOrgClient(made.app, made.db, { name: "Final choices store" });
  orgId = store.orgId;
  api = jsonRequest(made.app, store.auth);
  referee = jsonRequest(made.app, (await addClient(made.app, made.db, store.orgId, "referee")).auth);
  reporter = jsonRequest(made.app, (await addClient(made.app, made.db, store.orgId, "reporter")).auth);
});

/** A 12-player event played to its final, seated; the finalists by seed rank (1 first). */
async function seatedFinal(name: string): Promise<{ t: Tournament; final: Json; byRank: string[] }> {
  const t = await tournament(api, orgId, 12, name);
  const session = await t.session("Store A", "2026-12-05", range(1, 12));
  await t.playPrelims(session, range(1, 12));
  const final = (await t.seat("final")).tables[0];
  const byRank: string[] = [];
  for (const seat of final.seats) byRank[seat.seedRank - 1] = seat.player.id;
  return { t, final, byRank };
}

const COLOURS = ["red", "blue", "white", "orange"];
const choose = (tableId: string, playerId: string, i: number) =>
  referee.post(`/v1/tables/${tableId}/choices`, { playerId, position: i + 1, colour: COLOURS[i] });

describe("a final's sheet before every finalist has chosen", () => {
  let t: Tournament;
  let final: Json;
  let byRank: string[];

  beforeAll(async () => {
    ({ t, final, byRank } = await seatedFinal("Choices first cup"));
  }, 60_000);

  it("is refused (409 choices_pending) naming who has still to choose, and nothing is recorded", async () => {
    await choose(final.id, byRank[0]!, 0);
    const res = await api.put(`/v1/tables/${final.id}/result`, t.strengthSheet(t.seatIdsOf(final)));
    expect(res.status, res.text).toBe(409);
    expect(res.body).toMatchObject({ code: "choices_pending", rule: "1.1.12" });
    expect(res.body.detail).toContain(`/v1/tables/${final.id}/choices/waiver`);
    for (const id of byRank.slice(1)) expect(res.body.detail).toContain(id);
    expect(res.body.detail).not.toContain(byRank[0]);
    expect((await api.get(`/v1/tables/${final.id}`)).body.result).toBeNull();
  });

  it("is taken once every finalist has chosen", async () => {
    for (let i = 1; i < 4; i++) expect((await choose(final.id, byRank[i]!, i)).status).toBe(200);
    const res = await api.put(`/v1/tables/${final.id}/result`, t.strengthSheet(t.seatIdsOf(final)));
    expect(res.status, res.text).toBe(200);
  });
});

describe("waiving the finalists' choices", () => {
  let t: Tournament;
  let final: Json;

  beforeAll(async () => {
    ({ t, final } = await seatedFinal("Waived choices cup"));
  }, 60_000);

  it("is the referee's, with a reason: 403 for a reporter, 422 without a reason", async () => {
    const waive = (who: JsonClient, body: Json) => who.put(`/v1/tables/${final.id}/choices/waiver`, body);
    expect((await waive(reporter, { reason: "Players agreed on seats" })).status).toBe(403);
    const bare = await waive(referee, {});
    expect(bare.status, bare.text).toBe(422);
    expect(bare.body.errors.map((e: Json) => e.path)).toEqual(["reason"]);
  });

  it("is recorded on the table and audited; the sheet is then taken", async () => {
    const res = await referee.put(`/v1/tables/${final.id}/choices/waiver`, {
      reason: "The finalists agreed their seats at the table",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.choicesWaived).toEqual({
      reason: "The finalists agreed their seats at the table",
      at: expect.any(String),
    });
    const audit = await t.audit();
    expect(audit.find((e: Json) => e.action === "table.choices-waived")).toMatchObject({
      entityId: final.id,
      reason: "The finalists agreed their seats at the table",
    });
    const sheet = await api.put(`/v1/tables/${final.id}/result`, t.strengthSheet(t.seatIdsOf(final)));
    expect(sheet.status, sheet.text).toBe(200);
  });
});
