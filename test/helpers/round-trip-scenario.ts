import { type Client, createClient } from "@libsql/client";
import { createDatabase, type Database } from "../../src/db/client";
import { MIGRATIONS_FOLDER } from "../../src/db/node";
import type { App } from "../../src/http/app";
import { type HranaServer, type Latency, startHranaServer } from "../../tools/hrana-server";
import { adminAuth, createOrgClient, tokenRequest } from "./auth";
import { discordOperations, type ScenarioDiscord, startScenarioDiscord } from "./round-trip-discord-scenario";
import { storeOperations } from "./round-trip-store-scenario";
import { createTestApp } from "./test-app";
import type { JsonClient } from "./workflow";

/**
 * The whole API on the path it takes in production: the Node app, its libSQL client speaking
 * Hrana over HTTP to the project's test server (what Turso speaks), optionally delayed as if the
 * database were far away. Every pipeline request the server answers is one network round trip.
 */
export interface RemoteApp extends MeasuredApp {
  server: HranaServer;
}

/** What the scenario needs: the app, its database, and the server's count of requests. */
export interface MeasuredApp {
  app: App;
  db: Database;
  server: { readonly pipelineRequests: number };
  /**
   * Serial round trips so far: database calls made while no other was pending. Calls a service
   * sends together (`Promise.all`) are all made before any can answer, so they count once, as
   * their latency does; counted on the client, so the machine's speed cannot change it.
   */
  readonly serialRoundTrips: number;
  /** The fake Discord the app's DISCORD_API_BASE points at, with the application's keys. */
  discord: ScenarioDiscord;
  close(): Promise<void>;
}

const DATABASE_CALLS = new Set(["execute", "batch", "executeMultiple", "migrate", "transaction"]);

/** The client with a count of its serial calls (see RemoteApp.serialRoundTrips). */
function countingSerialCalls(client: Client) {
  let pending = 0;
  let serial = 0;
  const counted = new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function" || !DATABASE_CALLS.has(String(prop))) return value;
      return async (...args: unknown[]) => {
        if (pending === 0) serial++;
        pending++;
        try {
          return await value.apply(target, args);
        } finally {
          pending--;
        }
      };
    },
  });
  return { client: counted, serial: () => serial };
}

export async function startRemoteApp(latency?: Latency): Promise<RemoteApp> {
  const server = await startHranaServer({ migrationsFolder: MIGRATIONS_FOLDER, latency });
  const raw = createClient({ url: server.url });
  const { client, serial } = countingSerialCalls(raw);
  const db = createDatabase(client);
  // A resolver that answers a public address: webhook targets pass the SSRF guard offline.
  const webhookTargets = { resolveHost: async () => ["93.184.215.14"] };
  const discord = await startScenarioDiscord();
  const { app } = await createTestApp({
    storage: { db },
    push: { webhookTargets, discord: discord.settings },
    live: { changePollMs: 5 },
  });
  return {
    app,
    db,
    server,
    discord,
    get serialRoundTrips() {
      return serial();
    },
    async close() {
      raw.close();
      await Promise.all([server.close(), discord.close()]);
    },
  };
}

/** One measured request: which operation it was and how many round trips it cost. */
export interface Sample {
  operationId: string;
  status: number;
  /** Pipeline requests (Hrana round trips) the request caused. */
  roundTrips: number;
  /** Of those, the ones that had to wait for the previous: what latency is made of. */
  serialRoundTrips: number;
  ms: number;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { operationId?: string }>>;
}

/** Maps a concrete request to the operationId of the document path it matches. */
function operationMatcher(doc: OpenApiDocument) {
  const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => op.operationId)
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, "[^/]+")}$`),
        operationId: op.operationId as string,
      })),
  );
  return (method: string, path: string): string => {
    const bare = path.split("?")[0] ?? path;
    const found = routes.find((r) => r.method === method && r.pattern.test(bare));
    if (!found) throw new Error(`no operation in the OpenAPI document for ${method} ${bare}`);
    return found.operationId;
  };
}

/** Runs one request and records what it cost; `operationId` names it in the document. */
export async function measure<T extends { status: number }>(
  remote: MeasuredApp,
  samples: Sample[],
  operationId: string,
  request: () => Promise<T>,
): Promise<T> {
  const before = remote.server.pipelineRequests;
  const serialBefore = remote.serialRoundTrips;
  const started = performance.now();
  const res = await request();
  samples.push({
    operationId,
    status: res.status,
    roundTrips: remote.server.pipelineRequests - before,
    serialRoundTrips: remote.serialRoundTrips - serialBefore,
    ms: performance.now() - started,
  });
  return res;
}

/**
 * A JSON client that records, for every request, the database round trips it caused. The
 * server is only ever used by this app, and requests are sent one at a time, so the counter's
 * difference is the request's own cost.
 */
export function measuringClient(remote: MeasuredApp, doc: OpenApiDocument, samples: Sample[]) {
  const operationOf = operationMatcher(doc);
  return (auth: Record<string, string>): JsonClient => {
    const send: JsonClient["send"] = (method, path, body, headers = {}) =>
      measure(remote, samples, operationOf(method, path), async () => {
        const res = await remote.app.request(path, {
          method,
          headers: {
            ...auth,
            ...(body === undefined ? {} : { "content-type": "application/json" }),
            ...headers,
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        const type = res.headers.get("content-type") ?? "";
        const isJson = type.includes("json") && !type.includes("ndjson");
        return {
          status: res.status,
          body: isJson && text ? JSON.parse(text) : null,
          text,
          headers: res.headers,
        };
      });
    return {
      send,
      get: (path, headers) => send("GET", path, undefined, headers),
      post: (path, body, headers) => send("POST", path, body ?? {}, headers),
      put: (path, body, headers) => send("PUT", path, body, headers),
      patch: (path, body, headers) => send("PATCH", path, body, headers),
      delete: (path, headers) => send("DELETE", path, undefined, headers),
    };
  };
}

/** Success (any 2xx) unless a particular status is named. */
function expectStatus(res: { status: number; text: string }, status: number | "ok", what: string) {
  const fine = status === "ok" ? res.status >= 200 && res.status < 300 : res.status === status;
  if (!fine) throw new Error(`${what}: expected ${status}, got ${res.status} ${res.text}`);
}

interface SeatedTable {
  id: string;
  playerIds: string[];
}

function tablesOf(body: { data?: unknown[] } & Record<string, unknown>): SeatedTable[] {
  const rounds = (body.data ?? [body]) as { tables: { id: string; seats: { player: { id: string } }[] }[] }[];
  return rounds.flatMap((r) =>
    r.tables.map((t) => ({ id: t.id, playerIds: t.seats.map((s) => s.player.id) })),
  );
}

/** A sheet where the first seat wins: by default with 10, the others 8, 6, 4 (or 8, 6). */
function sheet(playerIds: string[], extra: Record<string, unknown> = {}, vps = [10, 8, 6, 4]) {
  return {
    scores: playerIds.map((playerId, i) => ({ playerId, vp: vps[i] })),
    winnerId: playerIds[0],
    ...extra,
  };
}

/**
 * A championship through every operation of the API: organisations, clients, players, an event
 * of 32 players (three prelim games, semifinals, final) and a small event for the result
 * workflow (pending sheets, confirmations, referee finalisation, disqualification, correction,
 * audit), reads of every ranking, the change feed, the export and GraphQL. Each operation's
 * happy path is taken at least once; `samples` gets every request's round trips.
 */
export async function runEveryOperation(remote: MeasuredApp, samples: Sample[]): Promise<void> {
  const { app, db } = remote;
  const doc = (await (await app.request("/openapi.json")).json()) as OpenApiDocument;
  const measured = measuringClient(remote, doc, samples);
  const admin = await adminAuth(app, db);
  const chain = await createOrgClient(app, db, { name: "Round-trip chain", kind: "chain" });
  const asAdmin = measured(admin.auth);
  const api = measured(chain.auth);
  const anonymous = measured({});

  expectStatus(await anonymous.get("/health"), "ok", "health");
  expectStatus(await anonymous.get("/problems/validation-failed"), "ok", "problem page");
  expectStatus(await anonymous.get("/.well-known/oauth-authorization-server"), "ok", "OAuth metadata");
  const tokenRes = await anonymous.send("POST", "/v1/auth/token", undefined, {});
  expectStatus(tokenRes, 400, "token without a body");
  await tokenWithBody(remote, samples, doc, chain.clientId, chain.clientSecret);

  const store = await asAdmin.post("/v1/orgs", {
    name: "Round-trip store",
    kind: "store",
    parentOrgId: chain.orgId,
  });
  expectStatus(store, "ok", "create org");
  expectStatus(await api.get(`/v1/orgs/${chain.orgId}`), "ok", "get org");
  expectStatus(
    await api.patch(`/v1/orgs/${chain.orgId}`, { timeZone: "Europe/Vilnius" }),
    "ok",
    "set the org's time zone",
  );
  expectStatus(await api.get(`/v1/orgs/${chain.orgId}/children`), "ok", "children");
  const client = await api.post(`/v1/orgs/${chain.orgId}/clients`, { name: "bot", role: "reporter" });
  expectStatus(client, "ok", "create client");
  expectStatus(await api.get(`/v1/orgs/${chain.orgId}/clients`), "ok", "list clients");
  expectStatus(await api.get(`/v1/orgs/${chain.orgId}/clients/${client.body.clientId}`), "ok", "get client");
  expectStatus(
    await asAdmin.put(`/v1/orgs/${chain.orgId}/clients/${client.body.clientId}/rate-limit`, { factor: 4 }),
    "ok",
    "raise a client's rate limit",
  );
  expectStatus(
    await api.delete(`/v1/orgs/${chain.orgId}/clients/${client.body.clientId}`),
    "ok",
    "revoke client",
  );

  // A console device: a pairing code, the device's sign-in (its cookie), its own session read
  // and ended, the organisation's list, and a second device signed out by the owner.
  const pairing = await api.post(`/v1/orgs/${chain.orgId}/pairings`, { name: "desk", role: "organizer" });
  expectStatus(pairing, "ok", "create pairing");
  const redeemed = await anonymous.post("/v1/auth/device-sessions", { code: pairing.body.code });
  expectStatus(redeemed, "ok", "redeem pairing");
  const desk = measured({
    cookie: redeemed.headers.get("set-cookie")!.split(";")[0]!,
    origin: "http://localhost",
  });
  expectStatus(await desk.get("/v1/auth/device-sessions/current"), "ok", "current device session");
  expectStatus(await api.get(`/v1/orgs/${chain.orgId}/device-sessions`), "ok", "list device sessions");
  expectStatus(await desk.delete("/v1/auth/device-sessions/current"), "ok", "sign a device out");
  const second = await api.post(`/v1/orgs/${chain.orgId}/pairings`, { name: "phone", role: "reporter" });
  const phone = await anonymous.post("/v1/auth/device-sessions", { code: second.body.code });
  expectStatus(
    await api.delete(`/v1/orgs/${chain.orgId}/device-sessions/${phone.body.id}`),
    "ok",
    "revoke a device",
  );

  const players: string[] = [];
  for (let i = 1; i <= 36; i++) {
    const res = await api.post(`/v1/orgs/${chain.orgId}/players`, {
      name: `Player ${i}`,
      externalId: `RT-${i}`,
    });
    expectStatus(res, "ok", "create player");
    players.push(res.body.id);
  }
  expectStatus(await api.get(`/v1/orgs/${chain.orgId}/players?limit=50`), "ok", "list players");
  expectStatus(await api.get(`/v1/players/${players[0]}`), "ok", "get player");
  expectStatus(
    await api.patch(`/v1/players/${players[0]}`, { name: "Player 1 (renamed)" }),
    "ok",
    "update player",
  );

  // The championship: 32 players, one session of three games, semifinals and final.
  const event = await api.post(`/v1/orgs/${chain.orgId}/events`, { name: "Round-trip championship" });
  expectStatus(event, "ok", "create event");
  const eventId = event.body.id as string;
  expectStatus(await api.get(`/v1/orgs/${chain.orgId}/events`), "ok", "list events");
  expectStatus(await api.get(`/v1/events/${eventId}`), "ok", "get event");
  expectStatus(
    await api.patch(`/v1/events/${eventId}`, {
      name: "Round-trip championship 2026",
      startsOn: "2026-12-05",
    }),
    "ok",
    "update event",
  );
  expectStatus(
    await api.post(`/v1/events/${eventId}/staff`, { playerId: players[35], role: "referee" }),
    "ok",
    "staff",
  );
  expectStatus(await api.get(`/v1/events/${eventId}/staff`), "ok", "list staff");
  expectStatus(await api.delete(`/v1/events/${eventId}/staff/${players[35]}`), "ok", "remove staff");
  expectStatus(
    await api.post(`/v1/events/${eventId}/staff`, { playerId: players[35], role: "referee" }),
    "ok",
    "staff again",
  );
  expectStatus(
    await api.post(`/v1/events/${eventId}/avoid-pairs`, {
      playerIds: [players[0], players[1]],
      reason: "siblings",
    }),
    "ok",
    "avoid pair",
  );
  expectStatus(await api.get(`/v1/events/${eventId}/avoid-pairs`), "ok", "list avoid pairs");
  const session = await api.post(`/v1/events/${eventId}/sessions`, { name: "Kaunas", date: "2026-12-05" });
  expectStatus(session, "ok", "create session");
  const sessionId = session.body.id as string;
  expectStatus(await api.get(`/v1/events/${eventId}/sessions`), "ok", "list sessions");
  expectStatus(await api.get(`/v1/sessions/${sessionId}`), "ok", "get session");
  expectStatus(
    await api.patch(`/v1/sessions/${sessionId}`, {
      startsAt: "2026-12-05T10:00",
      timeZone: "Europe/Vilnius",
    }),
    "ok",
    "update session",
  );
  expectStatus(
    await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: players.slice(0, 33) }),
    "ok",
    "register",
  );
  expectStatus(await api.delete(`/v1/sessions/${sessionId}/players/${players[32]}`), "ok", "unregister");
  expectStatus(await api.get(`/v1/sessions/${sessionId}/players`), "ok", "list registrations");

  for (let game = 1; game <= 3; game++) {
    const round = await api.post(`/v1/sessions/${sessionId}/rounds`, { seed: `rt-${game}` });
    expectStatus(round, 201, `seat game ${game}`);
    if (game === 1) {
      const roundId = round.body.data[0].id as string;
      expectStatus(await api.post(`/v1/rounds/${roundId}/board`, { seed: "rt-board" }), "ok", "board");
      expectStatus(await api.get(`/v1/rounds/${roundId}/board`), "ok", "get board");
      expectStatus(await api.get(`/v1/rounds/${roundId}`), "ok", "get round");
      expectStatus(await api.get(`/v1/tables/${tablesOf(round.body)[0]?.id}`), "ok", "get table");
    }
    for (const table of tablesOf(round.body)) {
      expectStatus(
        await api.put(`/v1/tables/${table.id}/result`, sheet(table.playerIds, { signed: true })),
        "ok",
        "sheet",
      );
    }
  }
  expectStatus(await api.get(`/v1/sessions/${sessionId}/rounds`), "ok", "list rounds");
  expectStatus(await api.get(`/v1/sessions/${sessionId}/rounds.csv`), "ok", "rounds as CSV");
  expectStatus(await api.get(`/v1/sessions/${sessionId}/players.csv`), "ok", "roster as CSV");
  expectStatus(await anonymous.get(`/v1/sessions/${sessionId}/standings`), "ok", "session standings");
  expectStatus(await anonymous.get(`/v1/sessions/${sessionId}/standings.csv`), "ok", "session standings CSV");
  expectStatus(await anonymous.get(`/v1/events/${eventId}/qualification.csv`), "ok", "qualification CSV");
  const qualification = await anonymous.get(`/v1/events/${eventId}/qualification`);
  expectStatus(qualification, "ok", "qualification");
  const etag = qualification.headers.get("etag") ?? "";
  expectStatus(
    await anonymous.get(`/v1/events/${eventId}/qualification`, { "if-none-match": etag }),
    304,
    "304",
  );

  // Playoffs: seat, remove and seat again (the way out of a phase lock), then play.
  const semis = await api.post(`/v1/events/${eventId}/semifinals`);
  expectStatus(semis, "ok", "semifinals");
  expectStatus(
    await api.delete(`/v1/rounds/${semis.body.data?.[0]?.id ?? semis.body.id}`),
    "ok",
    "delete round",
  );
  const semisAgain = await api.post(`/v1/events/${eventId}/semifinals`);
  expectStatus(semisAgain, "ok", "semifinals again");
  const [firstSemi] = tablesOf(semisAgain.body);
  expectStatus(
    await api.put(`/v1/tables/${firstSemi?.id}/choices/waiver`, { reason: "Chosen on paper" }),
    "ok",
    "waive choices",
  );
  for (const table of tablesOf(semisAgain.body)) {
    expectStatus(
      await api.put(`/v1/tables/${table.id}/result`, sheet(table.playerIds, { signed: true })),
      "ok",
      "semi",
    );
  }
  const final = await api.post(`/v1/events/${eventId}/final`);
  expectStatus(final, "ok", "final");
  // The finalists choose turn order, chair and colour by rank (listed by rank until they do),
  // and the referee times the table's turns, then lets it play untimed.
  const [finalTable] = tablesOf(final.body);
  for (const [i, playerId] of (finalTable?.playerIds ?? []).entries()) {
    expectStatus(
      await api.post(`/v1/tables/${finalTable?.id}/choices`, {
        playerId,
        position: i + 1,
        colour: ["red", "blue", "white", "orange"][i],
      }),
      "ok",
      "choice",
    );
  }
  expectStatus(await api.put(`/v1/tables/${finalTable?.id}/timer`, { turnSeconds: 90 }), "ok", "timer on");
  expectStatus(await api.delete(`/v1/tables/${finalTable?.id}/timer`), "ok", "timer off");
  for (const table of tablesOf(final.body)) {
    expectStatus(
      await api.put(`/v1/tables/${table.id}/result`, sheet(table.playerIds, { signed: true })),
      "ok",
      "final",
    );
  }
  expectStatus(await anonymous.get(`/v1/events/${eventId}/standings`), "ok", "event standings");
  expectStatus(await anonymous.get(`/v1/events/${eventId}/standings.csv`), "ok", "event standings CSV");

  // The result workflow on a small event: pending sheet, confirmations, referee finalisation,
  // disqualification before final, correction after it, audit trail.
  // Subscribed before the workflow, so its results queue deliveries to list and redeliver.
  const webhookId = await subscribeWebhook(api, chain.orgId);
  await resultWorkflow(api, chain.orgId, players.slice(0, 12));
  await webhookDeliveries(api, chain.orgId, webhookId);

  // A store-hosted session: check-in, seat codes, a dispute, a drop with re-seating.
  await storeOperations(api, anonymous, chain.orgId, store.body.id, players.slice(12, 25));

  await calendars(api, anonymous, eventId, players[0]!);
  await programmeExclusion(api, chain.orgId, players[32]!);
  await discordOperations(api, anonymous, remote.discord, chain.orgId, eventId, ["RT-1", "RT-2"]);
  await federationSeries(api, chain.orgId, eventId);
  await federationRatings(api, chain.orgId, players[0]!);
  await mergeDuplicate(api, chain.orgId, players[33]!);
  await readChangeFeed(remote, samples, doc, `/v1/events/${eventId}/changes`);
  await readChangeFeed(remote, samples, doc, `/v1/events/${eventId}/live`);
  await readOrgChangeFeed(remote, samples, doc, chain.auth, chain.orgId);
  const exported = await api.get(`/v1/orgs/${chain.orgId}/export?include=descendants`);
  expectStatus(exported, "ok", "export");
  const cursor = JSON.parse(exported.text.trim().split("\n").at(-1) ?? "{}").next as string;
  // Something changes after the cursor, then the incremental export picks it up.
  expectStatus(
    await api.patch(`/v1/players/${players[1]}`, { name: "Player 2 (renamed)" }),
    "ok",
    "update player",
  );
  expectStatus(
    await api.get(`/v1/orgs/${chain.orgId}/export?include=descendants&since=${cursor}`),
    "ok",
    "incremental export",
  );
  expectStatus(await api.delete(`/v1/orgs/${chain.orgId}/webhooks/${webhookId}`), "ok", "delete webhook");
  const query = `{ event(id: "${eventId}") { name sessions { name standings { rows { rank player { name } } } } } }`;
  expectStatus(await anonymous.post("/graphql", { query }), "ok", "graphql");
  expectStatus(
    await anonymous.get(`/graphql?query=${encodeURIComponent(query)}`, { accept: "application/json" }),
    "ok",
    "graphql GET",
  );
}

async function resultWorkflow(api: JsonClient, orgId: string, players: string[]) {
  const event = await api.post(`/v1/orgs/${orgId}/events`, { name: "Round-trip workflow" });
  const eventId = event.body.id as string;
  const session = await api.post(`/v1/events/${eventId}/sessions`, { name: "Workflow" });
  const sessionId = session.body.id as string;
  expectStatus(await api.post(`/v1/sessions/${sessionId}/players`, { playerIds: players }), "ok", "register");
  const round = await api.post(`/v1/sessions/${sessionId}/rounds`, { seed: "workflow" });
  expectStatus(round, "ok", "seat");
  const [confirmed, finalized, corrected] = tablesOf(round.body) as [SeatedTable, SeatedTable, SeatedTable];

  const pending = await api.put(`/v1/tables/${confirmed.id}/result`, sheet(confirmed.playerIds));
  expectStatus(pending, "ok", "pending sheet");
  for (const playerId of confirmed.playerIds) {
    const res = await api.post(`/v1/tables/${confirmed.id}/result/confirmations`, { playerId });
    expectStatus(res, "ok", "confirm");
  }

  const disqualified = finalized.playerIds[3];
  expectStatus(
    await api.post(`/v1/tables/${finalized.id}/warnings`, {
      playerId: disqualified,
      rule: "2.0.3",
      note: "Moved a road back",
    }),
    201,
    "warning",
  );
  expectStatus(await api.get(`/v1/players/${disqualified}/warnings`), "ok", "list warnings");
  expectStatus(
    await api.post(`/v1/tables/${finalized.id}/disqualifications`, {
      playerId: disqualified,
      reason: "Conduct",
    }),
    "ok",
    "disqualify",
  );
  const afterDisqualification = sheet(finalized.playerIds, {}, [10, 8, 6, 0]);
  expectStatus(
    await api.put(`/v1/tables/${finalized.id}/result`, afterDisqualification),
    "ok",
    "sheet after disqualification",
  );
  expectStatus(
    await api.post(`/v1/tables/${finalized.id}/result/finalize`, { reason: "Seat 2 refused to sign." }),
    "ok",
    "finalize",
  );

  expectStatus(
    await api.put(`/v1/tables/${corrected.id}/result`, sheet(corrected.playerIds, { signed: true })),
    "ok",
    "signed",
  );
  const correction = sheet(
    corrected.playerIds,
    { reason: "Transcription error: seat 3 had 7 VP." },
    [10, 8, 7, 4],
  );
  expectStatus(await api.post(`/v1/tables/${corrected.id}/result/corrections`, correction), "ok", "correct");
  expectStatus(await api.get(`/v1/events/${eventId}/audit`), "ok", "audit");
}

/** The iCalendar feeds: the event's, a player's, and a player's secret address made and revoked. */
/** The chain (it has a member store) excludes a player, lists, and lifts the exclusion. */
async function programmeExclusion(api: JsonClient, orgId: string, playerId: string) {
  const excluded = await api.post(`/v1/orgs/${orgId}/exclusions`, {
    playerId,
    until: "2099-01-01",
    reason: "Repeated free-resource deals",
  });
  expectStatus(excluded, 201, "exclusion");
  expectStatus(await api.get(`/v1/orgs/${orgId}/exclusions`), "ok", "list exclusions");
  expectStatus(await api.delete(`/v1/orgs/${orgId}/exclusions/${excluded.body.id}`), "ok", "lift exclusion");
}

async function calendars(api: JsonClient, anonymous: JsonClient, eventId: string, playerId: string) {
  expectStatus(await anonymous.get(`/v1/events/${eventId}/calendar.ics`), "ok", "event calendar");
  expectStatus(await api.get(`/v1/players/${playerId}/calendar.ics`), "ok", "player calendar");
  const link = await api.post(`/v1/players/${playerId}/calendar-links`);
  expectStatus(link, 201, "calendar link");
  expectStatus(await anonymous.get(new URL(link.body.url).pathname), "ok", "secret calendar");
  expectStatus(await api.get(`/v1/players/${playerId}/calendar-links`), "ok", "list calendar links");
  expectStatus(await api.delete(`/v1/calendar-links/${link.body.id}`), "ok", "revoke calendar link");
}

/** A circuit over the tree's tagged events, with its standings. */
async function federationSeries(api: JsonClient, orgId: string, eventId: string) {
  expectStatus(await api.put(`/v1/events/${eventId}/tags`, { tags: ["circuit-2026"] }), "ok", "set tags");
  expectStatus(await api.get(`/v1/events/${eventId}/tags`), "ok", "get tags");
  const series = await api.post(`/v1/orgs/${orgId}/series`, {
    name: "Circuit 2026",
    selection: { kind: "tag", tag: "circuit-2026", from: "2026-01-01", to: "2026-12-31" },
    policy: { bestOf: 2, cut: { top: 8, label: "National final" } },
  });
  expectStatus(series, "ok", "create series");
  const seriesId = series.body.id as string;
  expectStatus(await api.get(`/v1/orgs/${orgId}/series`), "ok", "list series");
  expectStatus(await api.get(`/v1/orgs/${orgId}/series/${seriesId}`), "ok", "get series");
  expectStatus(
    await api.patch(`/v1/orgs/${orgId}/series/${seriesId}`, { policy: { bestOf: 3 } }),
    "ok",
    "update series",
  );
  expectStatus(await api.get(`/v1/series/${seriesId}/standings`), "ok", "series standings");
  expectStatus(await api.get(`/v1/series/${seriesId}/standings.csv`), "ok", "series standings CSV");
}

/** The tree's rating table, one player's rating and history. */
async function federationRatings(api: JsonClient, orgId: string, playerId: string) {
  expectStatus(await api.get(`/v1/orgs/${orgId}/ratings?minGames=1`), "ok", "org ratings");
  expectStatus(await api.get(`/v1/orgs/${orgId}/ratings.csv?minGames=1`), "ok", "org ratings CSV");
  expectStatus(await api.get(`/v1/players/${playerId}/rating`), "ok", "player rating");
  expectStatus(await api.get(`/v1/players/${playerId}/history`), "ok", "player history");
}

/** A duplicate of a player (no membership number) merged into them. */
async function mergeDuplicate(api: JsonClient, orgId: string, keptId: string) {
  const duplicate = await api.post(`/v1/orgs/${orgId}/players`, { name: "Player 34 (again)" });
  expectStatus(duplicate, "ok", "create duplicate");
  expectStatus(
    await api.post(`/v1/players/${duplicate.body.id}/merge`, { intoPlayerId: keptId }),
    "ok",
    "merge player",
  );
}

/** A subscription's management: create, list, read, update, rotate its secret. */
async function subscribeWebhook(api: JsonClient, orgId: string): Promise<string> {
  const created = await api.post(`/v1/orgs/${orgId}/webhooks`, {
    url: "https://hooks.example.com/catan",
    eventTypes: ["round.seated", "result.submitted", "result.final", "standings.changed"],
    includeDescendants: true,
  });
  expectStatus(created, 201, "create webhook");
  const webhookId = created.body.id as string;
  expectStatus(await api.get(`/v1/orgs/${orgId}/webhooks`), "ok", "list webhooks");
  expectStatus(await api.get(`/v1/orgs/${orgId}/webhooks/${webhookId}`), "ok", "get webhook");
  expectStatus(
    await api.patch(`/v1/orgs/${orgId}/webhooks/${webhookId}`, { description: "Federation sync" }),
    "ok",
    "update webhook",
  );
  expectStatus(
    await api.post(`/v1/orgs/${orgId}/webhooks/${webhookId}/rotate-secret`, { overlapSeconds: 3600 }),
    "ok",
    "rotate webhook secret",
  );
  return webhookId;
}

/** The delivery log (no dispatcher runs here: deliveries stay pending) and a redelivery. */
async function webhookDeliveries(api: JsonClient, orgId: string, webhookId: string) {
  const log = await api.get(`/v1/orgs/${orgId}/webhooks/${webhookId}/deliveries`);
  expectStatus(log, "ok", "list deliveries");
  const deliveryId = log.body.data?.[0]?.id as string | undefined;
  if (!deliveryId) throw new Error(`no delivery queued: ${log.text}`);
  expectStatus(
    await api.post(`/v1/orgs/${orgId}/webhooks/${webhookId}/deliveries/${deliveryId}/redeliver`),
    "ok",
    "redeliver",
  );
}

/** The organisation's change feed resumed from the start (Last-Event-ID: 0), up to its first message. */
async function readOrgChangeFeed(
  remote: MeasuredApp,
  samples: Sample[],
  doc: OpenApiDocument,
  auth: Record<string, string>,
  orgId: string,
) {
  const operationId = operationMatcher(doc)("GET", `/v1/orgs/${orgId}/changes`);
  const first = await measure(remote, samples, operationId, async () => {
    const res = await remote.app.request(`/v1/orgs/${orgId}/changes`, {
      headers: { ...auth, "last-event-id": "0" },
    });
    const reader = res.body?.getReader();
    const chunk = await reader?.read();
    await reader?.cancel();
    return { status: res.status, chunk };
  });
  if (first.status !== 200 || !first.chunk?.value) throw new Error(`org change feed: ${first.status}`);
}

/** The token endpoint takes a form body, not JSON: measured by hand. */
async function tokenWithBody(
  remote: MeasuredApp,
  samples: Sample[],
  doc: OpenApiDocument,
  clientId: string,
  clientSecret: string,
) {
  const res = await measure(remote, samples, operationMatcher(doc)("POST", "/v1/auth/token"), async () => {
    const res = await remote.app.request("/v1/auth/token", tokenRequest(clientId, clientSecret));
    await res.text();
    return res;
  });
  if (res.status !== 200) throw new Error(`token: ${res.status}`);
}

/**
 * An event's change feed up to its first message (the stream then stays open: it is cancelled).
 * `/live` without `Upgrade: websocket` answers the same stream, which is what Node serves.
 */
async function readChangeFeed(remote: MeasuredApp, samples: Sample[], doc: OpenApiDocument, path: string) {
  const operationId = operationMatcher(doc)("GET", path);
  const first = await measure(remote, samples, operationId, async () => {
    const res = await remote.app.request(path);
    const reader = res.body?.getReader();
    const chunk = await reader?.read();
    await reader?.cancel();
    return { status: res.status, chunk };
  });
  if (first.status !== 200 || !first.chunk?.value) throw new Error(`${path}: ${first.status}`);
}
