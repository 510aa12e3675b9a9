import { createRouter } from "../../router";
import * as h from "./attendance.handlers";
import * as r from "./attendance.routes";

export const attendanceRouter = createRouter()
  .openapi(r.checkIn, h.checkInHandler)
  .openapi(r.undoCheckIn, h.undoCheckInHandler)
  .openapi(r.drop, h.dropHandler);
