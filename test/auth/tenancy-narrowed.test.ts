/**
 * Tenancy for narrowed credentials: a client limited to one session or event, and a token asked
 * for fewer scopes than its role, read only what that session or event needs. The organisation's
 * other private events, its players' membership numbers and its org-wide feeds stay closed to
 * them, as writes already were (docs/reference/authentication.md#narrowed-credentials).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import type { App } from "../../src/http/app";
import { bearer, createOrgClient, type OrgClient, tokenRequest } from "../helpers/auth";
import { type ProblemAnswer, recordProblems, undeclaredProblems } from "../helpers/problem-recorder";
import { createTestApp } from "../helpers/test-app";
import { type JsonClient, jsonRequest } from "../helpers/workflow";

let app: App;
/** Every problem the app answered in this file, checked against the document at the end. */
let problems: ProblemAnswer[] = [];
let db: Database;
let store: OrgClient;
/** The phone's event and session, and the event's other session. */
let eventId: string;
let sessionId: string;
let otherSessionId: string;
/** A private event of the same store the phone has nothing to do with. */
let secretEventId: string;
/** Credentials under test, by name. */
const narrowed: Record<string, Record<string, string>> = {};

const MEMBERSHIP = "MEMB-";
const as = (auth: Record<string, string>): JsonClient => jsonRequest(app, auth);

/** A GET whatever its media type (streams, calendars, CSV): the body as text, and JSON when it is. */
async function read(path: string, headers: Record<string, string> = {}) {
  const res = await app.request(path, { headers });
  const text = await res.text();
  const json =
    /^application\/(problem\+)?json/.test(res.headers.get("content-type") ?? "") && text
      ? JSON.parse(text)
      : null;
  return { status: res.status, text, body: json, headers: res.headers };
}

async function token(clientId: string, clientSecret: string, scope?: string): Promise<string> {
  const res = await app.request("/v1/auth/token", tokenRequest(clientId, clientSecret, scope));
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function newClient(body: Record<string, unknown>) {
  const res = await as(store.auth).post(`/v1/orgs/${store.orgId}/clients`, body);
  expect(res.status, res.text).toBe(201);
  return res.body as { clientId: string; clientSecret: string };
}

/** Ids of the phone's own event and of the secret one, for the paths of the matrix. */
interface Fixture {
  event: string;
  first: string;
  second: string;
  players: string[];
  tableId: string;
  roundId: string;
}
let mine: Fixture;
let secret: Fixture;
/** Organisation-level fixtures: a series over both events, a webhook, a client, a secret calendar. */
const org = { seriesId: "", webhookId: "", clientId: "", calendarPath: "" };

/** A private event with two sessions; four players with membership numbers play one result. */
async function privateEvent(name: string) {
  const api = as(store.auth);
  const event = (await api.post(`/v1/orgs/${store.orgId}/events`, { name, visibility: "private" })).body.id;
  const first = (await api.post(`/v1/events/${event}/sessions`, { name: `${name} A` })).body.id;
  const second = (await api.post(`/v1/events/${event}/sessions`, { name: `${name} B` })).body.id;
  const ids: string[] = [];
  for (let i = 1; i <= 4; i++) {
    const res = await api.post(`/v1/orgs/${store.orgId}/players`, {
      name: `${name} player ${i}`,
      externalId: `${MEMBERSHIP}${name}-${i}`,
    });
    expect(res.status, res.text).toBe(201);
    ids.push(res.body.id);
  }
  expect((await api.post(`/v1/sessions/${first}/players`, { playerIds: ids })).status).toBe(200);
  const round = await api.post(`/v1/sessions/${first}/rounds`, {});
  expect(round.status, round.text).toBe(201);
  const table = round.body.data[0].tables[0];
  const seated = table.seats.map((s: { player: { id: string } }) => s.player.id);
  const sheet = {
    scores: seated.map((playerId: string, i: number) => ({ playerId, vp: i ? 6 : 10 })),
    winnerId: seated[0],
  };
  expect((await api.put(`/v1/tables/${table.id}/result`, sheet)).status).toBe(200);
  return {
    event,
    first,
    second,
    players: ids,
    tableId: table.id as string,
    roundId: round.body.data[0].id as string,
  };
}

beforeAll(async () => {
  // A resolver standing in for DNS (no network in tests): the webhook's host is public.
  ({ app, db } = await createTestApp({
    push: {
      webhookTargets: { allowLoopback: false, resolveHost: async () => ["93.184.215.14"] }, // A deployment with its Discord application, so its routes answer past the configuration check.
      discord: { applicationId: "123456789012345678", publicKey: "7f".repeat(32) },
    },
  }));
  problems = recordProblems(app);
  store = await createOrgClient(app, db, { name: "Store" });
  mine = await privateEvent("Qualifier");
  eventId = mine.event;
  sessionId = mine.first;
  otherSessionId = mine.second;
  secret = await privateEvent("Invitational");
  secretEventId = secret.event;

  const api = as(store.auth);
  for (const round of [mine.roundId, secret.roundId]) {
    expect((await api.post(`/v1/rounds/${round}/board`, { seed: "b" })).status).toBe(201);
  }
  for (const event of [mine.event, secret.event]) {
    expect((await api.put(`/v1/events/${event}/tags`, { tags: ["circuit"] })).status).toBe(200);
  }
  const series = await api.post(`/v1/orgs/${store.orgId}/series`, {
    name: "Circuit",
    selection: { kind: "tag", tag: "circuit", from: "2000-01-01", to: "2100-12-31" },
    policy: { bestOf: 2 },
  });
  expect(series.status, series.text).toBe(201);
  org.seriesId = series.body.id;
  const hook = await api.post(`/v1/orgs/${store.orgId}/webhooks`, {
    url: "https://hooks.example.com/catan",
    eventTypes: ["result.final"],
  });
  expect(hook.status, hook.text).toBe(201);
  org.webhookId = hook.body.id;
  const link = await api.post(`/v1/players/${secret.players[0]}/calendar-links`);
  expect(link.status, link.text).toBe(201);
  org.calendarPath = new URL(link.body.url).pathname;

  const phone = await newClient({ name: "volunteer phone", role: "reporter", scope: { sessionId } });
  narrowed["session-limited phone"] = bearer(await token(phone.clientId, phone.clientSecret));
  narrowed["session-limited phone, results:write token"] = bearer(
    await token(phone.clientId, phone.clientSecret, "results:write"),
  );
  const bot = await newClient({ name: "event bot", role: "referee", scope: { eventId } });
  narrowed["event-limited bot"] = bearer(await token(bot.clientId, bot.clientSecret));
  const referee = await newClient({ name: "referee", role: "referee" });
  org.clientId = referee.clientId;
  narrowed["results:write token"] = bearer(
    await token(referee.clientId, referee.clientSecret, "results:write"),
  );
});

/** The problem code a credential must get for an org-wide read: its limit, else its scopes. */
const refusal = (who: string) => (who.includes("limited") ? "outside_client_scope" : "insufficient_scope");

describe("org-wide reads are refused to narrowed credentials (403 naming the limit or scope)", () => {
  const reads: [string, () => string, Record<string, string>?][] = [
    ["the export", () => `/v1/orgs/${store.orgId}/export`],
    ["the players (membership numbers)", () => `/v1/orgs/${store.orgId}/players`],
    [
      "the organisation's change feed from the start",
      () => `/v1/orgs/${store.orgId}/changes?maxSeconds=1`,
      { "last-event-id": "0" },
    ],
  ];
  for (const [what, path, headers] of reads) {
    it(`${what}`, async () => {
      for (const [who, auth] of Object.entries(narrowed)) {
        const res = await read(path(), { ...auth, ...headers });
        expect(res.status, `${who}: ${res.text.slice(0, 300)}`).toBe(403);
        expect(res.body.code, who).toBe(refusal(who));
        expect(res.text).not.toContain(secretEventId);
        expect(res.text).not.toContain(MEMBERSHIP);
      }
      // The organisation's own full token still reads them.
      expect((await read(path(), { ...store.auth, ...headers })).status).toBe(200);
    });
  }
});

type Outcome =
  /** What the organisation's full token gets (the same status): the data its event needs. */
  | "reads"
  /** 403 naming what is missing: the limit for a limited client, else the scope. */
  | "refused"
  /** 403 for a narrowed credential or a role without the manage right. */
  | "forbidden"
  /** 404, as for an id that does not exist. */
  | "hidden"
  /** Needs no token, or the public view: the status an anonymous caller gets. */
  | "anyone";
type Who = "phone" | "phoneResults" | "eventBot" | "resultsToken";
const LABEL: Record<Who, string> = {
  phone: "session-limited phone",
  phoneResults: "session-limited phone, results:write token",
  eventBot: "event-limited bot",
  resultsToken: "results:write token",
};
const limited = (who: Who) => who !== "resultsToken";

interface Target {
  path: string;
  headers?: Record<string, string>;
}
interface Row {
  /** The operation aimed at the phone's own event, session, table, player. */
  own: () => Target;
  /** Aimed at the secret event's resources (or one of its players), when the operation takes one. */
  secret?: () => Target;
  /** By credential, or one outcome for all; the secret target: limited clients get 404 (or `secretExpect`). */
  expect: Outcome | Record<Who, Outcome>;
  secretExpect?: Outcome | Record<Who, Outcome>;
}
/** Limited clients see what anyone sees; an unlimited token reads the organisation's events. */
const LIMITED_AS_ANYONE: Record<Who, Outcome> = {
  phone: "anyone",
  phoneResults: "anyone",
  eventBot: "anyone",
  resultsToken: "reads",
};

const stream = (path: string): Target => ({
  path: `${path}?maxSeconds=1`,
  headers: { "last-event-id": "0" },
});
const graphql = (query: string, variables: Record<string, string>): Target => ({
  path: `/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify(variables))}`,
  headers: { accept: "application/json" },
});
const EVENT_QUERY = "query($id: ID!) { event(id: $id) { id name sessions { id name } } }";

/**
 * Every GET operation of the OpenAPI document: the test below fails when the document has one
 * this table does not list, so a new route cannot escape the matrix.
 */
const MATRIX: Record<string, Row> = {
  getHealth: { own: () => ({ path: "/health" }), expect: "anyone" },
  getProblemPage: { own: () => ({ path: "/problems/outside-client-scope" }), expect: "anyone" },
  getAuthorizationServerMetadata: {
    own: () => ({ path: "/.well-known/oauth-authorization-server" }),
    expect: "anyone",
  },
  getSecretCalendar: { own: () => ({ path: org.calendarPath }), expect: "anyone" },
  installDiscordApplication: { own: () => ({ path: "/discord/install" }), expect: "anyone" },

  // The organisation-wide data.
  getOrganization: { own: () => ({ path: `/v1/orgs/${store.orgId}` }), expect: "refused" },
  listChildOrganizations: { own: () => ({ path: `/v1/orgs/${store.orgId}/children` }), expect: "refused" },
  listPlayers: { own: () => ({ path: `/v1/orgs/${store.orgId}/players` }), expect: "refused" },
  getPlayer: {
    own: () => ({ path: `/v1/players/${mine.players[0]}` }),
    secret: () => ({ path: `/v1/players/${secret.players[0]}` }),
    expect: "refused",
    secretExpect: "refused",
  },
  listEvents: { own: () => ({ path: `/v1/orgs/${store.orgId}/events` }), expect: "refused" },
  exportOrganization: { own: () => ({ path: `/v1/orgs/${store.orgId}/export` }), expect: "refused" },
  streamOrgChanges: { own: () => stream(`/v1/orgs/${store.orgId}/changes`), expect: "refused" },

  // The manage rights: clients, webhooks, calendar links.
  listApiClients: { own: () => ({ path: `/v1/orgs/${store.orgId}/clients` }), expect: "forbidden" },
  getApiClient: {
    own: () => ({ path: `/v1/orgs/${store.orgId}/clients/${org.clientId}` }),
    expect: "forbidden",
  },
  listWebhooks: { own: () => ({ path: `/v1/orgs/${store.orgId}/webhooks` }), expect: "forbidden" },
  getWebhook: {
    own: () => ({ path: `/v1/orgs/${store.orgId}/webhooks/${org.webhookId}` }),
    expect: "forbidden",
  },
  listWebhookDeliveries: {
    own: () => ({ path: `/v1/orgs/${store.orgId}/webhooks/${org.webhookId}/deliveries` }),
    expect: "forbidden",
  },
  listDiscordGuilds: { own: () => ({ path: `/v1/orgs/${store.orgId}/discord/guilds` }), expect: "forbidden" },
  listDiscordLinkRequests: {
    own: () => ({ path: `/v1/orgs/${store.orgId}/discord/link-requests` }),
    expect: "forbidden",
  },
  listExclusions: { own: () => ({ path: `/v1/orgs/${store.orgId}/exclusions` }), expect: "forbidden" },
  listDeviceSessions: {
    own: () => ({ path: `/v1/orgs/${store.orgId}/device-sessions` }),
    expect: "forbidden",
  },
  // A bearer token has no device session of its own.
  getCurrentDeviceSession: { own: () => ({ path: "/v1/auth/device-sessions/current" }), expect: "hidden" },
  listPlayerWarnings: {
    own: () => ({ path: `/v1/players/${mine.players[0]}/warnings` }),
    secret: () => ({ path: `/v1/players/${secret.players[0]}/warnings` }),
    expect: "forbidden",
    secretExpect: "forbidden",
  },
  listCalendarLinks: {
    own: () => ({ path: `/v1/players/${mine.players[0]}/calendar-links` }),
    secret: () => ({ path: `/v1/players/${secret.players[0]}/calendar-links` }),
    expect: "forbidden",
    secretExpect: "forbidden",
  },

  // Views over several events: the public view, plus the events the credential reads.
  getPlayerHistory: {
    own: () => ({ path: `/v1/players/${mine.players[0]}/history` }),
    secret: () => ({ path: `/v1/players/${secret.players[0]}/history` }),
    expect: "reads",
    secretExpect: LIMITED_AS_ANYONE,
  },
  getPlayerRating: {
    own: () => ({ path: `/v1/players/${mine.players[0]}/rating` }),
    secret: () => ({ path: `/v1/players/${secret.players[0]}/rating` }),
    // Ratings are over public events only for every narrowed credential.
    expect: "anyone",
    secretExpect: "anyone",
  },
  getPlayerCalendar: {
    own: () => ({ path: `/v1/players/${mine.players[0]}/calendar.ics` }),
    secret: () => ({ path: `/v1/players/${secret.players[0]}/calendar.ics` }),
    expect: "reads",
    secretExpect: LIMITED_AS_ANYONE,
  },
  getOrgRatings: { own: () => ({ path: `/v1/orgs/${store.orgId}/ratings` }), expect: "reads" },
  listSeries: { own: () => ({ path: `/v1/orgs/${store.orgId}/series` }), expect: "reads" },
  getSeries: { own: () => ({ path: `/v1/orgs/${store.orgId}/series/${org.seriesId}` }), expect: "reads" },
  getSeriesStandings: { own: () => ({ path: `/v1/series/${org.seriesId}/standings` }), expect: "reads" },

  // The event and what hangs under it.
  getEvent: {
    own: () => ({ path: `/v1/events/${mine.event}` }),
    secret: () => ({ path: `/v1/events/${secret.event}` }),
    expect: "reads",
  },
  listStaff: {
    own: () => ({ path: `/v1/events/${mine.event}/staff` }),
    secret: () => ({ path: `/v1/events/${secret.event}/staff` }),
    expect: "reads",
  },
  listSessions: {
    own: () => ({ path: `/v1/events/${mine.event}/sessions` }),
    secret: () => ({ path: `/v1/events/${secret.event}/sessions` }),
    expect: "reads",
  },
  getSession: {
    own: () => ({ path: `/v1/sessions/${mine.first}` }),
    secret: () => ({ path: `/v1/sessions/${secret.first}` }),
    expect: "reads",
  },
  listRegistrations: {
    own: () => ({ path: `/v1/sessions/${mine.first}/players` }),
    secret: () => ({ path: `/v1/sessions/${secret.first}/players` }),
    expect: "reads",
  },
  getSessionStandings: {
    own: () => ({ path: `/v1/sessions/${mine.first}/standings` }),
    secret: () => ({ path: `/v1/sessions/${secret.first}/standings` }),
    expect: "reads",
  },
  getQualification: {
    own: () => ({ path: `/v1/events/${mine.event}/qualification` }),
    secret: () => ({ path: `/v1/events/${secret.event}/qualification` }),
    expect: "reads",
  },
  getEventStandings: {
    own: () => ({ path: `/v1/events/${mine.event}/standings` }),
    secret: () => ({ path: `/v1/events/${secret.event}/standings` }),
    expect: "reads",
  },
  getTable: {
    own: () => ({ path: `/v1/tables/${mine.tableId}` }),
    secret: () => ({ path: `/v1/tables/${secret.tableId}` }),
    expect: "reads",
  },
  listSessionRounds: {
    own: () => ({ path: `/v1/sessions/${mine.first}/rounds` }),
    secret: () => ({ path: `/v1/sessions/${secret.first}/rounds` }),
    expect: "reads",
  },
  getRound: {
    own: () => ({ path: `/v1/rounds/${mine.roundId}` }),
    secret: () => ({ path: `/v1/rounds/${secret.roundId}` }),
    expect: "reads",
  },
  getBoard: {
    own: () => ({ path: `/v1/rounds/${mine.roundId}/board` }),
    secret: () => ({ path: `/v1/rounds/${secret.roundId}/board` }),
    expect: "reads",
  },
  getEventTags: {
    own: () => ({ path: `/v1/events/${mine.event}/tags` }),
    secret: () => ({ path: `/v1/events/${secret.event}/tags` }),
    expect: "reads",
  },
  getEventCalendar: {
    own: () => ({ path: `/v1/events/${mine.event}/calendar.ics` }),
    secret: () => ({ path: `/v1/events/${secret.event}/calendar.ics` }),
    expect: "reads",
  },
  streamEventChanges: {
    own: () => stream(`/v1/events/${mine.event}/changes`),
    secret: () => stream(`/v1/events/${secret.event}/changes`),
    expect: "reads",
  },
  watchEventLive: {
    own: () => ({ path: `/v1/events/${mine.event}/live?maxSeconds=1&lastEventId=0` }),
    secret: () => ({ path: `/v1/events/${secret.event}/live?maxSeconds=1&lastEventId=0` }),
    expect: "reads",
  },
  graphqlGet: {
    own: () => graphql(EVENT_QUERY, { id: mine.event }),
    secret: () => graphql(EVENT_QUERY, { id: secret.event }),
    expect: "reads",
    // GraphQL answers 200 with `event: null` for an event the caller may not read.
    secretExpect: "reads",
  },
  // The event's staff records: the audit log spans every session; avoid pairs are an organiser's.
  listAudit: {
    own: () => ({ path: `/v1/events/${mine.event}/audit` }),
    secret: () => ({ path: `/v1/events/${secret.event}/audit` }),
    expect: { phone: "refused", phoneResults: "refused", eventBot: "reads", resultsToken: "refused" },
  },
  // The CSV operations: the same reach as their JSON reads.
  getOrgRatingsCsv: { own: () => ({ path: `/v1/orgs/${store.orgId}/ratings.csv` }), expect: "reads" },
  getSeriesStandingsCsv: {
    own: () => ({ path: `/v1/series/${org.seriesId}/standings.csv` }),
    expect: "reads",
  },
  listRegistrationsCsv: {
    own: () => ({ path: `/v1/sessions/${mine.first}/players.csv` }),
    secret: () => ({ path: `/v1/sessions/${secret.first}/players.csv` }),
    expect: "reads",
  },
  getSessionStandingsCsv: {
    own: () => ({ path: `/v1/sessions/${mine.first}/standings.csv` }),
    secret: () => ({ path: `/v1/sessions/${secret.first}/standings.csv` }),
    expect: "reads",
  },
  getQualificationCsv: {
    own: () => ({ path: `/v1/events/${mine.event}/qualification.csv` }),
    secret: () => ({ path: `/v1/events/${secret.event}/qualification.csv` }),
    expect: "reads",
  },
  getEventStandingsCsv: {
    own: () => ({ path: `/v1/events/${mine.event}/standings.csv` }),
    secret: () => ({ path: `/v1/events/${secret.event}/standings.csv` }),
    expect: "reads",
  },
  listSessionRoundsCsv: {
    own: () => ({ path: `/v1/sessions/${mine.first}/rounds.csv` }),
    secret: () => ({ path: `/v1/sessions/${secret.first}/rounds.csv` }),
    expect: "reads",
  },
  listAvoidPairs: {
    own: () => ({ path: `/v1/events/${mine.event}/avoid-pairs` }),
    secret: () => ({ path: `/v1/events/${secret.event}/avoid-pairs` }),
    expect: "forbidden",
  },
};

const NARROWING_CODES = ["outside_client_scope", "insufficient_scope", "insufficient_role"];

/** Ids of the secret event that a limited client must never see, unless the path itself names them. */
const secretIds = () => [secret.event, secret.first, secret.second, secret.tableId, secret.roundId];

async function check(op: string, who: Who, target: Target, outcome: Outcome) {
  const headers = target.headers ?? {};
  const res = await read(target.path, { ...narrowed[LABEL[who]], ...headers });
  const where = `${op} ${target.path} as ${LABEL[who]}: ${res.status} ${res.text.slice(0, 200)}`;
  switch (outcome) {
    case "reads": {
      const owner = await read(target.path, { ...store.auth, ...headers });
      expect(owner.status, `${op} as the owner`).toBeLessThan(400);
      expect(res.status, where).toBe(owner.status);
      break;
    }
    case "anyone":
      expect(res.status, where).toBe((await read(target.path, headers)).status);
      break;
    case "refused":
      expect(res.status, where).toBe(403);
      expect(res.body?.code, where).toBe(limited(who) ? "outside_client_scope" : "insufficient_scope");
      break;
    case "forbidden":
      expect(res.status, where).toBe(403);
      expect(NARROWING_CODES, where).toContain(res.body?.code);
      break;
    case "hidden":
      expect(res.status, where).toBe(404);
      break;
  }
  // Whatever the answer, it carries no membership number, and a limited client's carries
  // nothing of the organisation's other private event.
  expect(res.text, where).not.toContain(MEMBERSHIP);
  if (limited(who)) {
    for (const id of secretIds().filter((id) => !target.path.includes(id))) {
      expect(res.text, where).not.toContain(id);
    }
  }
}

describe("the tenancy matrix: every GET operation with every kind of narrowed credential", () => {
  it("lists every GET operation of the OpenAPI document, and only those", async () => {
    const doc = (await as({}).get("/openapi.json")).body as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const gets = Object.values(doc.paths)
      .flatMap((ops) => (ops.get ? [ops.get.operationId] : []))
      .sort();
    expect(Object.keys(MATRIX).sort()).toEqual(gets);
  });

  for (const [op, row] of Object.entries(MATRIX)) {
    it(`${op}`, async () => {
      for (const who of Object.keys(LABEL) as Who[]) {
        const outcome = typeof row.expect === "string" ? row.expect : row.expect[who];
        await check(op, who, row.own(), outcome);
        if (row.secret) {
          const secretOutcome =
            typeof row.secretExpect === "object"
              ? row.secretExpect[who]
              : (row.secretExpect ?? (limited(who) ? "hidden" : outcome));
          await check(op, who, row.secret(), secretOutcome);
        }
      }
    });
  }
});

describe("what the phone still reads", () => {
  it("the rest of its event as the public reads a public one: rosters without membership numbers, tables without seat codes", async () => {
    const phone = as(narrowed[LABEL.phone]!);
    const other = await phone.get(`/v1/sessions/${otherSessionId}`);
    expect(other.status, other.text).toBe(200);
    const roster = await phone.get(`/v1/sessions/${sessionId}/players`);
    expect(roster.status).toBe(200);
    expect(roster.body.data.map((r: { player: { externalId: unknown } }) => r.player.externalId)).toEqual([
      null,
      null,
      null,
      null,
    ]);
    // The organisation's full token sees the numbers in the same list.
    const full = await as(store.auth).get(`/v1/sessions/${sessionId}/players`);
    expect(full.text).toContain(MEMBERSHIP);
  });

  it("GraphQL applies the same rule: its event, not the organisation's players or a membership-number lookup", async () => {
    const phone = as(narrowed[LABEL.phone]!);
    const ask = (query: string, variables: Record<string, string>) =>
      phone.post("/graphql", { query, variables });
    const own = await ask("query($e: ID!) { event(id: $e) { id } }", { e: eventId });
    expect(own.body.data.event).toEqual({ id: eventId });
    const hidden = await ask("query($e: ID!) { event(id: $e) { id } }", { e: secretEventId });
    expect(hidden.body.data?.event ?? null).toBeNull();
    for (const query of [
      "query($o: ID!) { players(orgId: $o) { nodes { id externalId } } }",
      `query($o: ID!) { playerByExternalId(orgId: $o, externalId: "${MEMBERSHIP}Invitational-1") { id } }`,
    ]) {
      const res = await ask(query, { o: store.orgId });
      expect(res.status).toBe(200);
      expect(res.body.data?.playerByExternalId ?? null, query).toBeNull();
      expect(res.body.errors?.[0]?.extensions?.code, query).toBe("outside_client_scope");
      expect(res.text).not.toContain(MEMBERSHIP);
      expect(res.text).not.toContain(secret.players[0]);
    }
  });
});

/**
 * Writes: every non-GET operation of the document is either organisation-wide, and then refused
 * to every narrowed credential (403 naming the limit, the scope or the role), or listed with the
 * reason it is not. Credentials whose role could otherwise make the write are among them, so the
 * refusal is the narrowing's, not the role's.
 */
type WriteCall = { method: "POST" | "PUT" | "PATCH" | "DELETE"; path: string; body?: unknown };
type WriteRow = { orgWide: () => WriteCall } | { reason: string };

const EVENT_WRITE =
  "an event's, session's or table's write: allowed within the client's limit and refused outside it (test/auth/scopes.test.ts; the secret event below)";
/** Ids made for the writes: a client and a calendar link that a wrongly allowed write would remove. */
const spare = { clientId: "", linkId: "" };
const writers: Record<string, Record<string, string>> = {};
/** The narrowing codes, and the merge's own role refusal (it takes an owner). */
const WRITE_REFUSALS = [...NARROWING_CODES, "merge_needs_owner"];

const WRITES: Record<string, WriteRow> = {
  createAccessToken: { reason: "the token endpoint takes client credentials, not a token" },
  receiveDiscordInteraction: { reason: "signed by Discord with the application's key, not a bearer token" },
  graphql: { reason: "queries only (the schema has no mutation), read as in the GET matrix above" },
  createPlayer: {
    reason:
      "a store registers walk-ins from a limited device: players belong to no event (docs/reference/authentication.md#narrowed-credentials)",
  },
  redeemPairingCode: { reason: "spends a one-time pairing code, not a bearer token" },
  endCurrentDeviceSession: {
    reason: "a device ends its own session (its cookie), nothing of the organisation's",
  },
  createDevicePairing: {
    reason:
      "pairs a device within the caller's own role and limit, never wider (test/console/pairing-security.test.ts)",
  },
  revokeDeviceSession: {
    reason:
      "revokes a device paired within the caller's own role and limit; others are not visible (test/console/pairing-security.test.ts)",
  },
  createOrganization: {
    orgWide: () => ({ method: "POST", path: "/v1/orgs", body: { name: "Shadow", kind: "store" } }),
  },
  updateOrganization: {
    orgWide: () => ({
      method: "PATCH",
      path: `/v1/orgs/${store.orgId}`,
      body: { timeZone: "Europe/Vilnius" },
    }),
  },
  createApiClient: {
    orgWide: () => ({
      method: "POST",
      path: `/v1/orgs/${store.orgId}/clients`,
      body: { name: "x", role: "owner" },
    }),
  },
  revokeApiClient: {
    orgWide: () => ({ method: "DELETE", path: `/v1/orgs/${store.orgId}/clients/${spare.clientId}` }),
  },
  setApiClientRateLimit: {
    orgWide: () => ({
      method: "PUT",
      path: `/v1/orgs/${store.orgId}/clients/${spare.clientId}/rate-limit`,
      body: { factor: 5 },
    }),
  },
  updatePlayer: {
    orgWide: () => ({
      method: "PATCH",
      path: `/v1/players/${mine.players[0]}`,
      body: { discordId: "412345678901234567" },
    }),
  },
  mergePlayer: {
    orgWide: () => ({
      method: "POST",
      path: `/v1/players/${secret.players[3]}/merge`,
      body: { intoPlayerId: mine.players[3] },
    }),
  },
  createEvent: {
    orgWide: () => ({ method: "POST", path: `/v1/orgs/${store.orgId}/events`, body: { name: "Rogue" } }),
  },
  createExclusion: {
    orgWide: () => ({
      method: "POST",
      path: `/v1/orgs/${store.orgId}/exclusions`,
      body: { playerId: mine.players[0], until: "2099-01-01", reason: "x" },
    }),
  },
  liftExclusion: {
    orgWide: () => ({
      method: "DELETE",
      path: `/v1/orgs/${store.orgId}/exclusions/exc_01JDQ7N3Q5S7U9W1Y3A5C7E9G1`,
    }),
  },
  createCalendarLink: {
    orgWide: () => ({ method: "POST", path: `/v1/players/${mine.players[0]}/calendar-links` }),
  },
  revokeCalendarLink: { orgWide: () => ({ method: "DELETE", path: `/v1/calendar-links/${spare.linkId}` }) },
  createSeries: {
    orgWide: () => ({
      method: "POST",
      path: `/v1/orgs/${store.orgId}/series`,
      body: { name: "Rogue circuit", selection: { kind: "tag", tag: "circuit" } },
    }),
  },
  updateSeries: {
    orgWide: () => ({
      method: "PATCH",
      path: `/v1/orgs/${store.orgId}/series/${org.seriesId}`,
      body: { policy: { bestOf: 3 } },
    }),
  },
  createWebhook: {
    orgWide: () => ({
      method: "POST",
      path: `/v1/orgs/${store.orgId}/webhooks`,
      body: { url: "https://hooks.example.com/rogue", eventTypes: ["result.final"] },
    }),
  },
  updateWebhook: {
    orgWide: () => ({
      method: "PATCH",
      path: `/v1/orgs/${store.orgId}/webhooks/${org.webhookId}`,
      body: { enabled: false },
    }),
  },
  deleteWebhook: {
    orgWide: () => ({ method: "DELETE", path: `/v1/orgs/${store.orgId}/webhooks/${org.webhookId}` }),
  },
  rotateWebhookSecret: {
    orgWide: () => ({
      method: "POST",
      path: `/v1/orgs/${store.orgId}/webhooks/${org.webhookId}/rotate-secret`,
    }),
  },
  redeliverWebhook: {
    orgWide: () => ({
      method: "POST",
      path: `/v1/orgs/${store.orgId}/webhooks/${org.webhookId}/deliveries/whd_01JDQ7N3Q5S7U9W1Y3A5C7E9G1/redeliver`,
    }),
  },
  createDiscordSetupCode: {
    orgWide: () => ({
      method: "POST",
      path: `/v1/orgs/${store.orgId}/discord/setup-codes`,
      body: { eventId },
    }),
  },
  unlinkDiscordGuild: {
    orgWide: () => ({ method: "DELETE", path: `/v1/orgs/${store.orgId}/discord/guilds/123456789012345678` }),
  },
  approveDiscordLinkRequest: {
    orgWide: () => ({
      method: "POST",
      path: `/v1/orgs/${store.orgId}/discord/link-requests/dlr_01JDQ7N3Q5S7U9W1Y3A5C7E9G1/approve`,
    }),
  },
  rejectDiscordLinkRequest: {
    orgWide: () => ({
      method: "POST",
      path: `/v1/orgs/${store.orgId}/discord/link-requests/dlr_01JDQ7N3Q5S7U9W1Y3A5C7E9G1/reject`,
    }),
  },
  updateEvent: { reason: EVENT_WRITE },
  addStaff: { reason: EVENT_WRITE },
  removeStaff: { reason: EVENT_WRITE },
  addAvoidPair: { reason: EVENT_WRITE },
  createSession: { reason: EVENT_WRITE },
  updateSession: { reason: EVENT_WRITE },
  registerPlayers: { reason: EVENT_WRITE },
  unregisterPlayer: { reason: EVENT_WRITE },
  checkInPlayers: { reason: EVENT_WRITE },
  undoCheckIn: { reason: EVENT_WRITE },
  dropPlayer: { reason: EVENT_WRITE },
  submitResult: { reason: EVENT_WRITE },
  confirmResult: { reason: `${EVENT_WRITE}; a player confirms with their seat code and no token` },
  disputeResult: { reason: `${EVENT_WRITE}; a player disputes with their seat code and no token` },
  finalizeResult: { reason: EVENT_WRITE },
  disqualifyPlayer: { reason: EVENT_WRITE },
  recordChoice: { reason: EVENT_WRITE },
  waiveChoices: { reason: EVENT_WRITE },
  switchTimerOn: { reason: EVENT_WRITE },
  switchTimerOff: { reason: EVENT_WRITE },
  correctResult: { reason: EVENT_WRITE },
  recordWarning: { reason: EVENT_WRITE },
  createRounds: { reason: EVENT_WRITE },
  deleteRound: { reason: EVENT_WRITE },
  seatSemifinals: { reason: EVENT_WRITE },
  seatFinal: { reason: EVENT_WRITE },
  createBoard: { reason: EVENT_WRITE },
  setEventTags: { reason: EVENT_WRITE },
};

describe("the tenancy matrix of writes: every organisation-wide write is refused to narrowed credentials", () => {
  beforeAll(async () => {
    const owner = await newClient({ name: "event-limited owner", role: "owner", scope: { eventId } });
    writers["event-limited owner"] = bearer(await token(owner.clientId, owner.clientSecret));
    const organizer = await newClient({ name: "session organizer", role: "organizer", scope: { sessionId } });
    writers["session-limited organizer"] = bearer(await token(organizer.clientId, organizer.clientSecret));
    // Every write scope of the owner's role, but not the organisation-wide reach.
    writers["owner token without org:read"] = bearer(
      await token(
        store.clientId,
        store.clientSecret,
        "events:write results:write seating:write registrations:write players:write clients:manage webhooks:manage audit:read standings:read",
      ),
    );
    for (const [who, auth] of Object.entries(narrowed)) writers[who] = auth;
    spare.clientId = (await newClient({ name: "spare", role: "reader" })).clientId;
    const link = await as(store.auth).post(`/v1/players/${mine.players[1]}/calendar-links`);
    expect(link.status, link.text).toBe(201);
    spare.linkId = link.body.id;
  });

  it("lists every non-GET operation of the OpenAPI document, and only those", async () => {
    const doc = (await as({}).get("/openapi.json")).body as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const writes = Object.values(doc.paths)
      .flatMap((ops) =>
        Object.entries(ops).flatMap(([method, op]) => (method === "get" ? [] : [op.operationId])),
      )
      .sort();
    expect(Object.keys(WRITES).sort()).toEqual(writes);
  });

  for (const [op, row] of Object.entries(WRITES)) {
    if (!("orgWide" in row)) continue;
    it(`${op}`, async () => {
      for (const [who, auth] of Object.entries(writers)) {
        const call = row.orgWide();
        const res = await as(auth).send(call.method, call.path, call.body);
        const where = `${op} ${call.method} ${call.path} as ${who}: ${res.status} ${res.text.slice(0, 300)}`;
        expect(res.status, where).toBe(403);
        expect(WRITE_REFUSALS, where).toContain(res.body?.code);
      }
    });
  }

  it("an event's writes stay refused on the organisation's other private event", async () => {
    for (const who of ["event-limited owner", "session-limited organizer"]) {
      const api = as(writers[who]!);
      for (const [method, path, body] of [
        ["PATCH", `/v1/events/${secret.event}`, { name: "Taken over" }],
        ["POST", `/v1/events/${secret.event}/sessions`, { name: "Extra" }],
        ["POST", `/v1/events/${secret.event}/staff`, { playerId: mine.players[0], role: "referee" }],
        ["PUT", `/v1/events/${secret.event}/tags`, { tags: ["mine"] }],
        ["POST", `/v1/rounds/${secret.roundId}/board`, { seed: "x" }],
        [
          "POST",
          `/v1/tables/${secret.tableId}/warnings`,
          { playerId: secret.players[0], rule: "2.0.3", note: "x" },
        ],
      ] as const) {
        const res = await api.send(method, path, body);
        expect([403, 404], `${method} ${path} as ${who}: ${res.status} ${res.text}`).toContain(res.status);
      }
    }
    expect((await as(store.auth).get(`/v1/events/${secret.event}`)).body.name).toBe("Invitational");
  });
});

describe("the refusals are in the contract", () => {
  it("answers each refusal of this file with a code its operation documents for that status", async () => {
    const doc = await (await app.request("/openapi.json")).json();
    expect(undeclaredProblems(doc, problems)).toEqual([]);
  });
});
