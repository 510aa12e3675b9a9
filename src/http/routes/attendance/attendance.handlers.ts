import * as attendance from "../../../services/events";
import { dropPlayer } from "../../../services/rounds";
import { serviceContext } from "../../context";
import { createRouter } from "../../router";
import * as r from "./attendance.routes";

export const attendanceRouter = createRouter();

attendanceRouter.openapi(r.checkIn, async (c) => {
  const { sessionId } = c.req.valid("param");
  return c.json(await attendance.checkIn(serviceContext(c), sessionId, c.req.valid("json").playerIds), 200);
});

attendanceRouter.openapi(r.undoCheckIn, async (c) => {
  const { sessionId, playerId } = c.req.valid("param");
  await attendance.undoCheckIn(serviceContext(c), sessionId, playerId);
  return c.body(null, 204);
});

attendanceRouter.openapi(r.drop, async (c) =>
  c.json(await dropPlayer(serviceContext(c), c.req.valid("param").sessionId, c.req.valid("json")), 201),
);
