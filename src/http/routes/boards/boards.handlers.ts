import * as boards from "../../../services/rounds";
import { serviceContext } from "../../context";
import { createRouter } from "../../router";
import * as r from "./boards.routes";

export const boardsRouter = createRouter();

boardsRouter.openapi(r.createBoard, async (c) => {
  const { roundId } = c.req.valid("param");
  const board = await boards.createBoard(serviceContext(c), roundId, c.req.valid("json"));
  return c.json(board, 201, { location: `/v1/rounds/${roundId}/board` });
});

boardsRouter.openapi(r.getBoard, async (c) => {
  // ETag and 304 come from the conditionalGet middleware.
  return c.json(await boards.getBoard(serviceContext(c), c.req.valid("param").roundId), 200);
});
