/**
 * A ranking's ETag comes from versions on the event row, bumped in the
 * statement of every write that changes what a ranking shows, so the 304 path reads one row
 * by primary key (plus the org ancestry) and scans nothing.
 */
import type { Client } from "@libsql/client";
import { createClient } from "@libsql/client";
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../src/db/client";
import { migrateDatabase } from "../../src/db/node";
import type { App } from "../../src/http/app";
import { createOrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { createPlayers, type JsonClient, jsonRequest } from "../helpers/workflow";

let app: App;
let raw: Client;
let api: JsonClient;
let orgId: string;
const statements: string[] = [];

beforeAll(async () => {
  raw = createClient({ url: ":memory:" });
  // Records the SQL of every execute, so the 304's query can be EXPLAINed.
  const recording = new Proxy(raw, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === "execute")
        return (stmt: { sql: string; args: unknown[] }) => {
          statements.push(JSON.stringify(stmt));
          return value.call(target, stmt);
        };
      return typeof value === "function" ? value.bind(target) : value;
    },
  }) as Client;
  const db = createDatabase(recording);
  await migrateDatabase(db);
  ({ app } = await createTestApp({ storage: { db } }));
  const store = await createOrgClient(app, db);
  orgId = store.orgId;
  api = jsonRequest(app, store.auth);
});

/** An event with a session of 8 registered players, and the qualification path. */
async function event() {
  const eventId = (await api.post(`/v1/orgs/${orgId}/events`, { name: "Versions" })).body.id as string;
  const sessionId = (await api.post(`/v1/events/${eventId}/sessions`, { name: "S1" })).body.id as string;
  const ids = await createPlayers(api, orgId, 9, `V${eventId.slice(-4)}`);
  expect((await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: ids.slice(0, 8) })).status).toBe(
    200,
  );
  return { eventId, sessionId, ids, path: `/v1/events/${eventId}/qualification` };
}

const etagOf = async (path: string) => (await app.request(path)).headers.get("etag")!;

describe("ranking ETags follow every write that changes a ranking", () => {
  it("change on registration, withdrawal, a new session, seating and a rename; not on other writes", async () => {
    const { eventId, sessionId, ids, path } = await event();
    const tags = [await etagOf(path)];
    const changed = async (what: string) => {
      const tag = await etagOf(path);
      expect(tags, what).not.toContain(tag);
      tags.push(tag);
    };
    const unchanged = async (what: string) => expect(await etagOf(path), what).toBe(tags.at(-1));

    expect((await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: [ids[8]] })).status).toBe(200);
    await changed("registration");
    expect((await api.delete(`/v1/sessions/${sessionId}/players/${ids[8]}`)).status).toBe(204);
    await changed("withdrawal");
    expect((await api.post(`/v1/events/${eventId}/sessions`, { name: "S2" })).status).toBe(201);
    await changed("new session");
    expect((await api.patch(`/v1/players/${ids[0]}`, { name: "Renamed" })).status).toBe(200);
    await changed("rename of a registered player");
    const body = (await (await app.request(path)).json()) as { rounds: unknown[] };
    expect(body.rounds).toHaveLength(0);
    expect((await api.post(`/v1/sessions/${sessionId}/rounds`, {})).status).toBe(201);
    await changed("seating");

    expect((await api.patch(`/v1/players/${ids[8]}`, { name: "Not in this event" })).status).toBe(200);
    await unchanged("rename of a player of the org who is not in the event");
    expect((await api.patch(`/v1/players/${ids[0]}`, { discordId: "123456789012345678" })).status).toBe(200);
    await unchanged("a player edit that no ranking shows");
    expect(
      (await api.post(`/v1/events/${eventId}/staff`, { playerId: ids[8], role: "referee" })).status,
    ).toBe(200);
    await unchanged("staff");
  });

  it("changes on the zero-win cut, whichever statement writes it", async () => {
    const { sessionId, ids, path } = await event();
    const before = await etagOf(path);
    await raw.execute({
      sql: "update registrations set eliminated_at = '2026-01-01T00:00:00Z' where session_id = ? and player_id = ?",
      args: [sessionId, ids[0]!],
    });
    expect(await etagOf(path)).not.toBe(before);
  });
});

describe("the 304 path", () => {
  it("is one query that reads the event by primary key and scans no table of the event's data", async () => {
    const { path } = await event();
    const etag = await etagOf(path);
    statements.length = 0;
    const res = await app.request(path, { headers: { "if-none-match": etag } });
    expect(res.status).toBe(304);
    expect(statements).toHaveLength(1);
    const stmt = JSON.parse(statements[0]!) as { sql: string; args: never[] };
    const plan = await raw.execute({ sql: `explain query plan ${stmt.sql}`, args: stmt.args });
    const details = plan.rows.map((r) => String(r.detail));
    expect(details.join("\n")).toMatch(/SEARCH events USING INDEX sqlite_autoindex_events_1 \(id=\?\)/);
    // The session hosts (authorisation of store-hosted sessions) come from the sessions index.
    const ofData = details.filter((d) =>
      /\b(registrations|sessions|players|table_results|seats|game_tables|rounds)\b/.test(d),
    );
    expect(
      ofData.every((d) => /^SEARCH s USING INDEX sessions_event_idx \(event_id=\?\)$/.test(d)),
      ofData.join("; "),
    ).toBe(true);
    expect(
      details.filter((d) => d.startsWith("SCAN") && !/\b(ancestry|chain|CONSTANT ROW)\b/.test(d)),
    ).toEqual([]);
  });
});
