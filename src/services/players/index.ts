// The public face of this group: other folders import only from here.

export {
  getPlayerHistory,
  loadPlayerHistoryScope,
  type PlayerHistoryDto,
  type PlayerHistoryScope,
  playerHistory,
} from "./history";
export {
  createPlayer,
  foldForSearch,
  getPlayer,
  type ListPlayersQuery,
  listPlayers,
  type PlayerDto,
  type PlayerInput,
  toPlayerDto,
  updatePlayer,
} from "./store";
