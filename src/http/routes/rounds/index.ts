import { createRouter } from "../../router";
import * as h from "./rounds.handlers";
import * as r from "./rounds.routes";

export const roundsRouter = createRouter()
  .openapi(r.createRounds, h.createRoundsHandler)
  .openapi(r.listSessionRounds, h.listSessionRoundsHandler)
  .openapi(r.listSessionRoundsCsv, h.listSessionRoundsCsvHandler)
  .openapi(r.getRound, h.getRoundHandler)
  .openapi(r.deleteRound, h.deleteRoundHandler);
