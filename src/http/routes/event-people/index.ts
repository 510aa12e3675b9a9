import { createRouter } from "../../router";
import * as h from "./event-people.handlers";
import * as r from "./event-people.routes";

export const eventPeopleRouter = createRouter()
  .openapi(r.addStaff, h.addStaffHandler)
  .openapi(r.removeStaff, h.removeStaffHandler)
  .openapi(r.listStaff, h.listStaffHandler)
  .openapi(r.addAvoidPair, h.addAvoidPairHandler)
  .openapi(r.listAvoidPairs, h.listAvoidPairsHandler);
