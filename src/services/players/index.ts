// The public face of this group: other folders import only from here.

export {
  loadPlayerHistoryScope,
  type PlayerHistoryDto,
  type PlayerHistoryScope,
  playerHistory,
} from "./history";
export { type MergeResultDto, mergePlayers } from "./merge";
export { gonePlayer, mergedInto, movedPlayer } from "./merged-ids";
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
