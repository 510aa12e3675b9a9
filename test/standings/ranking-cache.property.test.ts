/**
 * The cached answer is always the fresh answer. A ranking's ETag comes from versions
 * on the event row (results from the services, roster and names from database triggers) and
 * the response cache keeps bodies by that tag, so a write that changed a ranking without
 * moving a version would serve a stale body forever. After any sequence of writes through the
 * API (seating, sheets, corrections, disqualifications, registrations, withdrawals, renames,
 * new sessions, session edits, deleted rounds), every ranking served by a long-lived app (its
 * cache warm, 304s against the previous tag) equals the one a fresh app builds from the same
 * database, and an unchanged tag always means an unchanged body.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import type { App } from "../../src/http/app";
import { createOrgClient, type OrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { createPlayers, type JsonClient, jsonRequest } from "../helpers/workflow";

/** Deeper run: `FUZZ_SCALE=20 npx vitest run test/standings/ranking-cache.property.test.ts --testTimeout=0`. */
const SCALE = Math.max(1, Number(process.env.FUZZ_SCALE ?? 1));

let db: Database;
let cached: App;
let store: OrgClient;
let api: JsonClient;

beforeAll(async () => {
  ({ app: cached, db } = await createTestApp({ http: { compress: true } }));
  store = await createOrgClient(cached, db);
  api = jsonRequest(cached, store.auth);
});

type Action =
  | { kind: "seat"; session: number }
  | { kind: "sheet"; pick: number; vp: number[] }
  | { kind: "correct"; pick: number; vp: number[] }
  | { kind: "disqualify"; pick: number; seat: number }
  | { kind: "register"; session: number; player: number }
  | { kind: "withdraw"; session: number; player: number }
  | { kind: "rename"; player: number; name: string }
  | { kind: "newSession" }
  | { kind: "renameSession"; session: number; name: string }
  | { kind: "deleteRound"; pick: number };

const vps = fc.array(fc.integer({ min: 2, max: 9 }), { minLength: 4, maxLength: 4 });
const idx = fc.nat({ max: 50 });
const action: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant("seat" as const), session: idx }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant("sheet" as const), pick: idx, vp: vps }), weight: 5 },
  { arbitrary: fc.record({ kind: fc.constant("correct" as const), pick: idx, vp: vps }), weight: 2 },
  {
    arbitrary: fc.record({ kind: fc.constant("disqualify" as const), pick: idx, seat: fc.nat({ max: 3 }) }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant("register" as const), session: idx, player: idx }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("withdraw" as const), session: idx, player: idx }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant("rename" as const),
      player: idx,
      name: fc.constantFrom("Ann", "Bo"),
    }),
    weight: 1,
  },
  { arbitrary: fc.constant({ kind: "newSession" as const }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant("renameSession" as const),
      session: idx,
      name: fc.constantFrom("A", "B"),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant("deleteRound" as const), pick: idx }), weight: 1 },
);

interface World {
  eventId: string;
  sessions: string[];
  players: string[];
  rounds: string[];
  /** Seated tables with their players in turn order. */
  tables: { id: string; seats: string[] }[];
}

const at = <T>(list: readonly T[], i: number): T | undefined =>
  list.length ? list[i % list.length] : undefined;

function sheet(seats: string[], vp: number[]) {
  // The first seat wins with 10; the others keep their 2–9 VP: always a valid sheet.
  return {
    scores: seats.map((playerId, i) => ({ playerId, vp: i === 0 ? 10 : vp[i]! })),
    winnerId: seats[0],
  };
}

/** Applies one write through the API; refusals (4xx) are part of the game, a 500 never is. */
async function apply(w: World, a: Action): Promise<void> {
  const send = async (res: Promise<{ status: number; body: unknown }>) => {
    const r = await res;
    expect(r.status, `${a.kind}: ${JSON.stringify(r.body)}`).toBeLessThan(500);
    return r as { status: number; body: never };
  };
  switch (a.kind) {
    case "seat": {
      const r = await send(api.post(`/v1/sessions/${at(w.sessions, a.session)}/rounds`, {}));
      type Seated = { id: string; tables: { id: string; seats: { player: { id: string } }[] }[] };
      if (r.status === 201)
        for (const round of (r.body as { data: Seated[] }).data) {
          w.rounds.push(round.id);
          for (const t of round.tables) w.tables.push({ id: t.id, seats: t.seats.map((s) => s.player.id) });
        }
      return;
    }
    case "sheet": {
      const t = at(w.tables, a.pick);
      if (t) await send(api.put(`/v1/tables/${t.id}/result`, { ...sheet(t.seats, a.vp), signed: true }));
      return;
    }
    case "correct": {
      const t = at(w.tables, a.pick);
      if (!t) return;
      const table = await send(api.get(`/v1/tables/${t.id}`));
      const version = (table.body as { result?: { version: number } | null }).result?.version;
      if (version === undefined) return;
      await send(
        api.post(
          `/v1/tables/${t.id}/result/corrections`,
          { ...sheet(t.seats, a.vp), reason: "Property test: a corrected sheet" },
          { "if-match": `"${version}"` },
        ),
      );
      return;
    }
    case "disqualify": {
      const t = at(w.tables, a.pick);
      const playerId = t && at(t.seats, a.seat);
      if (t && playerId)
        await send(
          api.post(`/v1/tables/${t.id}/disqualifications`, { playerId, reason: "Property test: conduct" }),
        );
      return;
    }
    case "register":
      await send(
        api.post(`/v1/sessions/${at(w.sessions, a.session)}/players`, {
          playerIds: [at(w.players, a.player)],
        }),
      );
      return;
    case "withdraw":
      await send(api.delete(`/v1/sessions/${at(w.sessions, a.session)}/players/${at(w.players, a.player)}`));
      return;
    case "rename":
      await send(api.patch(`/v1/players/${at(w.players, a.player)}`, { name: `${a.name} ${a.player % 7}` }));
      return;
    case "newSession": {
      const r = await send(
        api.post(`/v1/events/${w.eventId}/sessions`, { name: `S${w.sessions.length + 1}` }),
      );
      if (r.status === 201) w.sessions.push((r.body as { id: string }).id);
      return;
    }
    case "renameSession":
      await send(api.patch(`/v1/sessions/${at(w.sessions, a.session)}`, { name: a.name }));
      return;
    case "deleteRound": {
      const roundId = at(w.rounds, a.pick);
      if (roundId) await send(api.delete(`/v1/rounds/${roundId}`));
      return;
    }
  }
}

/** The ranking paths of the world: every session's standings, the qualification, the event standings. */
const paths = (w: World) => [
  ...w.sessions.map((s) => `/v1/sessions/${s}/standings`),
  `/v1/events/${w.eventId}/qualification`,
  `/v1/events/${w.eventId}/standings`,
];

async function read(app: App, path: string, headers: Record<string, string> = {}) {
  const res = await app.request(path, { headers });
  return { status: res.status, etag: res.headers.get("etag"), text: await res.text() };
}

describe("the cached ranking equals a fresh build after any sequence of writes", () => {
  it("for every ranking of the event, with 304s only when nothing changed", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 12 }), async (actions) => {
        const eventId = (await api.post(`/v1/orgs/${store.orgId}/events`, { name: "Property" })).body
          .id as string;
        const players = await createPlayers(api, store.orgId, 10, `Q${eventId.slice(-5)}`);
        const w: World = { eventId, sessions: [], players, rounds: [], tables: [] };
        await apply(w, { kind: "newSession" });
        expect(
          (await api.post(`/v1/sessions/${w.sessions[0]}/players`, { playerIds: players.slice(0, 8) }))
            .status,
        ).toBe(200);
        const seen = new Map<string, { etag: string; text: string }>();
        for (const a of [{ kind: "seat", session: 0 } as Action, ...actions]) {
          await apply(w, a);
          const fresh = (await createTestApp({ storage: { db } })).app;
          for (const path of paths(w)) {
            const expected = await read(fresh, path);
            const before = seen.get(path);
            const conditional = await read(cached, path, before ? { "if-none-match": before.etag } : {});
            if (conditional.status === 304) {
              // An unchanged tag promises an unchanged body.
              expect(expected.text, `${a.kind} → ${path}`).toBe(before!.text);
              continue;
            }
            expect(conditional.status).toBe(expected.status);
            expect(conditional.text, `${a.kind} → ${path}`).toBe(expected.text);
            expect(conditional.etag).toBe(expected.etag);
            // The warm cache's plain GET (bytes kept for this tag) is the same body.
            expect((await read(cached, path)).text).toBe(expected.text);
            if (expected.etag) seen.set(path, { etag: expected.etag, text: expected.text });
          }
        }
      }),
      { numRuns: 12 * SCALE },
    );
    // A few seconds alone; several times that while the whole suite shares two cores.
  }, 180_000);
});
