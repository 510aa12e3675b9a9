import { rankingCsv } from "../../csv/rankings-csv";
import { csvVariant } from "../../middleware/csv";
import { createRouter } from "../../router";
import * as h from "./standings.handlers";
import * as r from "./standings.routes";

const router = createRouter();
// Every ranking is also CSV (`?format=csv`, `Accept: text/csv`); the handlers stay JSON-only.
for (const path of [
  "/v1/sessions/:sessionId/standings",
  "/v1/events/:eventId/qualification",
  "/v1/events/:eventId/standings",
]) {
  router.use(path, csvVariant(rankingCsv));
}

export const standingsRouter = router
  .openapi(r.getSessionStandings, h.getSessionStandingsHandler)
  .openapi(r.getQualification, h.getQualificationHandler)
  .openapi(r.getEventStandings, h.getEventStandingsHandler);
