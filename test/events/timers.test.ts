/**
 * The event's timers (docs/rules.md#timers, rules 1.1.8, 1.1.9, 1.1.11): board study and
 * placement are the rules' own figures, published as such and not settings; the turn timers
 * may be shortened to keep the schedule, never lengthened; a table switched to timed turns takes
 * the event's turn time unless a shorter one is given.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { events } from "../../src/db/schema";
import { createOrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { range, tournament } from "../helpers/tournament";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let api: JsonClient;
let db: Database;
let orgId: string;

beforeAll(async () => {
  const made = await createTestApp();
  db = made.db;
  const store = await createOrgClient(made.app, made.db, { name: "Timer rules store" });
  orgId = store.orgId;
  api = jsonRequest(made.app, store.auth);
});

const RULES = { boardStudySeconds: 300, placementSeconds: 120, doublePlacementSeconds: 180 };
const create = (timers: Json) => api.post(`/v1/orgs/${orgId}/events`, { name: "Timed cup", timers });
const paths = (res: { body: Json }) => res.body.errors.map((e: Json) => e.path);

describe("the event's timers", () => {
  it("publish board study and placement as the rules' figures, read-only", async () => {
    const res = await create({});
    expect(res.status, res.text).toBe(201);
    expect(res.body.timers).toEqual({
      ...RULES,
      boardStudyMayEndEarly: true,
      turn: { mode: "bank", turnSeconds: 90, bankSeconds: 600 },
    });
    const doc = (await api.get("/openapi.json")).body;
    const published = doc.components.schemas.Timers.properties;
    for (const field of Object.keys(RULES)) expect(published[field].readOnly, field).toBe(true);
  });

  it("refuse a 60-minute board study and a double placement shorter than a single one (422 naming the rule)", async () => {
    const study = await create({ boardStudySeconds: 3600 });
    expect(study.status, study.text).toBe(422);
    expect(paths(study)).toEqual(["timers.boardStudySeconds"]);
    expect(study.body.errors[0].message).toContain("1.1.8");
    const placement = await create({ placementSeconds: 120, doublePlacementSeconds: 60 });
    expect(placement.status, placement.text).toBe(422);
    expect(paths(placement)).toEqual(["timers.doublePlacementSeconds"]);
    expect(placement.body.errors[0].message).toContain("1.1.9");
    const event = (await create({})).body;
    const patch = await api.patch(`/v1/events/${event.id}`, { timers: { placementSeconds: 30 } });
    expect(patch.status, patch.text).toBe(422);
    expect(paths(patch)).toEqual(["timers.placementSeconds"]);
  });

  it("still take the rules' own figures as sent by older clients", async () => {
    const res = await create({ ...RULES });
    expect(res.status, res.text).toBe(201);
    expect(res.body.timers).toMatchObject(RULES);
  });

  it("refuse 600-second turns: the turn timers may be shortened, never lengthened", async () => {
    const bank = await create({ turn: { mode: "bank", turnSeconds: 600, bankSeconds: 600 } });
    expect(bank.status, bank.text).toBe(422);
    expect(paths(bank)).toEqual(["timers.turn.turnSeconds"]);
    const longBank = await create({ turn: { mode: "bank", turnSeconds: 90, bankSeconds: 1200 } });
    expect(paths(longBank)).toEqual(["timers.turn.bankSeconds"]);
    const timed = await create({ turn: { mode: "after-one-hour", afterMinutes: 60, turnSeconds: 600 } });
    expect(timed.status, timed.text).toBe(422);
    expect(paths(timed)).toEqual(["timers.turn.turnSeconds"]);
    expect(timed.body.errors[0].message).toContain("1.1.11");
    const shorter = await create({ turn: { mode: "after-one-hour", afterMinutes: 60, turnSeconds: 90 } });
    expect(shorter.status, shorter.text).toBe(201);
    expect(shorter.body.timers.turn).toEqual({ mode: "after-one-hour", afterMinutes: 60, turnSeconds: 90 });
  });

  it("publish the rules' figures for an event stored with other ones", async () => {
    const event = (await create({})).body;
    await db
      .update(events)
      .set({
        timers: {
          boardStudySeconds: 3600,
          placementSeconds: 200,
          doublePlacementSeconds: 60,
          turn: { mode: "bank", turnSeconds: 600, bankSeconds: 600 },
        },
      })
      .where(eq(events.id, event.id));
    const read = await api.get(`/v1/events/${event.id}`);
    expect(read.body.timers).toEqual({
      ...RULES,
      boardStudyMayEndEarly: true,
      turn: { mode: "bank", turnSeconds: 90, bankSeconds: 600 },
    });
  });
});

describe("a table switched to timed turns", () => {
  it("takes the event's turn time unless a shorter one is given; a longer one is refused", async () => {
    const t = await tournament(api, orgId, 12, "Short turns cup");
    const patched = await api.patch(`/v1/events/${t.eventId}`, {
      timers: { turn: { mode: "after-one-hour", afterMinutes: 60, turnSeconds: 90 } },
    });
    expect(patched.status, patched.text).toBe(200);
    const session = await t.session("Store A", "2026-12-05", range(1, 12));
    const tables = (await t.seatGame(session, [range(1, 4), range(5, 8), range(9, 12)])).tables;

    const byDefault = await api.put(`/v1/tables/${tables[0].id}/timer`, {});
    expect(byDefault.status, byDefault.text).toBe(200);
    expect(byDefault.body.timer.turnSeconds).toBe(90);
    const longer = await api.put(`/v1/tables/${tables[1].id}/timer`, { turnSeconds: 120 });
    expect(longer.status, longer.text).toBe(422);
    expect(longer.body).toMatchObject({ code: "turn_longer_than_event", rule: "1.1.11" });
    expect(longer.body.errors.map((e: Json) => e.path)).toEqual(["turnSeconds"]);
    const shorter = await api.put(`/v1/tables/${tables[1].id}/timer`, { turnSeconds: 60 });
    expect(shorter.status, shorter.text).toBe(200);
    expect(shorter.body.timer.turnSeconds).toBe(60);
  });
});
