import { createRouter } from "../../router";
import * as h from "./standings.handlers";
import * as r from "./standings.routes";

export const standingsRouter = createRouter()
  .openapi(r.getSessionStandings, h.getSessionStandingsHandler)
  .openapi(r.getQualification, h.getQualificationHandler)
  .openapi(r.getEventStandings, h.getEventStandingsHandler)
  .openapi(r.getSessionStandingsCsv, h.getSessionStandingsCsvHandler)
  .openapi(r.getQualificationCsv, h.getQualificationCsvHandler)
  .openapi(r.getEventStandingsCsv, h.getEventStandingsCsvHandler);
