// The public face of this group: other folders import only from here.

export {
  loadPlayerHistoryScope,
  playerHistory,
} from "./history";
export { mergePlayers } from "./merge";
export { gonePlayer, mergedInto, movedPlayer } from "./merged-ids";
export {
  createPlayer,
  foldForSearch,
  getPlayer,
  listPlayers,
  type PlayerDto,
  playerEtag,
  toPlayerDto,
  updatePlayer,
} from "./store";
