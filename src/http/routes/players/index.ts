import { createRouter } from "../../router";
import {
  createPlayerHandler,
  getPlayerHandler,
  listPlayersHandler,
  updatePlayerHandler,
} from "./players.handlers";
import { createPlayer, getPlayer, listPlayers, updatePlayer } from "./players.routes";

export const playersRouter = createRouter()
  .openapi(createPlayer, createPlayerHandler)
  .openapi(listPlayers, listPlayersHandler)
  .openapi(getPlayer, getPlayerHandler)
  .openapi(updatePlayer, updatePlayerHandler);
