// The public face of this group: other folders import only from here.

export { createBoard } from "./boards";
export { createRounds, getRound, listSessionRounds } from "./rounds";
