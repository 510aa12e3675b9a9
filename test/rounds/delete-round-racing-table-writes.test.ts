/**
 * Writes at a table (a disqualification, a warning, timed turns) racing the removal of its round.
 *
 * docs/rules.md#prelim-schedule: the last seated round may be removed to seat it again while none
 * of its tables has a result or a disqualification. docs/rules.md#corrections: a change computed
 * from what was read commits only if that still holds, and the one that loses changes nothing and
 * is sent again (a 409). The API's promise: bad timing or input never yields a 500.
 *
 * Each write reads the table, then writes a row naming it. The round's removal committed in
 * between deletes the table: the write must answer a 4xx problem (the table is gone, or 409),
 * never a 500.
 *
 * The interleaving is made deterministic: the write's batch is paused while the round is removed
 * over HTTP, then let go.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { type Pause, pausableTournament } from "../helpers/pausable-database";
import { handSeating, range, type Tournament } from "../helpers/tournament";
import type { JsonClient } from "../helpers/workflow";

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test
type Json = any;

let api: JsonClient;
let t: Tournament;
let game1: Json;
let pauseBefore: (p: Pause) => void;
/** The server's error log: what a 500 was. */
let errors: () => string;

beforeEach(async () => {
  const ready = await pausableTournament("Round removal race store", 12);
  ({ api, t, pauseBefore } = ready);
  errors = () => JSON.stringify(ready.logger.lines.filter((l) => l.level === "error"));
  const sessionId = await t.session("Day 1", "2026-12-05", range(1, 12));
  game1 = await t.seatGame(sessionId, handSeating(range(1, 12), 1));
}, 60_000);

async function racingRemoval(writes: RegExp, write: () => Promise<Json>) {
  let removal: Json;
  pauseBefore({
    writes,
    interleave: async () => {
      removal = await api.delete(`/v1/rounds/${game1.id}`);
    },
  });
  const res = await write();
  expect(removal.status, removal.text).toBe(204);
  expect(res.status, `${res.text} ${errors()}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${res.text} ${errors()}`).toBeLessThan(500);
  expect(res.headers.get("content-type")).toContain("application/problem+json");
}

describe("a write at a table racing the removal of its round", () => {
  it("a disqualification: a 4xx, not a 500", async () => {
    const table = game1.tables[0];
    await racingRemoval(/insert into "disqualifications"/, () =>
      api.post(`/v1/tables/${table.id}/disqualifications`, { playerId: t.P[1], reason: "Cheating" }),
    );
  }, 30_000);

  it("a warning: a 4xx, not a 500", async () => {
    const table = game1.tables[0];
    await racingRemoval(/insert into "conduct_warnings"/, () =>
      api.post(`/v1/tables/${table.id}/warnings`, { playerId: t.P[1], rule: "3.0.14", note: "Free deal" }),
    );
  }, 30_000);

  it("timed turns: a 4xx, not a 500", async () => {
    const table = game1.tables[0];
    await racingRemoval(/insert into "table_timers"/, () => api.put(`/v1/tables/${table.id}/timer`, {}));
  }, 30_000);
});
