import { createRouter } from "../../router";
import * as h from "./playoffs.handlers";
import * as r from "./playoffs.routes";

export const playoffsRouter = createRouter()
  .openapi(r.seatSemifinals, h.seatSemifinalsHandler)
  .openapi(r.seatFinal, h.seatFinalHandler);
