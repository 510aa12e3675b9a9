import type { RouteHandler } from "@hono/zod-openapi";
import * as attendance from "../../../services/events";
import { dropPlayer } from "../../../services/rounds";
import { type AppEnv, serviceContext } from "../../context";
import type * as r from "./attendance.routes";

export const checkInHandler: RouteHandler<typeof r.checkIn, AppEnv> = async (c) =>
  c.json(
    await attendance.checkIn(
      serviceContext(c),
      c.req.valid("param").sessionId,
      c.req.valid("json").playerIds,
    ),
    200,
  );

export const undoCheckInHandler: RouteHandler<typeof r.undoCheckIn, AppEnv> = async (c) => {
  const { sessionId, playerId } = c.req.valid("param");
  await attendance.undoCheckIn(serviceContext(c), sessionId, playerId);
  return c.body(null, 204);
};

export const dropHandler: RouteHandler<typeof r.drop, AppEnv> = async (c) =>
  c.json(await dropPlayer(serviceContext(c), c.req.valid("param").sessionId, c.req.valid("json")), 201);
