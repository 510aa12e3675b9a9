import type { RouteHandler } from "@hono/zod-openapi";
import * as boards from "../../../services/rounds";
import { type AppEnv, serviceContext } from "../../context";
import type * as r from "./boards.routes";

export const createBoardHandler: RouteHandler<typeof r.createBoard, AppEnv> = async (c) => {
  const { roundId } = c.req.valid("param");
  const board = await boards.createBoard(serviceContext(c), roundId, c.req.valid("json"));
  return c.json(board, 201, { location: `/v1/rounds/${roundId}/board` });
};

export const getBoardHandler: RouteHandler<typeof r.getBoard, AppEnv> = async (c) => {
  // ETag and 304 come from the conditionalGet middleware.
  return c.json(await boards.getBoard(serviceContext(c), c.req.valid("param").roundId), 200);
};
