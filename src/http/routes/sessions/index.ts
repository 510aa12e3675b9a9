import { createRouter } from "../../router";
import * as h from "./sessions.handlers";
import * as r from "./sessions.routes";

export const sessionsRouter = createRouter()
  .openapi(r.createSession, h.createSessionHandler)
  .openapi(r.listSessions, h.listSessionsHandler)
  .openapi(r.getSession, h.getSessionHandler)
  .openapi(r.updateSession, h.updateSessionHandler)
  .openapi(r.registerPlayers, h.registerPlayersHandler)
  .openapi(r.listRegistrations, h.listRegistrationsHandler)
  .openapi(r.listRegistrationsCsv, h.listRegistrationsCsvHandler)
  .openapi(r.unregisterPlayer, h.unregisterPlayerHandler);
