// The public face of this group: other folders import only from here.

export {
  getPlayerHistory,
  loadPlayerHistoryScope,
  type PlayerHistoryDto,
  type PlayerHistoryScope,
  playerHistory,
} from "./history";
export { gonePlayer, type MergeResultDto, mergedInto, mergePlayers, movedPlayer } from "./merge";
export {
  createPlayer,
  foldForSearch,
  getPlayer,
  type ListPlayersQuery,
  listPlayers,
  type PlayerDto,
  type PlayerInput,
  playerEtag,
  toPlayerDto,
  updatePlayer,
} from "./store";
