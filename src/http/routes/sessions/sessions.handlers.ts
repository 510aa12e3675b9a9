import type { Context } from "hono";
import * as sessions from "../../../services/events";
import { type AppEnv, serviceContext } from "../../context";
import type { CsvLang } from "../../csv/format";
import { rosterCsv } from "../../csv/rankings-csv";
import { csvDialect, csvRequested } from "../../csv/variant";
import { createRouter } from "../../router";
import { jsonPage, sendSessionCsv } from "../handler";
import * as r from "./sessions.routes";

/** The CSV is the whole roster: every page, as many as the session has players. */
async function sendRosterCsv(c: Context<AppEnv>, sessionId: string, lang: CsvLang) {
  const roster = await sessions.sessionRoster(serviceContext(c), sessionId);
  return sendSessionCsv(c, sessionId, lang, "roster", roster, rosterCsv);
}

export const sessionsRouter = createRouter();

sessionsRouter.openapi(r.createSession, async (c) => {
  const { eventId } = c.req.valid("param");
  const session = await sessions.createSession(serviceContext(c), eventId, c.req.valid("json"));
  return c.json(session, 201, { location: `/v1/sessions/${session.id}` });
});

sessionsRouter.openapi(r.listSessions, async (c) =>
  c.json(await sessions.listSessions(serviceContext(c), c.req.valid("param").eventId), 200),
);

sessionsRouter.openapi(r.getSession, async (c) =>
  c.json(await sessions.getSession(serviceContext(c), c.req.valid("param").sessionId), 200),
);

sessionsRouter.openapi(r.updateSession, async (c) => {
  const { sessionId } = c.req.valid("param");
  return c.json(await sessions.updateSession(serviceContext(c), sessionId, c.req.valid("json")), 200);
});

sessionsRouter.openapi(r.registerPlayers, async (c) => {
  const { sessionId } = c.req.valid("param");
  const { playerIds } = c.req.valid("json");
  return c.json(await sessions.registerPlayers(serviceContext(c), sessionId, playerIds), 200);
});

sessionsRouter.openapi(r.listRegistrations, async (c) => {
  const sessionId = c.req.valid("param").sessionId;
  const csv = csvRequested(c);
  // The deprecated CSV of the JSON operation is no longer in its documented (typed) answer.
  if (csv) return (await sendRosterCsv(c, sessionId, csv)) as never;
  c.header("Vary", "Accept");
  return jsonPage(c, await sessions.listRegistrations(serviceContext(c), sessionId, c.req.valid("query")));
});

sessionsRouter.openapi(r.listRegistrationsCsv, async (c) =>
  sendRosterCsv(c, c.req.valid("param").sessionId, csvDialect(c)),
);

sessionsRouter.openapi(r.unregisterPlayer, async (c) => {
  const { sessionId, playerId } = c.req.valid("param");
  await sessions.unregisterPlayer(serviceContext(c), sessionId, playerId);
  return c.body(null, 204);
});
