import { createRouter } from "../../router";
import * as h from "./tables.handlers";
import * as r from "./tables.routes";

export const tablesRouter = createRouter()
  .openapi(r.getTable, h.getTableHandler)
  .openapi(r.submitResult, h.submitResultHandler)
  .openapi(r.confirmResult, h.confirmResultHandler)
  .openapi(r.disputeResult, h.disputeResultHandler)
  .openapi(r.finalizeResult, h.finalizeResultHandler)
  .openapi(r.disqualifyPlayer, h.disqualifyPlayerHandler)
  .openapi(r.recordChoice, h.recordChoiceHandler)
  .openapi(r.waiveChoices, h.waiveChoicesHandler)
  .openapi(r.switchTimerOn, h.switchTimerOnHandler)
  .openapi(r.switchTimerOff, h.switchTimerOffHandler)
  .openapi(r.correctResult, h.correctResultHandler)
  .openapi(r.listAudit, h.listAuditHandler);
