/**
 * A player's history builds every event's and session's standings: the body of one state (its
 * entity tag) is built once and then served from the response cache, as a series' is, whoever
 * asks again without `If-None-Match`; what depends on who asks is in the tag.
 */
import { describe, expect, it } from "vitest";
import { bearer, tokenRequest } from "../helpers/auth";
import { createFederation, playSeason } from "../helpers/federation";
import { createCountingTestDatabase, createTestApp } from "../helpers/test-app";
import { jsonRequest } from "../helpers/workflow";

describe("GET /v1/players/{id}/history, asked again", () => {
  it("is served from the response cache: no rankings rebuilt while nothing shown changed", async () => {
    const counting = await createCountingTestDatabase();
    const { app } = await createTestApp({ storage: { db: counting.db } });
    const f = await createFederation(app, counting.db);
    await playSeason(app, f);
    const anon = jsonRequest(app, {});
    const player = f.players[0]!;
    const measure = async () => {
      const before = counting.calls();
      const res = await anon.get(`/v1/players/${player}/history`);
      expect(res.status).toBe(200);
      return { calls: counting.calls() - before, body: res.body, etag: res.headers.get("etag") };
    };
    const first = await measure();
    // The player, one batch (events, registrations, series, tags), one wave of rankings.
    expect(first.calls).toBe(3);
    const again = await measure();
    expect(again.etag).toBe(first.etag);
    expect(again.body).toEqual(first.body);
    // The rankings' wave is not sent again.
    expect(again.calls).toBe(2);
  });

  it("names in its tag whether the reader counts each series' private events: another reader's body is never served", async () => {
    const counting = await createCountingTestDatabase();
    const { app } = await createTestApp({ storage: { db: counting.db } });
    const f = await createFederation(app, counting.db);
    const evt = await playSeason(app, f);
    // Store B's own circuit: E2 (public) and E3 (private), both played by P1.
    const series = await jsonRequest(app, f.storeB.auth).post(`/v1/orgs/${f.storeB.orgId}/series`, {
      name: "Store B circuit",
      selection: { kind: "tag", tag: "national-2026" },
    });
    expect(series.status).toBe(201);
    // Both read E3 (store B's event); only the full token counts it in store B's series.
    const full = jsonRequest(app, f.storeB.auth);
    const token = await (
      await app.request(
        "/v1/auth/token",
        tokenRequest(f.storeB.clientId, f.storeB.clientSecret, "standings:read"),
      )
    ).json();
    const narrowed = jsonRequest(app, bearer(token.access_token));
    const player = f.players[0]!;
    type Body = { events: { event: { id: string }; series: { seriesId: string }[] }[] };
    const e3Series = (body: Body) =>
      body.events.find((e) => e.event.id === evt.E3)?.series.map((s) => s.seriesId);
    const byFull = await full.get(`/v1/players/${player}/history`);
    expect(e3Series(byFull.body)).toEqual([series.body.id]);
    const byNarrowed = await narrowed.get(`/v1/players/${player}/history`);
    expect(byNarrowed.status).toBe(200);
    expect(e3Series(byNarrowed.body)).toEqual([]);
    expect(byNarrowed.headers.get("etag")).not.toBe(byFull.headers.get("etag"));
  });

  it("shows a session renamed or moved since the last answer: what it shows of a session is in the tag", async () => {
    const { app, db } = await createTestApp();
    const f = await createFederation(app, db);
    const evt = await playSeason(app, f);
    const anon = jsonRequest(app, {});
    const player = f.players[0]!;
    type Body = {
      events: {
        event: { id: string };
        sessions: { sessionId: string; name: string; date: string | null }[];
      }[];
    };
    const e1 = (body: Body) => body.events.find((e) => e.event.id === evt.E1)!.sessions[0]!;
    const first = await anon.get(`/v1/players/${player}/history`);
    const session = e1(first.body);
    const patched = await jsonRequest(app, f.storeA.auth).patch(`/v1/sessions/${session.sessionId}`, {
      name: "Renamed evening",
      date: "2026-03-02",
    });
    expect(patched.status, patched.text).toBe(200);
    const again = await anon.get(`/v1/players/${player}/history`);
    expect(e1(again.body)).toMatchObject({ name: "Renamed evening", date: "2026-03-02" });
    expect(again.headers.get("etag")).not.toBe(first.headers.get("etag"));
  });
});
