import type { Database } from "../../src/db/client";
import type { App } from "../../src/http/app";
import { createOrgClient } from "./auth";
import { type JsonClient, jsonRequest } from "./workflow";

/** Names with the diacritics of the rules' languages: pages and CSV must keep them. */
export const FIXTURE_NAMES = [
  "Rūta Kazlauskienė",
  "Élodie Dubois",
  "Jonas Petrauskas",
  "Inès Moreau",
  "Eglė Stankevičiūtė",
  "Chloé Laurent",
  "Darius Jankauskas",
  "Léa Bernard",
];

export interface PagesFixture {
  api: JsonClient;
  /** The store owner's bearer header. */
  auth: Record<string, string>;
  orgId: string;
  eventId: string;
  privateEventId: string;
  sessionId: string;
  playerIds: string[];
  /** Game 1, seated through the API. */
  round: {
    id: string;
    number: number;
    tables: { id: string; number: number; seats: { player: { id: string; name: string } }[] }[];
  };
}

/**
 * Through the HTTP API, as a store would: 8 players, a public event in Vilnius's time zone with
 * one dated session, game 1 seated (2 tables), no result yet; and a private event.
 */
export async function pagesFixture(app: App, db: Database): Promise<PagesFixture> {
  const store = await createOrgClient(app, db, { name: "Kauno stalo žaidimai" });
  const api = jsonRequest(app, store.auth);
  const playerIds: string[] = [];
  for (const name of FIXTURE_NAMES) {
    playerIds.push((await api.post(`/v1/orgs/${store.orgId}/players`, { name })).body.id);
  }
  const event = await api.post(`/v1/orgs/${store.orgId}/events`, {
    name: "Baltic Championship 2026",
    startsOn: "2026-12-05",
    timeZone: "Europe/Vilnius",
    venue: "Kaunas",
  });
  if (event.status !== 201) throw new Error(`event: ${event.status} ${event.text}`);
  const privateEvent = await api.post(`/v1/orgs/${store.orgId}/events`, {
    name: "Staff practice night",
    visibility: "private",
  });
  const session = await api.post(`/v1/events/${event.body.id}/sessions`, {
    name: "Qualifier Kaunas",
    date: "2026-12-05",
    venue: "Kaunas store",
  });
  await api.post(`/v1/sessions/${session.body.id}/players`, { playerIds });
  const rounds = await api.post(`/v1/sessions/${session.body.id}/rounds`, { seed: "pages" });
  if (rounds.status !== 201) throw new Error(`rounds: ${rounds.status} ${rounds.text}`);
  return {
    api,
    auth: store.auth,
    orgId: store.orgId,
    eventId: event.body.id,
    privateEventId: privateEvent.body.id,
    sessionId: session.body.id,
    playerIds,
    round: rounds.body.data[0],
  };
}

/** A signed sheet for a table: the first seat wins with 10, the others 8, 6, 4. */
export async function submitSigned(api: JsonClient, table: PagesFixture["round"]["tables"][number]) {
  const res = await api.put(`/v1/tables/${table.id}/result`, {
    scores: table.seats.map((s, i) => ({ playerId: s.player.id, vp: [10, 8, 6, 4][i] })),
    winnerId: table.seats[0]!.player.id,
    signed: true,
  });
  if (res.status !== 200 && res.status !== 201) throw new Error(`result: ${res.status} ${res.text}`);
  return res;
}
