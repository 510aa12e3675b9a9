import {
  IdempotencyKeyHeader,
  jsonBody,
  jsonContent,
  NOT_MODIFIED,
  OPTIONAL_BEARER,
} from "../../openapi/common-schemas";
import { RoundParams } from "../../openapi/path-params";
import { routeDefinitions } from "../../openapi/route-definitions";
import { BoardSchema, CreateBoardSchema } from "./boards.schemas";

const route = routeDefinitions(["Boards"]);

export const createBoard = route.post("/v1/rounds/{roundId}/board", {
  operationId: "createBoard",
  summary: "Set the round's board",
  description:
    "All tables of a round play the same board (rule 2.0.1). `{}` or `{seed}`: a random legal board (no red numbers side by side, no harbours). " +
    "`{hexes: [...]}`: a built board, checked: an illegal board is a 422 with rule 2.0.1 and one error per problem (e.g. `hexes[4].number`). " +
    "Every round gets a new board (rule 2.0.1): a built board identical to one already used by another game of the same session (or by the other playoff round) is a 422 `board_already_used`; " +
    "a random board whose seed gives such a board is retried with the seeds `<seed>~1`, `<seed>~2`, … and the returned `seed` is the one that made it. " +
    "409 when the round already has a board. Roles: owner, organizer.",
  request: {
    params: RoundParams,
    headers: IdempotencyKeyHeader,
    body: jsonBody(CreateBoardSchema, "A seed for a random board, or the hexes of a built one."),
  },
  responses: { 201: jsonContent(BoardSchema, "The board.") },
});

export const getBoard = route.get("/v1/rounds/{roundId}/board", {
  operationId: "getBoard",
  summary: "Get the round's board",
  description:
    "The board every table of the round plays; 404 `board_not_found` until one is set. Public events need no token.",
  security: OPTIONAL_BEARER,
  request: { params: RoundParams },
  responses: { 200: jsonContent(BoardSchema, "The board."), 304: NOT_MODIFIED },
});
