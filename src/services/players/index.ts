// The public face of this group: other folders import only from here.

export {
  loadPlayerHistoryScope,
  playerHistory,
} from "./history";
export { mergePlayers } from "./merge";
export { findPlayer, unknownPlayer } from "./merged-ids";
export {
  createPlayer,
  foldForSearch,
  getPlayer,
  listPlayers,
  playerEtag,
  updatePlayer,
} from "./store";
