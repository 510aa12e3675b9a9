import type { RouteHandler } from "@hono/zod-openapi";
import * as registrations from "../../../services/events";
import * as sessions from "../../../services/events";
import { type AppEnv, serviceContext } from "../../context";
import { withPageLink } from "../../pagination";
import type {
  createSession,
  getSession,
  listRegistrations,
  listSessions,
  registerPlayers,
  unregisterPlayer,
  updateSession,
} from "./sessions.routes";

export const createSessionHandler: RouteHandler<typeof createSession, AppEnv> = async (c) => {
  const session = await sessions.createSession(
    serviceContext(c),
    c.req.valid("param").eventId,
    c.req.valid("json"),
  );
  return c.json(session, 201, { location: `/v1/sessions/${session.id}` });
};

export const listSessionsHandler: RouteHandler<typeof listSessions, AppEnv> = async (c) =>
  c.json(await sessions.listSessions(serviceContext(c), c.req.valid("param").eventId), 200);

export const getSessionHandler: RouteHandler<typeof getSession, AppEnv> = async (c) =>
  c.json(await sessions.getSession(serviceContext(c), c.req.valid("param").sessionId), 200);

export const updateSessionHandler: RouteHandler<typeof updateSession, AppEnv> = async (c) =>
  c.json(
    await sessions.updateSession(serviceContext(c), c.req.valid("param").sessionId, c.req.valid("json")),
    200,
  );

export const registerPlayersHandler: RouteHandler<typeof registerPlayers, AppEnv> = async (c) =>
  c.json(
    await registrations.registerPlayers(
      serviceContext(c),
      c.req.valid("param").sessionId,
      c.req.valid("json").playerIds,
    ),
    200,
  );

export const listRegistrationsHandler: RouteHandler<typeof listRegistrations, AppEnv> = async (c) =>
  c.json(
    withPageLink(
      c,
      await registrations.listRegistrations(
        serviceContext(c),
        c.req.valid("param").sessionId,
        c.req.valid("query"),
      ),
    ),
    200,
  );

export const unregisterPlayerHandler: RouteHandler<typeof unregisterPlayer, AppEnv> = async (c) => {
  const { sessionId, playerId } = c.req.valid("param");
  await registrations.unregisterPlayer(serviceContext(c), sessionId, playerId);
  return c.body(null, 204);
};
