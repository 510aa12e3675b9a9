import { type Client, createClient } from "@libsql/client";
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "../../src/db/client";
import { migrateDatabase } from "../../src/db/node";
import type { App } from "../../src/http/app";
import { etagMatches, weakEtag } from "../../src/http/middleware/etag";
import type { QualificationDto, SessionStandingsDto } from "../../src/services/standings";
import { addClient, createOrgClient, type OrgClient } from "../helpers/auth";
import { type Seeder, seeder } from "../helpers/seed-results";
import { createTestApp } from "../helpers/test-app";

/** A libSQL client that counts what reaches the database: one call = one round trip. */
function countingClient(): { client: Client; calls: string[] } {
  const inner = createClient({ url: ":memory:" });
  const calls: string[] = [];
  const counted = new Set(["execute", "batch", "executeMultiple", "transaction", "migrate"]);
  const client = new Proxy(inner, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      if (typeof prop === "string" && counted.has(prop)) {
        return (...args: unknown[]) => {
          calls.push(prop);
          return value.apply(target, args);
        };
      }
      return value.bind(target);
    },
  });
  return { client, calls };
}

let app: App;
let db: Database;
let calls: string[];
let store: OrgClient;
let s: Seeder;

beforeAll(async () => {
  const counting = countingClient();
  calls = counting.calls;
  db = createDatabase(counting.client);
  await migrateDatabase(db);
  ({ app } = await createTestApp({ storage: { db } }));
  store = await createOrgClient(app, db);
  s = seeder(db, store.orgId);
});

/** An event with one session of 8 and one round: table 1 final, table 2 without a result yet. */
async function scenario(opts: { visibility?: "public" | "private"; orgSeeder?: Seeder } = {}) {
  const seed = opts.orgSeeder ?? s;
  const evt = await seed.event({ visibility: opts.visibility });
  const ids = await seed.players(8);
  const ses = await seed.session(evt.id, ids);
  const { tableIds } = await seed.round(evt.id, {
    sessionId: ses,
    tables: [{ players: ids.slice(0, 4), vp: [10, 8, 6, 4] }, { players: ids.slice(4, 8) }],
  });
  const paths = {
    session: `/v1/sessions/${ses}/standings`,
    qualification: `/v1/events/${evt.id}/qualification`,
    standings: `/v1/events/${evt.id}/standings`,
  };
  return { evt, ids, ses, tableIds, paths };
}

describe("ETag and conditional GET", () => {
  it("sends a weak ETag naming event, resultsVersion and kind, with Cache-Control: no-cache", async () => {
    const { evt, ses, paths } = await scenario();
    const tags = new Set<string>();
    for (const [kind, path] of Object.entries(paths)) {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      const etag = res.headers.get("etag")!;
      const expectedKind = kind === "session" ? `session\\.${ses}` : kind;
      expect(etag).toMatch(new RegExp(`^W/"${evt.id}:1:${expectedKind}:[0-9]+\\.[0-9]+\\.2026"$`));
      expect(res.headers.get("cache-control")).toBe("no-cache");
      tags.add(etag);
    }
    expect(tags.size).toBe(3);
  });

  it("answers 304 with no body when If-None-Match matches (weak comparison, lists, *)", async () => {
    const { paths } = await scenario();
    const first = await app.request(paths.qualification);
    const etag = first.headers.get("etag")!;
    const strong = etag.slice(2);
    for (const header of [etag, strong, `"other", ${etag}`, "*"]) {
      const res = await app.request(paths.qualification, { headers: { "if-none-match": header } });
      expect(res.status, header).toBe(304);
      expect(await res.text()).toBe("");
      expect(res.headers.get("etag")).toBe(etag);
      expect(res.headers.get("cache-control")).toBe("no-cache");
    }
    const stale = await app.request(paths.qualification, { headers: { "if-none-match": 'W/"nope"' } });
    expect(stale.status).toBe(200);
  });

  it("changes the ETag when a result is submitted and when it is corrected (real results routes)", async () => {
    const { ids, tableIds, paths } = await scenario();
    const before = await app.request(paths.session);
    const etag0 = before.headers.get("etag")!;
    expect(((await before.json()) as SessionStandingsDto).rows).toHaveLength(4);

    const sheet = {
      scores: ids.slice(4, 8).map((playerId, i) => ({ playerId, vp: [10, 9, 5, 3][i]! })),
      winnerId: ids[4],
    };
    const put = await app.request(`/v1/tables/${tableIds[1]}/result`, {
      method: "PUT",
      headers: { ...store.auth, "content-type": "application/json" },
      body: JSON.stringify({ ...sheet, signed: true }),
    });
    expect(put.status, await put.clone().text()).toBe(200);

    const stale = await app.request(paths.session, { headers: { "if-none-match": etag0 } });
    expect(stale.status).toBe(200);
    const etag1 = stale.headers.get("etag")!;
    expect(etag1).not.toBe(etag0);
    const body1 = (await stale.json()) as SessionStandingsDto;
    expect(body1.rows).toHaveLength(8);
    expect(body1.resultsVersion).toBe(2);
    expect((await app.request(paths.session, { headers: { "if-none-match": etag1 } })).status).toBe(304);

    const fix = await app.request(`/v1/tables/${tableIds[1]}/result/corrections`, {
      method: "POST",
      headers: { ...store.auth, "content-type": "application/json" },
      body: JSON.stringify({
        scores: ids.slice(4, 8).map((playerId, i) => ({ playerId, vp: [10, 4, 5, 3][i]! })),
        winnerId: ids[4],
        reason: "transcription error: seat 2 had 4 VP",
      }),
    });
    expect(fix.status, await fix.clone().text()).toBe(200);
    const corrected = await app.request(paths.session, { headers: { "if-none-match": etag1 } });
    expect(corrected.status).toBe(200);
    expect(corrected.headers.get("etag")).not.toBe(etag1);
    const row = ((await corrected.json()) as SessionStandingsDto).rows.find((r) => r.player.id === ids[5]);
    expect(row?.vp).toBe(4);
  });

  it("changes the ETag when a registration changes N, without any result", async () => {
    const { evt, paths } = await scenario();
    const before = await app.request(paths.qualification);
    const etag = before.headers.get("etag")!;
    await s.session(evt.id, await s.players(6));
    const after = await app.request(paths.qualification, { headers: { "if-none-match": etag } });
    expect(after.status).toBe(200);
    expect(((await after.json()) as QualificationDto).uniqueParticipants).toBe(14);
    expect(after.headers.get("etag")).not.toBe(etag);
  });

  it("etag helpers: weak tags, weak comparison, no quotes inside", () => {
    expect(weakEtag("evt_1", 3, "qualification")).toBe('W/"evt_1:3:qualification"');
    expect(() => weakEtag('a"b')).toThrow(RangeError);
    expect(etagMatches('"a,b", W/"c"', 'W/"a,b"')).toBe(true);
    expect(etagMatches('W/"c"', 'W/"a"')).toBe(false);
    expect(etagMatches(undefined, 'W/"a"')).toBe(false);
  });
});

describe("authorisation", () => {
  it("private event: 404 without a token or for another org, 200 for the org and its parent", async () => {
    const federation = await createOrgClient(app, db, { kind: "federation", name: "Federation" });
    const member = await createOrgClient(app, db, { parentOrgId: federation.orgId, name: "Member store" });
    const stranger = await createOrgClient(app, db, { name: "Stranger" });
    const reader = await addClient(app, db, member.orgId, "reader");
    const { paths } = await scenario({ visibility: "private", orgSeeder: seeder(db, member.orgId) });
    for (const path of Object.values(paths)) {
      const anonymous = await app.request(path);
      expect(anonymous.status, path).toBe(404);
      const code = ((await anonymous.json()) as { code: string }).code;
      expect(code).toBe(path.startsWith("/v1/sessions") ? "session_not_found" : "event_not_found");
      expect((await app.request(path, { headers: stranger.auth })).status, path).toBe(404);
      for (const who of [member, reader, federation]) {
        const res = await app.request(path, { headers: who.auth });
        expect(res.status, path).toBe(200);
        expect(res.headers.get("cache-control")).toBe("private, no-cache");
      }
      const badToken = await app.request(path, { headers: { authorization: "Bearer not.a.token" } });
      expect(badToken.status).toBe(401);
    }
  });

  it("a 304 is never given for an event the caller cannot see", async () => {
    const other = await createOrgClient(app, db, { name: "Private owner" });
    const { paths } = await scenario({ visibility: "private", orgSeeder: seeder(db, other.orgId) });
    const ok = await app.request(paths.standings, { headers: other.auth });
    const res = await app.request(paths.standings, { headers: { "if-none-match": ok.headers.get("etag")! } });
    expect(res.status).toBe(404);
  });
});

describe("database round trips", () => {
  async function measure(path: string, headers: Record<string, string> = {}) {
    calls.length = 0;
    const res = await app.request(path, { headers });
    return { status: res.status, etag: res.headers.get("etag")!, calls: [...calls] };
  }

  it("2 per ranking (scope query + one batch), 1 for a 304; a bearer token adds its revocation check", async () => {
    const evt = await s.event();
    const players = await s.players(40);
    for (let k = 0; k < 3; k++) {
      const ids = players.slice(k * 10, k * 10 + 20);
      const ses = await s.session(evt.id, ids, { date: `2026-0${k + 1}-01` });
      for (let r = 1; r <= 3; r++) {
        const order = [...ids.slice(r), ...ids.slice(0, r)];
        await s.round(evt.id, {
          sessionId: ses,
          number: r,
          tables: [0, 4, 8, 12, 16].map((i) => ({ players: order.slice(i, i + 4), vp: [10, 8, 6, 4] })),
        });
      }
    }
    const [firstSession] = await db.query.sessions.findMany({ where: (t, { eq }) => eq(t.eventId, evt.id) });
    const paths = [
      `/v1/sessions/${firstSession!.id}/standings`,
      `/v1/events/${evt.id}/qualification`,
      `/v1/events/${evt.id}/standings`,
    ];
    for (const path of paths) {
      const full = await measure(path);
      expect(full.status).toBe(200);
      expect(full.calls, path).toEqual(["execute", "batch"]);
      const cached = await measure(path, { "if-none-match": full.etag });
      expect(cached.status).toBe(304);
      expect(cached.calls, path).toEqual(["execute"]);
      // The same tag again: the body was built once and is served from the response cache.
      const again = await measure(path);
      expect(again.status).toBe(200);
      expect(again.calls, path).toEqual(["execute"]);
      const withToken = await measure(path, store.auth);
      expect(withToken.calls, path).toEqual(["execute", "execute"]);
    }
  });
});
