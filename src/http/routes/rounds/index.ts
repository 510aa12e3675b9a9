import { seatingCsv } from "../../csv/rankings-csv";
import { csvVariant } from "../../middleware/csv";
import { createRouter } from "../../router";
import * as h from "./rounds.handlers";
import * as r from "./rounds.routes";

const router = createRouter();
// A session's seating is also CSV (`?format=csv`, `Accept: text/csv`); the handler stays JSON-only.
router.use("/v1/sessions/:sessionId/rounds", csvVariant(seatingCsv));

export const roundsRouter = router
  .openapi(r.createRounds, h.createRoundsHandler)
  .openapi(r.listSessionRounds, h.listSessionRoundsHandler)
  .openapi(r.getRound, h.getRoundHandler)
  .openapi(r.deleteRound, h.deleteRoundHandler);
