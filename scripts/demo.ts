/**
 * `npm run demo`: fills the local database (same DATABASE_URL as `npm start`) with a realistic
 * store-chain qualifier — three prelim sessions on different dates with overlapping players,
 * every result final, semifinals and final played — through the real HTTP API in process.
 * It prints the URLs and the demo organisation's owner credentials (`--json`: one JSON object
 * on stdout with the ids and credentials, for scripts: `npm run -s demo -- --json`).
 */

import { bootstrapLocalAdmin, firstStartBanner, loadNodeAuthConfig } from "../src/bootstrap";
import { readConfig } from "../src/config";
import { DEFAULT_DATABASE_URL, migrateDatabase, openNodeDatabase } from "../src/db/node";
import { createRandom, type Random } from "../src/domain/random";
import { createApp } from "../src/http/app";
import { SYSTEM_ACTOR } from "../src/services/access";
import { insertApiClient } from "../src/services/auth";
import { createOrganization } from "../src/services/orgs";

const FIRST = [
  "Rūta",
  "Jonas",
  "Camille",
  "Lukas",
  "Inès",
  "Mantas",
  "Élodie",
  "Tomas",
  "Hugo",
  "Eglė",
  "Léa",
  "Darius",
  "Chloé",
  "Paulius",
  "Manon",
  "Gabija",
  "Louis",
  "Ieva",
  "Jules",
  "Austėja",
  "Nathan",
  "Karolis",
  "Zoé",
  "Matas",
  "Emma",
];
const LAST = [
  "Kazlauskas",
  "Dubois",
  "Petrauskaitė",
  "Martin",
  "Jankauskas",
  "Bernard",
  "Stankevičius",
  "Moreau",
  "Vasiliauskas",
  "Laurent",
];

// biome-ignore lint/suspicious/noExplicitAny: the demo reads API JSON without restating every schema
type Api = (method: string, path: string, body?: unknown) => Promise<any>;

function sheetFor(playerIds: string[], random: Random) {
  const winner = random.int(playerIds.length);
  return {
    scores: playerIds.map((playerId, i) => ({
      playerId,
      vp: i === winner ? 10 + (random.int(10) === 0 ? 1 : 0) : 2 + random.int(8),
    })),
    winnerId: playerIds[winner]!,
    signed: true,
  };
}

async function playRound(
  api: Api,
  round: { tables: { id: string; seats: { player: { id: string } }[] }[] },
  random: Random,
) {
  for (const table of round.tables) {
    await api(
      "PUT",
      `/v1/tables/${table.id}/result`,
      sheetFor(
        table.seats.map((s) => s.player.id),
        random,
      ),
    );
  }
}

async function main(): Promise<void> {
  const json = process.argv.slice(2).includes("--json");
  // With --json, stdout carries the JSON object only; progress goes nowhere.
  const say = json ? () => {} : (line: string) => console.log(line);
  const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 8787}`;
  const { db } = openNodeDatabase(databaseUrl, process.env.DATABASE_AUTH_TOKEN);
  await migrateDatabase(db);
  // On an empty database the demo is the first start: show the admin credentials as `npm start` would.
  const firstAdmin = await bootstrapLocalAdmin(db, databaseUrl);
  const quiet = {
    info: () => {},
    error: (message: string, fields?: Record<string, unknown>) => console.error(message, fields),
  };
  const app = createApp({
    storage: { db },
    logging: { logger: quiet },
    auth: loadNodeAuthConfig(readConfig(process.env, "node"), databaseUrl),
  });
  const random = createRandom(`demo:${Date.now()}`);

  const chain = await createOrganization(
    { db, actor: SYSTEM_ACTOR, clock: () => new Date() },
    { name: "Baltic Board Games (demo chain)", kind: "chain" },
  );
  const owner = await insertApiClient(db, { orgId: chain.id, name: "demo owner", role: "owner" }, new Date());
  const tokenRes = await app.request("/v1/auth/token", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      grant_type: "client_credentials",
      client_id: owner.clientId,
      client_secret: owner.clientSecret,
    }),
  });
  const { access_token } = (await tokenRes.json()) as { access_token: string };
  const api: Api = async (method, path, body) => {
    const res = await app.request(path, {
      method,
      headers: {
        authorization: `Bearer ${access_token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };

  const players: string[] = [];
  for (let i = 0; i < 45; i++) {
    const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`;
    players.push(
      (
        await api("POST", `/v1/orgs/${chain.id}/players`, {
          name,
          externalId: `DEMO-${String(i + 1).padStart(3, "0")}`,
        })
      ).id,
    );
  }
  const event = await api("POST", `/v1/orgs/${chain.id}/events`, {
    name: "Baltic Store Championship 2026 (demo)",
    startsOn: "2026-12-05",
    timeZone: "Europe/Vilnius",
  });
  const sessionPlans = [
    { name: "Qualifier Kaunas", date: "2026-12-05", venue: "Kaunas store", players: players.slice(0, 13) },
    { name: "Qualifier Vilnius", date: "2026-12-12", venue: "Vilnius store", players: players.slice(8, 26) },
    {
      name: "Qualifier Klaipėda",
      date: "2026-12-19",
      venue: "Klaipėda store",
      players: [...players.slice(20, 45), ...players.slice(0, 7)],
    },
  ];
  const sessionIds: string[] = [];
  for (const plan of sessionPlans) {
    const session = await api("POST", `/v1/events/${event.id}/sessions`, {
      name: plan.name,
      date: plan.date,
      venue: plan.venue,
    });
    await api("POST", `/v1/sessions/${session.id}/players`, { playerIds: plan.players });
    sessionIds.push(session.id);
    for (let game = 1; game <= 3; game++) {
      const created = await api("POST", `/v1/sessions/${session.id}/rounds`, {});
      for (const round of created.data) await playRound(api, round, random);
    }
    say(`  ${plan.name}: ${plan.players.length} players, 3 games played`);
  }
  await playRound(api, await api("POST", `/v1/events/${event.id}/semifinals`, {}), random);
  const final = await api("POST", `/v1/events/${event.id}/final`, {});
  // The finalists' choices by rank are made at the table, not entered here: staff waive them.
  for (const table of final.tables) {
    await api("PUT", `/v1/tables/${table.id}/choices/waiver`, { reason: "Chosen at the table (demo)" });
  }
  await playRound(api, final, random);
  const standings = await api("GET", `/v1/events/${event.id}/standings`);
  const champion = standings.rows?.[0]?.player?.name ?? "?";

  if (json) {
    console.log(
      JSON.stringify({
        orgId: chain.id,
        clientId: owner.clientId,
        clientSecret: owner.clientSecret,
        eventId: event.id,
        sessionIds,
        champion,
        ...(firstAdmin ? { admin: firstAdmin } : {}),
      }),
    );
    return;
  }
  say(`\nDemo event ready: ${event.name} (${event.id}), champion: ${champion}`);
  say("Start the API (npm start) and open:");
  say(`  event:          ${publicUrl}/v1/events/${event.id}`);
  say(`  qualification:  ${publicUrl}/v1/events/${event.id}/qualification`);
  say(`  final standings ${publicUrl}/v1/events/${event.id}/standings`);
  say(`  sessions:       ${publicUrl}/v1/events/${event.id}/sessions`);
  say(`  docs:           ${publicUrl}/docs`);
  say("Pages for the venue (add ?lang=fr or ?lang=lt):");
  say(`  event page:     ${publicUrl}/e/${event.id}`);
  say(`  venue screen:   ${publicUrl}/e/${event.id}/screen`);
  say(`  print seating:  ${publicUrl}/s/${sessionIds[0]}/print/seating`);
  say(`  result sheets:  ${publicUrl}/s/${sessionIds[0]}/print/sheets?round=1`);
  say(`  standings CSV:  ${publicUrl}/v1/events/${event.id}/standings?format=csv`);
  say(
    `\nThe demo organisation ${chain.name} (${chain.id}), its owner client (the secret is shown only now):`,
  );
  say(`  client id:     ${owner.clientId}`);
  say(`  client secret: ${owner.clientSecret}`);
  say("Get a token (owner of the demo chain: its private data, clients, corrections):");
  say(
    `  curl -s ${publicUrl}/v1/auth/token -u '${owner.clientId}:${owner.clientSecret}' -d grant_type=client_credentials`,
  );
  if (firstAdmin) say(firstStartBanner(firstAdmin, publicUrl));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
