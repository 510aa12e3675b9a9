import { createRouter } from "../../router";
import * as h from "./boards.handlers";
import * as r from "./boards.routes";

export const boardsRouter = createRouter()
  .openapi(r.createBoard, h.createBoardHandler)
  .openapi(r.getBoard, h.getBoardHandler);
