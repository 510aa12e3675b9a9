import { createRouter } from "../../router";
import {
  createPlayerHandler,
  getPlayerHandler,
  getPlayerHistoryHandler,
  listPlayersHandler,
  updatePlayerHandler,
} from "./players.handlers";
import { createPlayer, getPlayer, getPlayerHistory, listPlayers, updatePlayer } from "./players.routes";

export const playersRouter = createRouter()
  .openapi(createPlayer, createPlayerHandler)
  .openapi(listPlayers, listPlayersHandler)
  .openapi(getPlayer, getPlayerHandler)
  .openapi(getPlayerHistory, getPlayerHistoryHandler)
  .openapi(updatePlayer, updatePlayerHandler);
