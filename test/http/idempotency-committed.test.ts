/**
 * A request with an Idempotency-Key whose write committed, but whose answer was never stored
 * (the process died in between): its retry must answer what the first would have, and must
 * never write again. The crash is simulated in-process: the database refuses the statement that
 * stores the answer, then a new app starts on the same database, as after a restart.
 */
import type { Client, InStatement } from "@libsql/client";
import { createClient } from "@libsql/client";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../src/db/client";
import { migrateDatabase } from "../../src/db/node";
import { apiClients, idempotencyKeys, players, resultRevisions } from "../../src/db/schema";
import { sweepIdempotencyKeys } from "../../src/http/middleware/idempotency";
import { bearer, createOrgClient, fetchToken } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { createPlayers, jsonRequest } from "../helpers/workflow";

const sqlOf = (stmt: InStatement | string) => (typeof stmt === "string" ? stmt : stmt.sql);

/** A database whose next statement storing an idempotent answer fails, as if the process died then. */
async function crashingDatabase() {
  const raw = createClient({ url: ":memory:" });
  let crashNext = false;
  // Storing the answer, or dropping the claim of an answer that is never stored (a secret).
  const isAnswer = (stmt: InStatement | string) =>
    /^(update "idempotency_keys" set "status"|delete from "idempotency_keys")/.test(sqlOf(stmt));
  const client = new Proxy(raw, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop !== "execute" && prop !== "batch")
        return typeof value === "function" ? value.bind(target) : value;
      return (stmt: InStatement | InStatement[], ...rest: unknown[]) => {
        const stmts = Array.isArray(stmt) ? stmt : [stmt];
        if (crashNext && stmts.some(isAnswer)) {
          crashNext = false;
          return Promise.reject(new Error("the process died before storing the answer"));
        }
        return (value as (...args: unknown[]) => unknown).call(target, stmt, ...rest);
      };
    },
  }) as Client;
  const db = createDatabase(client);
  await migrateDatabase(db);
  return { db, crashBeforeAnswer: () => (crashNext = true) };
}

async function setup() {
  const { db, crashBeforeAnswer } = await crashingDatabase();
  const first = await createTestApp({ storage: { db } });
  const store = await createOrgClient(first.app, db);
  const api = jsonRequest(first.app, store.auth);
  /** The same database, served by a new process (the start-up sweep of a local file included). */
  const restart = async () => {
    await sweepIdempotencyKeys(db, new Date(), { releaseAll: true });
    const next = await createTestApp({ storage: { db } });
    return jsonRequest(next.app, bearer(await fetchToken(next.app, store.clientId, store.clientSecret)));
  };
  return { db, store, api, crashBeforeAnswer, restart };
}

describe("a retried idempotent request whose write committed before a crash", () => {
  it("a signed result sheet: answers the table the first would have, not 409 result_final, and writes once", async () => {
    const t = await setup();
    const ids = await createPlayers(t.api, t.store.orgId, 12);
    const event = (await t.api.post(`/v1/orgs/${t.store.orgId}/events`, { name: "Cup" })).body.id;
    const session = (await t.api.post(`/v1/events/${event}/sessions`, { name: "Day" })).body.id;
    await t.api.post(`/v1/sessions/${session}/players`, { playerIds: ids });
    const tableId = (await t.api.post(`/v1/sessions/${session}/rounds`, {})).body.data[0].tables[0].id;
    const seated = (await t.api.get(`/v1/tables/${tableId}`)).body.seats.map(
      (s: { player: { id: string } }) => s.player.id,
    );
    const sheet = {
      scores: seated.map((playerId: string, i: number) => ({ playerId, vp: i === 0 ? 10 : 7 - i })),
      winnerId: seated[0],
      signed: true,
    };
    const key = { "idempotency-key": "sheet-1" };
    t.crashBeforeAnswer();
    const lost = await t.api.put(`/v1/tables/${tableId}/result`, sheet, key);
    expect(lost.status).toBe(500);
    const api = await t.restart();
    const retry = await api.put(`/v1/tables/${tableId}/result`, sheet, key);
    expect(retry.status, retry.text).toBe(200);
    const table = await api.get(`/v1/tables/${tableId}`);
    expect(retry.body).toEqual(table.body);
    expect(retry.headers.get("etag")).toBe(table.headers.get("etag"));
    expect(retry.body.result).toMatchObject({ status: "final", version: 1 });
    // Replayed from now on, and the sheet was written once.
    const again = await api.put(`/v1/tables/${tableId}/result`, sheet, key);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(retry.body);
    expect(
      await t.db.select().from(resultRevisions).where(eq(resultRevisions.tableId, tableId)),
    ).toHaveLength(1);
  });

  it("a created player: never created twice; the retry says the write was stored and its answer lost", async () => {
    const t = await setup();
    const key = { "idempotency-key": "player-1" };
    t.crashBeforeAnswer();
    expect((await t.api.post(`/v1/orgs/${t.store.orgId}/players`, { name: "Rūta" }, key)).status).toBe(500);
    const api = await t.restart();
    const retry = await api.post(`/v1/orgs/${t.store.orgId}/players`, { name: "Rūta" }, key);
    expect(retry.status).toBe(409);
    expect(retry.body.code).toBe("idempotent_request_committed");
    expect(await t.db.select().from(players).where(eq(players.name, "Rūta"))).toHaveLength(1);
  });

  it("a created client: still the 409 that names it, never a second secret", async () => {
    const t = await setup();
    const key = { "idempotency-key": "bot-1" };
    const body = { name: "Discord bot", role: "reporter" };
    // Its answer (the secret, shown once) is never stored: as if it never reached the caller.
    expect((await t.api.post(`/v1/orgs/${t.store.orgId}/clients`, body, key)).status).toBe(201);
    const api = await t.restart();
    const retry = await api.post(`/v1/orgs/${t.store.orgId}/clients`, body, key);
    expect(retry.status).toBe(409);
    expect(retry.body.code).toBe("client_already_created");
    expect(await t.db.select().from(apiClients).where(eq(apiClients.name, "Discord bot"))).toHaveLength(1);
  });

  it("keeps the claim of a committed write through the start-up sweep, and drops it once it expires", async () => {
    const t = await setup();
    t.crashBeforeAnswer();
    await t.api.post(`/v1/orgs/${t.store.orgId}/players`, { name: "Jonas" }, { "idempotency-key": "k" });
    await sweepIdempotencyKeys(t.db, new Date(), { releaseAll: true });
    const [claim] = await t.db.select().from(idempotencyKeys);
    expect(claim?.committedAt).toBeTruthy();
    await sweepIdempotencyKeys(t.db, new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(await t.db.select().from(idempotencyKeys)).toEqual([]);
  });
});
