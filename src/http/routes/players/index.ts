import { createRouter } from "../../router";
import {
  createPlayerHandler,
  getPlayerHandler,
  getPlayerHistoryHandler,
  listPlayersHandler,
  mergePlayerHandler,
  updatePlayerHandler,
} from "./players.handlers";
import {
  createPlayer,
  getPlayer,
  getPlayerHistory,
  listPlayers,
  mergePlayer,
  updatePlayer,
} from "./players.routes";

export const playersRouter = createRouter()
  .openapi(createPlayer, createPlayerHandler)
  .openapi(listPlayers, listPlayersHandler)
  .openapi(getPlayer, getPlayerHandler)
  .openapi(getPlayerHistory, getPlayerHistoryHandler)
  .openapi(updatePlayer, updatePlayerHandler)
  .openapi(mergePlayer, mergePlayerHandler);
